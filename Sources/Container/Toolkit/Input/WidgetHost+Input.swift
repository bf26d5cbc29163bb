import Logging
extension WidgetHost {
    /// Routes one input event to the widgets under the pointer (or, for keys, to `onKeyPress` handlers).
    ///
    /// Hit-testing picks the topmost widget that draws something at the point (or has `contentShape`);
    /// hidden and disabled widgets are skipped. Handlers run synchronously; their state changes show
    /// at the next ``update()``.
    ///
    /// - Returns: Whether some widget handled the event.
    @discardableResult
    public func handle(_ event: InputEvent) -> Bool {
        Logger.input.trace("\(event)")
        switch event {
        case .pointerDown(let point, .left): return pointerDown(at: point)
        case .pointerUp(let point, .left): return pointerUp(at: point)
        case .pointerDown, .pointerUp: return false
        case .pointerMoved(let point): return pointerMoved(to: point)
        case .pointerExited:
            gestures.pointerLocation = nil
            updateHover(chain: [])
            updateHelp(chain: [])
            return hoverPointer(chain: [], at: .zero)
        case .scroll(let dx, let dy, let location, let modifiers):
            return scroll(ScrollValue(dx: dx, dy: dy, location: location, modifiers: modifiers))
        case .keyDown(let key, let modifiers): return keyDown(KeyPress(key: key, modifiers: modifiers))
        case .keyUp: return false
        case .textInput(let text):
            guard let target = focusedTarget else { return false }
            target.insertText(text)
            return true
        case .textEditing(let text):
            guard let target = focusedTarget else { return false }
            target.setComposition(text)
            return true
        }
    }

    /// The frame (points) of the widget marked with `accessibilityIdentifier(identifier)`.
    public func frame(ofIdentifier identifier: String) -> Rect? {
        tree.root.firstDescendant { node in
            (node as? IdentifierNode).flatMap { $0.identifier == identifier ? $0.frame : nil }
        }
    }

    /// The hit node under `point` and its ancestors; nothing outside an open menu (see
    /// ``Widget/popover(isPresented:arrowEdge:content:)``).
    func chain(at point: Point) -> [Node] {
        if let popup = tree.root.modalPopup, !popup.frame.contains(point) { return [] }
        return tree.root.hitTest(point).map { Array($0.ancestry) } ?? []
    }

    /// Whether a press at `point` would reach a widget that takes presses: a tap, a drag, a
    /// scroll view, a text field.
    func hasControl(at point: Point) -> Bool {
        chain(at: point).contains { node in
            if node is ScrollNode || node is TextFieldNode { return true }
            guard let handler = (node as? GestureNode)?.handler else { return false }
            switch handler {
            case .tap, .doubleTap, .drag, .pointer: return true
            case .hover, .scroll, .keyPress, .interaction, .focusChange: return false
            }
        }
    }

    private func pointerDown(at point: Point) -> Bool {
        tree.usesKeyboard = false
        hideTooltips()
        // A click outside an open menu closes it, and does nothing else.
        if let popup = tree.root.modalPopup, !popup.frame.contains(point) {
            tree.root.dismiss(popup, notify: true)
            return true
        }
        let chain = chain(at: point)
        let interactions = chain.interactionNodes
        interactions.forEach { $0.notifyInteraction() }
        focus(
            chain.lazy.compactMap { $0 as? any FocusTarget }.first { $0.acceptsFocus && $0.takesFocusOnClick }
        )
        let thresholds = context.dependency(\.gestureThresholds)
        if let field = chain.first as? TextFieldNode {
            gestures.press = GestureState.Press(taps: nil, interactionNodes: interactions, textField: field)
            field.pointerDown(at: point, time: clock.now, doubleClickInterval: thresholds.doubleTapInterval)
            return true
        }
        if let pointer = chain.capturingPointerNode {
            gestures.press = GestureState.Press(
                taps: nil, pointerNode: pointer, interactionNodes: interactions)
            pointer.sendPointer(.down, at: point)
            return true
        }
        let candidates = chain.filter { node in
            node is ScrollNode || (node as? GestureNode)?.handler?.isDrag == true
        }
        var taps = GestureState.TapHandlers(chain: chain)
        // A press on gliding content stops it, and is not a tap on what glides under it.
        var stoppedContent = false
        for case let scrollView as ScrollNode in chain where scrollView.stopMotion() { stoppedContent = true }
        if stoppedContent { taps = nil }
        gestures.press = GestureState.Press(
            taps: taps, dragCandidates: candidates, interactionNodes: interactions)
        gestures.recognizer.thresholds = thresholds
        perform(gestures.recognizer.pointerDown(at: point, time: clock.now, drag: !candidates.isEmpty))
        return taps != nil || !candidates.isEmpty || !interactions.isEmpty || stoppedContent
    }

