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
        guard let record = record(id), record.element.isEnabled
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
            tree.usesKeyboard = true
            moveFocus(to: target)
        }
        return true
    }

    /// Sets the numeric value of the element with `id` to `value` (held to its range), as a screen
    /// reader's slider does: through its ``Widget/accessibilitySetValueAction(_:)``, or else by
    /// stepping its adjustable action toward `value` until it gets there or would pass it
    /// (updating the page after each step). `false` when the element is gone, has no numeric
    /// value, or can be neither set nor adjusted.
    @discardableResult
    public func setAccessibilityValue(_ value: Double, on id: AccessibilityElement.ID) -> Bool {
        guard value.isFinite, let record = record(id), record.element.isEnabled,
            let numeric = record.element.numericValue
        else { return false }
        let target = min(max(value, numeric.range.lowerBound), numeric.range.upperBound)
        if let setValue = record.setValue {
            setValue(target)
            return true
        }
        guard let adjust = record.adjust else { return false }
        var current = numeric.current
        let step = numeric.step ?? 0
        // NB: bounded, for a widget whose steps never reach the target.
        for _ in 0..<Self.maximumAccessibilitySteps where current != target {
            let direction: AccessibilityAdjustmentDirection = target > current ? .increment : .decrement
            // A step that would carry it further from the target than it stands stays untaken.
            if step > 0 && abs(target - current) < step / 2 { break }
            adjust(direction)
            update()
            guard let moved = self.record(id)?.element.numericValue?.current, moved != current else { break }
            let passed = direction == .increment ? moved >= target : moved <= target
            current = moved
            if passed { break }
        }
        return true
    }

    /// How many steps ``setAccessibilityValue(_:on:)`` takes at most.
    static let maximumAccessibilitySteps = 1000

    private func record(_ id: AccessibilityElement.ID) -> AccessibilityRecord? {
        accessibilityRecords().first { $0.element.id == id }
    }

    private func accessibilityRecords() -> [AccessibilityRecord] {
        var collector = AccessibilityCollector(focused: focusedTarget)
        collector.visit(tree.root)
        return collector.records
    }
}
