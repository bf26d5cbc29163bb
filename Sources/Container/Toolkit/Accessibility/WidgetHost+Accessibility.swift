extension WidgetHost {
    /// The page as assistive technology sees it, in reading order (as of the last ``update()``):
    /// controls with their labels, values and actions, text, labelled pictures and groups.
    ///
    /// Roles are inferred where no trait says otherwise: a widget with `onTap` is a button, one with
    /// an `accessibilityAdjustableAction` a slider, `Text` static text, a `TextField` a text field;
    /// the text inside a control is its label unless it has an `accessibilityLabel`.
    public var accessibilityElements: [AccessibilityElement] {
        accessibilityRecords().map(\.element)
    }

    /// Does to the element with `id` what assistive technology asks: activates a button, steps a
    /// slider, focuses a control. `false` when the element is gone or cannot do it.
    @discardableResult
    public func performAccessibilityAction(
        _ action: AccessibilityActionKind, on id: AccessibilityElement.ID
    ) -> Bool {
        guard let record = accessibilityRecords().first(where: { $0.element.id == id }),
            record.element.isEnabled
        else { return false }
        switch action {
        case .activate:
            guard let activate = record.activate else { return false }
            activate()
        case .increment, .decrement:
            guard let adjust = record.adjust else { return false }
            adjust(action == .increment ? .increment : .decrement)
        case .focus:
            guard let target = record.focusTarget else { return false }
            gestures.usesKeyboard = true
            moveFocus(to: target)
        }
        return true
    }

    private func accessibilityRecords() -> [AccessibilityRecord] {
        var collector = AccessibilityCollector(focused: focusedTarget)
        collector.visit(tree.root)
        return collector.records
    }
}
