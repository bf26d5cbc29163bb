struct OpacityModifier: NodeModifier {
    let opacity: Double

    func makeNode() -> ModifierNode { OpacityNode() }
}

/// Composites its subtree with an opacity, animated when the update has an animation.
@MainActor
final class OpacityNode: ModifierNode {
    private var opacity: AnimatedValue<Double>?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let opacityModifier = modifier as? OpacityModifier,
            move(&opacity, to: min(1, max(0, opacityModifier.opacity)), in: tree)
        else { return }
        invalidatePaint(subtree: true)
    }

    override func advanceAnimations(to time: Double) -> Bool {
        invalidatePaint(subtree: true)
        return opacity?.isRunning(at: time) ?? false
    }

    override func draw(_ context: DrawContext) {
        let shown = opacity?.value(at: tree?.frameTime ?? 0) ?? 1
        context.withOpacity(shown) { super.draw(context) }
    }

    /// Fully transparent content cannot be hit, like SwiftUI's `opacity(0)`.
    override var acceptsInput: Bool { super.acceptsInput && (opacity?.target ?? 1) > 0 }

    override var hidesFromAccessibility: Bool { super.hidesFromAccessibility || opacity?.target == 0 }
}

extension Node {
    /// Repaints the node's area, or everything its subtree paints.
    func invalidatePaint(subtree: Bool) {
        guard subtree else { return invalidatePaint() }
        tree?.damage(subtreePaintBounds)
    }
}

extension Widget {
    /// Draws the widget with `opacity` (0 transparent, 1 opaque); animatable.
    public func opacity(_ opacity: Double) -> some Widget {
        modifier(OpacityModifier(opacity: opacity))
    }
}
