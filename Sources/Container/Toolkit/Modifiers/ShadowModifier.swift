import CCairo
import Foundation

struct ShadowModifier: NodeModifier, Equatable {
    let color: Color
    let radius: Double
    let offset: Point

    func makeNode() -> ModifierNode { ShadowNode() }
}

/// Draws a soft copy of its subtree's silhouette behind it.
///
/// The blur is approximated: the silhouette is stamped at a ring of offsets within the radius with
/// a fraction of the colour each, which is cheap and looks close enough at small radii.
@MainActor
final class ShadowNode: ModifierNode {
    private var shadow = ShadowModifier(color: .clear, radius: 0, offset: .zero)
    private static let stamps = 8

    override var drawsContent: Bool { true }

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let new = modifier as? ShadowModifier, new != shadow else { return }
        invalidatePaint()
        shadow = new
        invalidatePaint()
    }

    override var paintBounds: Rect {
        frame.offsetBy(shadow.offset).insetBy(-shadow.radius).union(frame)
    }

    override func isHit(at point: Point) -> Bool { false }

    override func draw(_ context: DrawContext) {
        guard context.needsDrawing(paintBounds) else { return super.draw(context) }
        let cairo = context.cairo
        cairo_push_group(cairo)
        super.draw(context)
        guard let silhouette = cairo_pop_group(cairo) else { return }
        defer { cairo_pattern_destroy(silhouette) }
        let count = shadow.radius > 0 ? Self.stamps : 1
        context.setSource(shadow.color.opacity(1 / Double(count)))
        for stamp in 0..<count {
            let angle = Double(stamp) / Double(count) * 2 * Double.pi
            let spread = shadow.radius / 2
            context.saved {
                cairo_translate(
                    cairo, shadow.offset.x + spread * cos(angle), shadow.offset.y + spread * sin(angle))
                cairo_mask(cairo, silhouette)
            }
        }
        cairo_set_source(cairo, silhouette)
        cairo_paint(cairo)
    }
}

extension Widget {
    /// Adds a shadow of `color` blurred by about `radius` points and moved by (`x`, `y`).
    public func shadow(
        color: Color = Color(white: 0, alpha: 0.33), radius: Double, x: Double = 0, y: Double = 0
    )
        -> some Widget
    {
        modifier(ShadowModifier(color: color, radius: radius, offset: Point(x: x, y: y)))
    }
}
