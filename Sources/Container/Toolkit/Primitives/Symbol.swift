/// One of the built-in vector icons, in the foreground colour.
///
/// A symbol is a square as large as the environment's font size; `resizable()` makes it fill the
/// space it is offered instead (keeping its square shape).
public struct Symbol: PrimitiveWidget, Equatable {
    let name: SymbolName
    var isResizable = false

    /// The icon `name`.
    public init(_ name: SymbolName) {
        self.name = name
    }

    /// The icon grown or shrunk to the largest square that fits the space offered.
    public func resizable() -> Symbol {
        var symbol = self
        symbol.isResizable = true
        return symbol
    }

    func makeNode() -> Node { SymbolNode() }
}

/// Sizes and paints a ``Symbol`` through `SymbolPainter`.
@MainActor
final class SymbolNode: LeafNode<Symbol> {
    override func computeSize(_ proposal: ProposedSize) -> Size {
        let ideal = environment.font.size
        guard content?.isResizable == true else { return Size(width: ideal, height: ideal) }
        let side = min(proposal.width ?? ideal, proposal.height ?? ideal)
        let finite = side.isFinite ? side : ideal
        return Size(width: finite, height: finite)
    }

    override func draw(_ context: DrawContext) {
        guard let content, context.needsDrawing(frame) else { return }
        let side = min(frame.width, frame.height)
        let square = Alignment.center.place(Size(width: side, height: side), in: frame)
        context.saved {
            SymbolPainter.paint(
                content.name, in: square, cairo: context.cairo, color: environment.foregroundColor)
        }
    }
}