    private func pointerMoved(to point: Point) -> Bool {
        gestures.pointerLocation = point
        let chain = chain(at: point)
        updateHover(chain: chain)
        updateHelp(chain: chain)
        guard let press = gestures.press else { return hoverPointer(chain: chain, at: point) }
        press.interactionNodes.forEach { $0.notifyInteraction() }
        if let pointer = press.pointerNode {
            pointer.sendPointer(.moved, at: point)
            return true
        }
        if let field = press.textField {
            field.pointerDragged(to: point)
            return true
        }
        perform(gestures.recognizer.pointerMoved(to: point, time: clock.now))
        return !press.dragCandidates.isEmpty || !press.interactionNodes.isEmpty
    }

    /// Acts on what the recognizer recognised: a drag goes to its widget or scroll view, a tap or a
    /// double tap to its widget; then the recognizer's next deadline is followed.
    private func perform(_ recognized: [PointerRecognizer<GestureState.TapHandlers>.Recognized]) {
        for item in recognized {
            switch item {
            case .tap(let taps): taps.tap?()
            case .doubleTap(let first): first.doubleTap?()
            case .drag(.began, let state):
                guard var press = gestures.press else { continue }
                beginDrag(&press, state)
                gestures.press = press
            case .drag(_, let state):
                if let scrollView = gestures.press?.scrollNode {
                    scrollView.moveDrag(to: state.location, at: state.time)
                } else if let node = gestures.press?.dragNode, case .drag(let action)? = node.handler {
                    action(dragValue(.changed, state, node: node))
                }
            case .longPress, .released: break
            }
        }
        gestures.recognizerTimer.follow(gestures.recognizer.deadline, on: clock) { [weak self] in
            guard let self else { return }
            self.perform(self.gestures.recognizer.advance(to: self.clock.now))
        }
    }

    /// Gives the drag to the innermost `onDrag` widget, or scroll view that can move that way; a
    /// drag over a scroll view is never also a tap.
    private func beginDrag(
        _ press: inout GestureState.Press, _ state: PointerRecognizer<GestureState.TapHandlers>.Press
    ) {
        if press.dragCandidates.contains(where: { $0 is ScrollNode }) { press.taps = nil }
        let owner = press.dragCandidates.first { node in
            (node as? ScrollNode)?.canScroll(following: state.translation) ?? true
        }
        if let scrollView = owner as? ScrollNode {
            press.scrollNode = scrollView
            scrollView.beginDrag(from: state.start, at: state.startTime)
            scrollView.moveDrag(to: state.location, at: state.time)
        } else if let node = owner as? GestureNode, case .drag(let action)? = node.handler {
            press.dragNode = node
            action(dragValue(.began, state, node: node))
        }
    }

    private func pointerUp(at point: Point) -> Bool {
        guard let press = gestures.press else { return false }
        gestures.press = nil
        press.interactionNodes.forEach { $0.notifyInteraction() }
        if let pointer = press.pointerNode {
            pointer.sendPointer(.up, at: point)
            return true
        }
        guard press.textField == nil else { return false }
        var handled = false
        var others: [PointerRecognizer<GestureState.TapHandlers>.Recognized] = []
        for item in gestures.recognizer.pointerUp(at: point, time: clock.now) {
            switch item {
            case .drag(.ended, let state) where press.scrollNode != nil:
                press.scrollNode?.endDrag(at: point, time: state.time)
                handled = true
            case .drag(.ended, let state) where press.dragNode != nil:
                if let node = press.dragNode, case .drag(let action)? = node.handler {
                    action(dragValue(.ended, state, node: node))
                }
                handled = true
            case .drag(.ended, _), .released:
                // A drag nothing took is still a click on the widget it ends on.
                handled = releaseTap(press.taps, at: point)
            default: others.append(item)
            }
        }
        perform(others)
        return handled
    }

    /// A click released inside the widget it began on. A widget with only `onTap` fires now; one
    /// with `onDoubleTap` waits for a second click, and fires its `onTap` only when none came within
    /// the double-tap interval.
    private func releaseTap(_ taps: GestureState.TapHandlers?, at point: Point) -> Bool {
        guard let taps, let anchor = taps.anchor, anchor.frame.contains(point) else { return false }
        let waits = taps.doubleTap != nil
        perform(
            gestures.recognizer.tap(taps, at: clock.now, waitsForSecond: waits) { waiting in
                waits && waiting.anchor === anchor
            })
        return true
    }

    private func dragValue(
        _ phase: DragPhase, _ state: PointerRecognizer<GestureState.TapHandlers>.Press, node: Node
    ) -> DragValue {
        DragValue(
            phase: phase, location: node.localPoint(state.location),
            startLocation: node.localPoint(state.start),
            size: node.frame.size)
    }

