/// One input event for a ``WidgetHost``, in host coordinates (points, origin top left).
public enum InputEvent: Hashable, Sendable {
    /// A pointer button went down.
    case pointerDown(Point, button: PointerButton = .left)
    /// A pointer button went up.
    case pointerUp(Point, button: PointerButton = .left)
    /// The pointer moved (with or without a button held).
    case pointerMoved(Point)
    /// The pointer left the host's area.
    case pointerExited
    /// A wheel or touchpad scroll; positive `dy` scrolls down.
    case scroll(dx: Double, dy: Double, location: Point, modifiers: KeyModifiers = [])
    /// A key went down (repeats arrive as further key downs).
    case keyDown(Key, modifiers: KeyModifiers = [])
    /// A key went up.
    case keyUp(Key, modifiers: KeyModifiers = [])
    /// Text typed by the user, after keyboard layout and input method.
    case textInput(String)
    /// The text an input method is composing, not yet typed (empty when the composition ends).
    case textEditing(String)
}

/// A pointer (mouse) button.
public enum PointerButton: Hashable, Sendable {
    case left, middle, right
}

/// A key, by the name SDL gives it (`SDL_GetKeyName`): "Space", "Left", "F", "Escape".
public struct Key: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    public static let space = Key(rawValue: "Space")
    public static let escape = Key(rawValue: "Escape")
    public static let enter = Key(rawValue: "Return")
    public static let leftArrow = Key(rawValue: "Left")
    public static let rightArrow = Key(rawValue: "Right")
    public static let upArrow = Key(rawValue: "Up")
    public static let downArrow = Key(rawValue: "Down")
    public static let tab = Key(rawValue: "Tab")
    public static let pageUp = Key(rawValue: "PageUp")
    public static let pageDown = Key(rawValue: "PageDown")
    public static let home = Key(rawValue: "Home")
    public static let end = Key(rawValue: "End")
}

/// Modifier keys held during an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let control = KeyModifiers(rawValue: 2)
    public static let option = KeyModifiers(rawValue: 4)
    public static let command = KeyModifiers(rawValue: 8)
}
