import CCairo

/// An outline that fills (or strokes) the space it is offered: `Rectangle`, `Circle`, or your own.
///
/// ```swift
/// struct Triangle: Shape {
///     func addPath(in rect: Rect, to cairo: OpaquePointer) {
///         cairo_move_to(cairo, rect.midX, rect.minY)
///         cairo_line_to(cairo, rect.maxX, rect.maxY)
///         cairo_line_to(cairo, rect.minX, rect.maxY)
///         cairo_close_path(cairo)
///     }
/// }
/// ```
/// A shape alone is filled with the foreground colour.
public protocol Shape: Widget, Equatable, Sendable {
    /// Adds the outline for `rect` (points) to the current path of `cairo`.
    func addPath(in rect: Rect, to cairo: OpaquePointer)
}

extension Shape {
    /// The shape filled with the environment's foreground colour.
    public var body: some Widget {
        StyledShape(shape: self, style: .fill(nil))
    }

    /// The shape filled with `color`.
    public func fill(_ color: Color) -> some Widget {
        StyledShape(shape: self, style: .fill(color))
    }

    /// The outline of the shape drawn `lineWidth` points wide in `color`, inside its frame.
    public func stroke(_ color: Color, lineWidth: Double = 1) -> some Widget {
        StyledShape(shape: self, style: .stroke(color, lineWidth: lineWidth))
    }
}

/// A shape with how to paint it.
struct StyledShape<S: Shape>: PrimitiveWidget, Equatable {
    enum Style: Equatable {
        /// `nil` paints with the foreground colour.
        case fill(Color?)
        /// Paints with the environment's tint.
        case fillTint
        case stroke(Color, lineWidth: Double)
    }

    let shape: S
    let style: Style

    func makeNode() -> Node { ShapeNode<S>() }
}

/// Fills the proposal and paints a ``Shape``.
@MainActor
final class ShapeNode<S: Shape>: LeafNode<StyledShape<S>> {
    override func computeSize(_ proposal: ProposedSize) -> Size {
        ShapeMetrics.fill(proposal)
    }

    override func draw(_ context: DrawContext) {
        guard let content, context.needsDrawing(frame) else { return }
        switch content.style {
        case .fill(let color):
            content.shape.addPath(in: frame, to: context.cairo)
            context.setSource(color ?? environment.foregroundColor)
            cairo_fill(context.cairo)
        case .fillTint:
            content.shape.addPath(in: frame, to: context.cairo)
            context.setSource(environment.resolvedTint)
            cairo_fill(context.cairo)
        case .stroke(let color, let lineWidth):
            // Inset by half the line so the stroke stays inside the frame, as SwiftUI's strokeBorder.
            content.shape.addPath(in: frame.insetBy(lineWidth / 2), to: context.cairo)
            context.setSource(color)
            cairo_set_line_width(context.cairo, lineWidth)
            cairo_stroke(context.cairo)
        }
    }
}

/// Sizing shared by widgets that take whatever they are offered.
enum ShapeMetrics {
    /// SwiftUI's ideal size for shapes and colours.
    static let idealLength = 10.0

    static func fill(_ proposal: ProposedSize) -> Size {
        Size(width: proposal.width ?? idealLength, height: proposal.height ?? idealLength)
    }
}
