extension WidgetHost {
    /// Tells the `onPointer` widget under a button-less pointer that it moved, and the one it left
    /// that the pointer is gone.
    func hoverPointer(chain: [Node], at point: Point) -> Bool {
        let current = chain.lazy.compactMap { $0 as? GestureNode }.first { $0.handler?.isPointer == true }
        if let previous = gestures.pointerHovered, previous !== current {
            previous.sendPointer(.exited, at: point)
        }
        gestures.pointerHovered = current
        current?.sendPointer(.hovered, at: point)
        return current != nil
    }
}

extension GestureNode {
    /// Calls the node's `onPointer` handler with `point` in the node's coordinates.
    func sendPointer(_ phase: PointerPhase, at point: Point) {
        guard case .pointer(let action)? = handler else { return }
        action(PointerValue(phase: phase, location: localPoint(point), size: frame.size))
    }

    /// Calls the node's `onInteraction` handler.
    func notifyInteraction() {
        guard case .interaction(let action)? = handler else { return }
        action()
    }
}

@MainActor
extension Array where Element == Node {
    /// The `onInteraction` observers of a hit chain.
    var interactionNodes: [GestureNode] {
        compactMap { node in
            guard let gesture = node as? GestureNode, case .interaction? = gesture.handler else { return nil }
            return gesture
        }
    }

    /// The `onPointer` node of a hit chain when it is the innermost press handler: a button or a
    /// scroll view inside a widget that recognises its own gestures keeps its presses.
    var capturingPointerNode: GestureNode? {
        for node in self {
            if node is ScrollNode { return nil }
            guard let gesture = node as? GestureNode, let handler = gesture.handler else { continue }
            switch handler {
            case .pointer: return gesture
            case .tap, .doubleTap, .drag: return nil
            case .hover, .scroll, .keyPress, .interaction, .focusChange: continue
            }
        }
        return nil
    }
}

extension GestureModifier.Handler {
    var isPointer: Bool {
        if case .pointer = self { return true }
        return false
    }
}