    private func updateHover(chain: [Node]) {
        var inside: [ObjectIdentifier: GestureNode] = [:]
        for case let node as GestureNode in chain {
            if case .hover? = node.handler { inside[ObjectIdentifier(node)] = node }
        }
        let left = gestures.hovered.filter { inside[$0.key] == nil }.values
        let entered = inside.filter { gestures.hovered[$0.key] == nil }.values
        gestures.hovered = inside
        for node in left { if case .hover(let action)? = node.handler { action(false) } }
        for node in entered { if case .hover(let action)? = node.handler { action(true) } }
    }

    /// Scroll views under the pointer scroll, the innermost first, each handing what it could not
    /// take to the next; an `onScroll` widget gets the scroll if it lies inside all of them (and
    /// passes it on if it declines).
    /// Control + wheel (a pinch) passes scroll views by.
    private func scroll(_ value: ScrollValue) -> Bool {
        hideTooltips()
        let chain = chain(at: value.location)
        // The page under an open menu does not scroll.
        if chain.isEmpty, tree.root.modalPopup != nil { return true }
        chain.interactionNodes.forEach { $0.notifyInteraction() }
        var steps = Point(x: value.dx, y: value.dy)
        var insideScrollView = false
        for node in chain {
            if let scrollView = node as? ScrollNode, !value.modifiers.contains(.control) {
                insideScrollView = true
                steps = scrollView.scroll(byWheel: steps, modifiers: value.modifiers)
                if steps == .zero { return true }
                continue
            }
            guard !insideScrollView, let gesture = node as? GestureNode,
                case .scroll(let action)? = gesture.handler
            else { continue }
            let local = ScrollValue(
                dx: value.dx, dy: value.dy, location: gesture.localPoint(value.location),
                modifiers: value.modifiers, size: gesture.frame.size)
            if action(local) { return true }
        }
        return insideScrollView
    }

    /// Offers the key to the focused widget first; Tab and shift+Tab then move the focus, Escape
    /// takes it away, arrows move it along stacks and navigation keys scroll the view around it;
    /// other keys go to `onKeyPress` handlers, topmost (last drawn) first, until one takes it. With
    /// nothing focused, navigation keys no handler took scroll the page.
    ///
    /// While a menu is open, keys go to it alone: Escape closes it, and Up and Down reach its
    /// first or last widget when none of them has the focus.
    private func keyDown(_ press: KeyPress) -> Bool {
        tree.usesKeyboard = true
        hideTooltips()
        let focused = focusedTarget
        if let focused, focused.handleFocusedKey(press) { return true }
        if press.key == .tab, moveFocus(forward: !press.modifiers.contains(.shift)) { return true }
        if let popup = tree.root.modalPopup {
            return keyDown(press, inMenu: popup, focused: focused)
        }
        if press.key == .escape, let focused {
            // A panel around the focus closes first; then the focus goes.
            if offerKey(press, along: focused) { return true }
            focus(nil)
            return true
        }
        if press.modifiers.isEmpty, focused != nil {
            if moveFocus(along: press.key) || scroll(byKey: press.key, around: focused) { return true }
        }
        if offerKey(press) { return true }
        return press.modifiers.isEmpty && focused == nil && scroll(byKey: press.key, around: nil)
    }

    private func keyDown(_ press: KeyPress, inMenu popup: PopupNode, focused: (any FocusTarget)?) -> Bool {
        let focusedInside = focused.map { $0.ancestry.contains { $0 === popup } } ?? false
        if let focused, focusedInside, offerKey(press, along: focused) { return true }
        if press.key == .escape {
            tree.root.dismiss(popup, notify: true)
            return true
        }
        if press.modifiers.isEmpty, focusedInside {
            if moveFocus(along: press.key) || scroll(byKey: press.key, around: focused) { return true }
        } else if press.key == .downArrow || press.key == .upArrow,
            moveFocus(forward: press.key == .downArrow)
        {
            return true
        }
        offerKey(press, in: popup)
        // NB: the page behind an open menu hears no keys.
        return true
    }

    /// Offers the key to the `onKeyPress` handlers around `node`, innermost first.
    private func offerKey(_ press: KeyPress, along node: Node) -> Bool {
        node.ancestry.contains { ancestor in
            guard let gesture = ancestor as? GestureNode, case .keyPress(let action)? = gesture.handler else {
                return false
            }
            return action(press)
        }
    }

    @discardableResult
    private func offerKey(_ press: KeyPress, in root: Node? = nil) -> Bool {
        func offer(_ node: Node) -> Bool {
            guard node.acceptsInput else { return false }
            if node.children.reversed().contains(where: offer) { return true }
            guard let gesture = node as? GestureNode, case .keyPress(let action)? = gesture.handler else {
                return false
            }
            return action(press)
        }
        return offer(root ?? tree.root)
    }
}
