struct OffsetModifier: NodeModifier {
    let offset: Point

    func makeNode() -> ModifierNode { OffsetNode() }
}

/// Moves its subtree (drawing and hit area) without changing its place in the layout; animatable.
@MainActor
final class OffsetNode: ModifierNode {
    private var offset: AnimatedValue<Point>?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let offsetModifier = modifier as? OffsetModifier,
            move(&offset, to: offsetModifier.offset, in: tree)
        else { return }
        invalidatePlacement()
    }

    override func advanceAnimations(to time: Double) -> Bool {
        invalidatePlacement()
        return offset?.isRunning(at: time) ?? false
    }

    override func placeChildren(in rect: Rect) {
        super.placeChildren(in: rect.offsetBy(offset?.value(at: tree?.frameTime ?? 0) ?? .zero))
    }
}

extension Widget {
    /// Draws the widget moved by (`x`, `y`) points; the layout keeps its original place.
    public func offset(x: Double = 0, y: Double = 0) -> some Widget {
        modifier(OffsetModifier(offset: Point(x: x, y: y)))
    }
}
