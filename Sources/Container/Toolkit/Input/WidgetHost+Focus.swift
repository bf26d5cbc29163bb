extension WidgetHost {
    /// Whether a focused text field wants typed text: the window then runs the input method.
    public var wantsTextInput: Bool { focusedTarget?.wantsTextInput ?? false }

    /// Where the focused text field's caret is (points), for the input method's candidate window.
    public var textInputRect: Rect? { (focusedTarget as? TextFieldNode)?.caretRect }

    /// The focused node, while it is still in the tree and takes input (the next update lets go
    /// of one that went, see ``settleFocus()``).
    var focusedTarget: (any FocusTarget)? {
        gestures.focused.flatMap { $0.canTakeFocus ? $0 : nil }
    }

    /// The accessibility identifier of the focused widget (the nearest around the focused node).
    public var focusedIdentifier: String? {
        focusedTarget?.ancestry.lazy.compactMap { ($0 as? IdentifierNode)?.identifier }.first
    }

    /// Gives the focus to `target` (`nil`: to nothing), telling the old and the new holder; the
    /// `onInteraction` observers around the new one hear of it (controls stay up while used).
    ///
    /// When `target` goes away while it holds the focus, the focus goes back to `returning` (the
    /// button that opened a menu).
    func focus(_ target: (any FocusTarget)?, returningTo returning: (any FocusTarget)? = nil) {
        gestures.focusReturn = returning
        let current = gestures.focused
        guard current !== target else { return }
        gestures.focused = target
        current?.focusDidChange(false)
        target?.focusDidChange(true)
        if let target { reveal(target) }
        for case let gesture as GestureNode in target?.ancestry.map({ $0 }) ?? [] {
            gesture.notifyInteraction()
        }
    }

    /// Moves the focus to the next (or previous) node that can hold it, in the order they are
    /// drawn, wrapping around; `false` when there is none.
    @discardableResult
    func moveFocus(forward: Bool) -> Bool {
        let targets = tree.root.descendants(entering: \.acceptsInput) { node in
            (node as? any FocusTarget).flatMap { $0.acceptsFocus ? $0 : nil }
        }
        guard !targets.isEmpty else { return false }
        let current = focusedTarget.flatMap { focused in targets.firstIndex { $0 === focused } }
        let next =
            switch (current, forward) {
            case (nil, true): 0
            case (nil, false): targets.count - 1
            case (let index?, true): (index + 1) % targets.count
            case (let index?, false): (index + targets.count - 1) % targets.count
            }
        focus(targets[next], returningTo: gestures.focusReturn)
        return true
    }

    /// Scrolls the scroll views around `node`, innermost first, until it shows whole.
    private func reveal(_ node: Node) {
        var box = node.frame
        for scrollView in node.ancestry.dropFirst().compactMap({ $0 as? ScrollNode }) {
            let moved = scrollView.reveal(box)
            box = box.offsetBy(Point(x: -moved.x, y: -moved.y))
        }
    }

    /// After a layout: gives the focus to a widget that appeared asking for it while the keyboard
    /// is in use, or back to where it was when the holder went away.
    ///
    /// - Returns: Whether the focus moved (a scroll view may have moved to show it).
    func settleFocus() -> Bool {
        let requested = tree.takeFocusRequests().first { $0.canTakeFocus && $0.acceptsFocus }
        if let requested, gestures.usesKeyboard {
            focus(requested, returningTo: focusedTarget ?? gestures.focusReturn)
            return true
        }
        // The holder is gone from the tree (and so released), or still there but disabled.
        if let focused = gestures.focused, focused.canTakeFocus { return false }
        let back = gestures.focusReturn.flatMap { $0.canTakeFocus && $0.acceptsFocus ? $0 : nil }
        guard back != nil || gestures.focused != nil else { return false }
        // NB: a disabled widget is still drawn: its ring must go.
        focus(back)
        return back != nil
    }
}
