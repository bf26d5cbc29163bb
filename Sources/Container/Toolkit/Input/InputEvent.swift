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
    /// The primary button.
    case left
    /// The middle button, or a press of the wheel.
    case middle
    /// The secondary button, which opens context menus.
    case right
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

    /// The space bar.
    public static let space = Key(rawValue: "Space")
    /// The Escape key.
    public static let escape = Key(rawValue: "Escape")
    /// The Return (Enter) key.
    public static let enter = Key(rawValue: "Return")
    /// The left arrow key.
    public static let leftArrow = Key(rawValue: "Left")
    /// The right arrow key.
    public static let rightArrow = Key(rawValue: "Right")
    /// The up arrow key.
    public static let upArrow = Key(rawValue: "Up")
    /// The down arrow key.
    public static let downArrow = Key(rawValue: "Down")
    /// The Tab key.
    public static let tab = Key(rawValue: "Tab")
    /// The Page Up key.
    public static let pageUp = Key(rawValue: "PageUp")
    /// The Page Down key.
    public static let pageDown = Key(rawValue: "PageDown")
    /// The Home key.
    public static let home = Key(rawValue: "Home")
    /// The End key.
    public static let end = Key(rawValue: "End")
    /// The keyboard's play/pause media key (SDL's AudioPlay).
    public static let mediaPlayPause = Key(rawValue: "AudioPlay")
    /// The stop media key.
    public static let mediaStop = Key(rawValue: "AudioStop")
    /// The next-track media key.
    public static let mediaNext = Key(rawValue: "AudioNext")
    /// The previous-track media key.
    public static let mediaPrevious = Key(rawValue: "AudioPrev")
    /// The mute media key.
    public static let mediaMute = Key(rawValue: "AudioMute")
    /// The rewind media key.
    public static let mediaRewind = Key(rawValue: "AudioRewind")
    /// The fast-forward media key.
    public static let mediaFastForward = Key(rawValue: "AudioFastForward")
}

/// Modifier keys held during an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// A Shift key.
    public static let shift = KeyModifiers(rawValue: 1)
    /// A Control (Ctrl) key.
    public static let control = KeyModifiers(rawValue: 2)
    /// An Alt key.
    public static let option = KeyModifiers(rawValue: 4)
    /// A Super (Windows or logo) key, which macOS calls Command.
    public static let command = KeyModifiers(rawValue: 8)
}
