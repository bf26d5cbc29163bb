/// What a widget is to assistive technology, on top of what its content makes it: added with
/// ``Widget/accessibilityAddTraits(_:)`` and taken away with ``Widget/accessibilityRemoveTraits(_:)``.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Runs an action when activated (inferred from `onTap`).
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    /// Heads a part of the page.
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    /// The chosen one of a set (the speed in force, the track playing).
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    /// Opens another page or place.
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    /// A field whose text searches.
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    /// A picture (inferred from a labelled `Image`).
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    /// Text that cannot be changed (inferred from `Text`).
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 6)
    /// Switches between on and off.
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 7)
    /// A panel that keeps the rest of the page out of reach while it is up.
    public static let isModal = AccessibilityTraits(rawValue: 1 << 8)
    /// Its value changes on its own (a playing position), so readers do not announce each change.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
    /// Takes gestures and keys directly rather than through controls: the video surface.
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 10)
    /// Activating it starts sound or video, so a reader should stop speaking.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
}

/// The kind of element a reader announces, worked out from a widget's traits and content.
public enum AccessibilityRole: String, Hashable, Sendable, CaseIterable {
    /// Something that acts when activated.
    case button
    /// A button that is on or off; its value says which.
    case toggle
    /// Adjustable: has an ``Widget/accessibilityAdjustableAction(_:)`` (a seek bar, a volume slider).
    case slider
    /// Something that goes to other content when activated.
    case link
    /// Text that can be edited.
    case textField
    /// A text field that searches.
    case searchField
    /// A text field whose text is not shown or read out, such as a password.
    case secureTextField
    /// A title over the elements that follow.
    case heading
    /// A picture or an icon.
    case image
    /// Text that is only read.
    case staticText
    /// An area that takes gestures and keys directly (the video).
    case interactiveArea
    /// A labelled container of other elements.
    case group
    /// How far a task has got, or that it is under way: a `ProgressView`.
    case progressIndicator
    /// One row of an open menu or picker.
    case menuItem
    /// A button that shows the chosen one of several options and opens their list: a `Picker`.
    /// Its value is the option it shows.
    case popUpButton
}

/// What assistive technology can ask an element to do; see
/// ``WidgetHost/performAccessibilityAction(_:on:)``.
public enum AccessibilityActionKind: String, Hashable, Sendable, CaseIterable {
    /// What a click does: a button's action.
    case activate
    /// One step up (a slider) ...
    case increment
    /// ... or down.
    case decrement
    /// Gives the element the keyboard focus.
    case focus
}

/// Which way an adjustable element is moved.
public enum AccessibilityAdjustmentDirection: Hashable, Sendable {
    /// Up one step: a seek bar forwards, a volume slider louder.
    case increment
    /// Down one step: a seek bar backwards, a volume slider quieter.
    case decrement
}

/// A value as a number in a range: where a slider stands, for a bridge that shows it as a
/// position.
public struct AccessibilityNumericValue: Hashable, Sendable {
    /// Where the value stands.
    public var current: Double
    /// The lowest and highest values it can take.
    public var range: ClosedRange<Double>
    /// How far one increment or decrement moves it, when it moves in steps.
    public var step: Double?

    /// A value `current` in `range`, moving by `step` when it moves in steps.
    public init(_ current: Double, in range: ClosedRange<Double>, step: Double? = nil) {
        self.current = current
        self.range = range
        self.step = step
    }

    /// `fraction` (1 is whole) as a share is written and said: "25 %".
    public static func percentText(_ fraction: Double) -> String {
        "\(Int((fraction * 100).rounded())) %"
    }
}

/// One element of the page as assistive technology sees it: what ``WidgetHost/accessibilityElements``
/// returns, for tests and for a bridge to the desktop's screen reader.
public struct AccessibilityElement: Hashable, Sendable, Identifiable {
    /// Stays the same for as long as the widget stays in the tree.
    public let id: Int
    /// What kind of element it is, which decides how a reader announces it.
    public var role: AccessibilityRole
    /// What the element is called: its `accessibilityLabel`, or the text inside it.
    public var label: String
    /// Its current value (a slider's position, a field's text), if it has one.
    public var value: String?
    /// The value as a number in its range, when the widget gave one.
    public var numericValue: AccessibilityNumericValue?
    /// What activating it does, when the label does not say.
    public var hint: String?
    /// Its traits, as the widget declared them.
    public var traits: AccessibilityTraits
    /// Its `accessibilityIdentifier`, if it (or the widget it wraps) has one.
    public var identifier: String?
    /// Where it lies, in host points.
    public var frame: Rect
    /// What assistive technology can ask it to do.
    public var actions: [AccessibilityActionKind]
    /// Whether it can take the keyboard focus.
    public var isFocusable: Bool
    /// Whether it has the keyboard focus.
    public var isFocused: Bool
    /// `false` inside `disabled(true)`.
    public var isEnabled: Bool
}
