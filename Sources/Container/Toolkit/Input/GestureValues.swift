/// The stage of a drag.
public enum DragPhase: Hashable, Sendable {
    /// The pointer moved past the threshold; the drag starts.
    case began
    /// The pointer moved during the drag.
    case changed
    /// The button went up.
    case ended
}

/// The state of a drag, in the coordinates of the widget that has the `onDrag`.
public struct DragValue: Hashable, Sendable {
    /// The stage of the drag.
    public let phase: DragPhase
    /// Where the pointer is now.
    public let location: Point
    /// Where the button went down.
    public let startLocation: Point
    /// The size of the dragged widget, to turn a location into a fraction (a seek bar).
    public let size: Size

    /// How far the pointer moved since the button went down.
    public var translation: Point { location - startLocation }
}

/// A scroll over a widget with `onScroll`.
public struct ScrollValue: Hashable, Sendable {
    /// Horizontal distance; positive scrolls right.
    public let dx: Double
    /// Vertical distance; positive scrolls down.
    public let dy: Double
    /// Where the pointer is, in the widget's coordinates.
    public let location: Point
    /// Keys held during the scroll.
    public let modifiers: KeyModifiers
    /// The size of the widget under the pointer, to tell its halves apart.
    public var size = Size.zero
}

/// A key press offered to `onKeyPress` handlers.
public struct KeyPress: Hashable, Sendable {
    /// The key.
    public let key: Key
    /// Modifier keys held.
    public let modifiers: KeyModifiers
}

/// The stage of a raw pointer event delivered to `onPointer`.
public enum PointerPhase: Hashable, Sendable {
    /// The button went down over the widget.
    case down
    /// The pointer moved with the button held (the press started over the widget).
    case moved
    /// The button went up (anywhere: the widget keeps the press until the release).
    case up
    /// The pointer moved over the widget with no button held.
    case hovered
    /// The pointer left the widget with no button held.
    case exited
}

/// A raw pointer event, in the coordinates of the widget that has the `onPointer`.
public struct PointerValue: Hashable, Sendable {
    /// What happened.
    public let phase: PointerPhase
    /// Where the pointer is.
    public let location: Point
    /// The size of the widget, to tell its halves apart.
    public let size: Size
}
