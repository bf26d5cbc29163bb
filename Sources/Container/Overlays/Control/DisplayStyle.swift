/// When the control overlay shows: `context.control.configure(displayStyle: .auto(firstAppear: true, duration: 5))`.
public enum DisplayStyle: Hashable, Sendable {
    /// Always shown; `dismiss()` and taps do not hide it.
    case always
    /// Never shown; `present()` does nothing.
    case never
    /// A tap on empty space toggles it; it hides `duration` seconds after it appeared or was last
    /// used. `firstAppear` shows it when the style is set.
    case auto(firstAppear: Bool, duration: Double)
    /// Shown and hidden only by `present()` and `dismiss()`.
    case manual(firstAppear: Bool)
    /// Your own combination of the rules.
    case custom(ControlDisplayPolicy)

    /// The rules the style stands for.
    public var policy: ControlDisplayPolicy {
        switch self {
        case .always: ControlDisplayPolicy(firstAppear: true, canDismiss: false)
        case .never: ControlDisplayPolicy(firstAppear: false, canPresent: false)
        case .auto(let firstAppear, let duration):
            ControlDisplayPolicy(firstAppear: firstAppear, hidesAfter: duration, togglesOnTap: true)
        case .manual(let firstAppear): ControlDisplayPolicy(firstAppear: firstAppear)
        case .custom(let policy): policy
        }
    }
}

/// The rules behind a ``DisplayStyle``.
public struct ControlDisplayPolicy: Hashable, Sendable {
    /// Whether the overlay shows as soon as the style is set.
    public var firstAppear: Bool
    /// Seconds after which a shown overlay hides itself, restarted by any interaction; `nil` never.
    public var hidesAfter: Double?
    /// Whether a tap on empty space (one that reaches the video) toggles the overlay.
    public var togglesOnTap: Bool
    /// Whether `present()` may show the overlay.
    public var canPresent: Bool
    /// Whether `dismiss()` may hide the overlay.
    public var canDismiss: Bool

    /// A policy; by default shown at first, never hidden by itself, not toggled by taps.
    public init(
        firstAppear: Bool = true, hidesAfter: Double? = nil, togglesOnTap: Bool = false,
        canPresent: Bool = true, canDismiss: Bool = true
    ) {
        self.firstAppear = firstAppear
        self.hidesAfter = hidesAfter
        self.togglesOnTap = togglesOnTap
        self.canPresent = canPresent
        self.canDismiss = canDismiss
    }
}
