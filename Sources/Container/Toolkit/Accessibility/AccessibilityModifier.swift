struct AccessibilityModifier: NodeModifier {
    enum Change {
        case label(String)
        case value(String, AccessibilityNumericValue?)
        case hint(String)
        case addTraits(AccessibilityTraits)
        case removeTraits(AccessibilityTraits)
        case hidden(Bool)
        case action(@MainActor () -> Void)
        case adjustableAction(@MainActor (AccessibilityAdjustmentDirection) -> Void)
        case setValueAction(@MainActor (Double) -> Void)
        case role(AccessibilityRole)
    }

    let change: Change

    func makeNode() -> ModifierNode { AccessibilityNode() }
}

/// Holds one accessibility property of its widget; ``WidgetHost/accessibilityElements`` gathers
/// them.
@MainActor
final class AccessibilityNode: ModifierNode {
    private(set) var change: AccessibilityModifier.Change?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        change = (modifier as? AccessibilityModifier)?.change
    }

    override var hidesFromAccessibility: Bool {
        if case .hidden(true)? = change { true } else { false }
    }
}

extension Widget {
    /// What the toolkit's own controls say they are, where no trait says it.
    func accessibilityRole(_ role: AccessibilityRole) -> some Widget {
        modifier(AccessibilityModifier(change: .role(role)))
    }

    /// What a screen reader calls the widget, in place of the text inside it (an icon button's
    /// "Play").
    public func accessibilityLabel(_ label: String) -> some Widget {
        modifier(AccessibilityModifier(change: .label(label)))
    }

    /// The widget's current value as read out: "1:05 of 10:00", "80 %".
    public func accessibilityValue(_ value: String) -> some Widget {
        modifier(AccessibilityModifier(change: .value(value, nil)))
    }

    /// The widget's value as read out, and as the number `current` in `range`: where a slider
    /// stands ("1:05 of 10:00", 65 in 0...600); `step` is how far one adjustment moves it.
    public func accessibilityValue(
        _ value: String, current: Double, in range: ClosedRange<Double>, step: Double? = nil
    ) -> some Widget {
        modifier(
            AccessibilityModifier(
                change: .value(value, AccessibilityNumericValue(current, in: range, step: step))))
    }

    /// Sets the widget's value to a number when assistive technology asks for one (a screen
    /// reader's slider value, typed or dictated), in the range its ``accessibilityValue(_:current:in:step:)``
    /// gives. Without it, such a request steps the widget's adjustable action toward the number.
    public func accessibilitySetValueAction(_ action: @escaping @MainActor (Double) -> Void) -> some Widget {
        modifier(AccessibilityModifier(change: .setValueAction(action)))
    }

    /// What activating the widget does, when its label does not say ("Opens the settings").
    public func accessibilityHint(_ hint: String) -> some Widget {
        modifier(AccessibilityModifier(change: .hint(hint)))
    }

    /// Adds to what the widget is said to be (`.isHeader`, `.isSelected`, ...).
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some Widget {
        modifier(AccessibilityModifier(change: .addTraits(traits)))
    }

    /// Takes away traits the widget's content gives it (a tappable row that is not a button).
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some Widget {
        modifier(AccessibilityModifier(change: .removeTraits(traits)))
    }

    /// When `true`, the widget and everything inside it are left out of the accessibility
    /// elements (a decorative picture, a preview that repeats a label).
    public func accessibilityHidden(_ hidden: Bool) -> some Widget {
        modifier(AccessibilityModifier(change: .hidden(hidden)))
    }

    /// What activating the widget from assistive technology does, where that is not its `onTap`.
    public func accessibilityAction(perform action: @escaping @MainActor () -> Void) -> some Widget {
        modifier(AccessibilityModifier(change: .action(action)))
    }

    /// Makes the widget adjustable (a slider to a screen reader): `handler` moves its value one
    /// step up or down.
    public func accessibilityAdjustableAction(
        _ handler: @escaping @MainActor (AccessibilityAdjustmentDirection) -> Void
    ) -> some Widget {
        modifier(AccessibilityModifier(change: .adjustableAction(handler)))
    }
}
