/// Which half of the video a gesture happened in, or either.
public enum GestureSide: Hashable, Sendable {
    /// The left half.
    case left
    /// The right half.
    case right
    /// Anywhere: matches both halves when observing.
    case all

    /// Whether an observer of this side wants a gesture made on `side`.
    func matches(_ side: GestureSide) -> Bool {
        self == .all || self == side
    }
}

/// The axis of a drag, decided by the first movement past the threshold.
public enum DragDirection: Hashable, Sendable {
    /// Mostly sideways (seeking).
    case horizontal
    /// Mostly up or down, started in the given half (brightness on the left, volume on the right).
    case vertical(GestureSide)
}

/// A gesture over the video that ``GestureService`` recognises: what `observe(_:)` asks for and what
/// a ``GestureEvent`` reports (events carry the actual side, `.left` or `.right`).
public enum GestureKind: Hashable, Sendable {
    /// One click; when a double tap is observed on that side, it waits to be sure none follows.
    case tap
    /// Two clicks within the double-tap interval.
    case doubleTap(GestureSide)
    /// A press held without moving.
    case longPress
    /// A press that moved past the threshold.
    case drag(DragDirection)
    /// A zoom: control + wheel (touch pinches later).
    case pinch
    /// The pointer moving over the video with no button held.
    case hover
    /// A wheel or touchpad scroll (without control).
    case scroll
    /// A key press, whatever the pointer.
    case key

    /// Whether an observer of `self` wants the recognised gesture `event`.
    func matches(_ event: GestureKind) -> Bool {
        switch (self, event) {
        case (.doubleTap(let wanted), .doubleTap(let side)): wanted.matches(side)
        case (.drag(.vertical(let wanted)), .drag(.vertical(let side))): wanted.matches(side)
        default: self == event
        }
    }
}

/// The stage of a gesture that lasts, the same stages as a widget's drag; taps and double taps are
/// reported once, as `.ended`.
public typealias GesturePhase = DragPhase

/// One report of a recognised gesture, in the gesture overlay's coordinates (the video area).
public struct GestureEvent: Hashable, Sendable {
    /// What was recognised, with the actual side (`.doubleTap(.left)`, `.drag(.vertical(.right))`).
    public var kind: GestureKind
    /// The stage of the gesture.
    public var phase: GesturePhase
    /// Where the pointer is.
    public var location: Point
    /// Where the gesture started.
    public var startLocation: Point
    /// The half of the video where the gesture started.
    public var side: GestureSide
    /// The size of the video area, to turn distances into fractions.
    public var size: Size
    /// Drags: how far the pointer moved since the start.
    public var translation: Point { location - startLocation }
    /// Drags: the pointer's speed in points per second, on the injected clock.
    public var velocity = Point.zero
    /// Pinches: the zoom since the pinch began (1 = unchanged, above 1 = zoom in).
    public var scale = 1.0
    /// Scrolls: the wheel distance of this event (positive: right, down).
    public var scrollDelta = Point.zero
    /// Keys: the key pressed.
    public var key: KeyPress?
}
