/// Custom drawing: `Canvas { graphics, size in ... }` fills the space it is offered and draws with a
/// ``GraphicsContext`` (paths, gradients, text).
///
/// The closure runs whenever the canvas is repainted: after its parent rebuilt it, or when the
/// area under it was damaged.
public struct Canvas: PrimitiveWidget {
    let draw: @MainActor (GraphicsContext, Size) -> Void

    /// A canvas painted by `draw`, in points with the origin at the canvas's top left corner.
    public init(draw: @escaping @MainActor (GraphicsContext, Size) -> Void) {
        self.draw = draw
    }

    func makeNode() -> Node { CanvasNode() }
}

/// Runs a ``Canvas``'s closure translated and clipped to the canvas's frame.
@MainActor
final class CanvasNode: Node {
    private var drawing: (@MainActor (GraphicsContext, Size) -> Void)?

    override var drawsContent: Bool { true }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let canvas = widget as? Canvas else { return }
        drawing = canvas.draw
        invalidatePaint()
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        ShapeMetrics.fill(proposal)
    }

    override func draw(_ context: DrawContext) {
        guard let drawing, context.needsDrawing(frame) else { return }
        context.saved {
            context.clip(to: frame)
            context.translate(to: frame.origin)
            context.setSource(environment.foregroundColor)
            drawing(
                GraphicsContext(
                    cairo: context.cairo, size: frame.size, foregroundColor: environment.foregroundColor,
                    scale: context.scale),
                frame.size)
        }
    }
}
