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
        focusedTarget?.nearestIdentifier
    }

    /// Gives the focus to `target` (`nil`: to nothing), telling the old and the new holder; the
    /// `onInteraction` observers around the new one hear of it (controls stay up while used).
    ///
    /// When `target` goes away while it holds the focus, the focus goes back to `returning` (the
    /// button that opened a menu), or if that was rebuilt meanwhile, to the widget marked `name`.
    func focus(
        _ target: (any FocusTarget)?, returningTo returning: (any FocusTarget)? = nil,
        named name: String? = nil
    ) {
        gestures.focusReturn = returning
        gestures.focusReturnIdentifier = name ?? returning?.nearestIdentifier
        gestures.focusedName = target?.nearestIdentifier
        let current = gestures.focused
        guard current !== target else { return }
        gestures.focused = target
        current?.focusDidChange(false)
        target?.focusDidChange(true)
        updateHelp(focused: target)
        if let target { reveal(target) }
        let around = target?.ancestry.compactMap { $0 as? GestureNode } ?? []
        around.forEach { $0.notifyInteraction() }
        tellFocusObservers(around)
    }

    /// Tells the `onFocusChange` observers among `around` that the focus entered them, and those
    /// told so before that are not among them that it left.
    private func tellFocusObservers(_ around: [GestureNode]) {
        let observers = around.filter {
            if case .focusChange? = $0.handler { true } else { false }
        }
        let previous = gestures.focusObservers.compactMap(\.node)
        gestures.focusObservers = observers.map { WeakGestureNode(node: $0) }
        for node in previous where !observers.contains(where: { $0 === node }) {
            if case .focusChange(let action)? = node.handler { action(false) }
        }
        for node in observers where !previous.contains(where: { $0 === node }) {
            if case .focusChange(let action)? = node.handler { action(true) }
        }
    }

    /// Moves the focus to the next (or previous) node that can hold it, in the order they are
    /// drawn, wrapping around (inside an open menu, among its widgets); `false` when there is none.
    @discardableResult
    func moveFocus(forward: Bool) -> Bool {
        let targets = (tree.root.modalPopup ?? tree.root).focusTargets
        guard !targets.isEmpty else { return false }
        let current = focusedTarget.flatMap { focused in targets.firstIndex { $0 === focused } }
        let next =
            switch (current, forward) {
            case (nil, true): 0
            case (nil, false): targets.count - 1
            case (let index?, true): (index + 1) % targets.count
            case (let index?, false): (index + targets.count - 1) % targets.count
            }
        moveFocus(to: targets[next])
        return true
    }

    /// Gives the focus to `target` as Tab and the arrows do: where the focus returns to, when a
    /// menu that took it goes, stays as it was.
    func moveFocus(to target: any FocusTarget) {
        focus(target, returningTo: gestures.focusReturn, named: gestures.focusReturnIdentifier)
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
        if let requested, tree.usesKeyboard {
            // NB: the widget that had the focus may have gone in the same update (a panel hiding
            // the controls): its name stays.
            focus(
                requested, returningTo: focusedTarget ?? gestures.focusReturn,
                named: gestures.focusedName ?? gestures.focusReturnIdentifier)
            return true
        }
        // The holder is gone from the tree (and so released), or still there but disabled.
        if let focused = gestures.focused, focused.canTakeFocus { return false }
        let back =
            gestures.focusReturn.flatMap { $0.canTakeFocus && $0.acceptsFocus ? $0 : nil }
            ?? focusTarget(named: gestures.focusReturnIdentifier)
        guard back != nil || gestures.focused != nil else { return false }
        // NB: a disabled widget is still drawn: its ring must go.
        focus(back)
        return back != nil
    }

    /// The first node that can take the focus whose widget is marked `identifier`.
    private func focusTarget(named identifier: String?) -> (any FocusTarget)? {
        guard let identifier else { return nil }
        return tree.root.focusTargets.first { $0.nearestIdentifier == identifier }
    }
}

extension Node {
    /// The accessibility identifier of the nearest widget around the node that has one.
    var nearestIdentifier: String? {
        ancestry.lazy.compactMap { ($0 as? IdentifierNode)?.identifier }.first
    }
}
