/// A run of text drawn with SDL2_ttf, wrapped at word boundaries to the width it is offered.
///
/// Uses the environment's font and foreground colour unless given its own font.
public struct Text: PrimitiveWidget, Equatable {
    let string: String
    var font: Font?
    var lineLimit: Int?

    /// Text showing `string` as written.
    public init(_ string: String) {
        self.string = string
    }

    /// The text in `font`, whatever the environment's font is.
    public func font(_ font: Font) -> Text {
        var text = self
        text.font = font
        return text
    }

    /// The text in the bold weight of its font.
    public func bold() -> Text {
        var text = self
        text.font = (font ?? .body).bold()
        return text
    }

    /// At most `limit` lines (`nil`: no limit); cut-off text ends with an ellipsis.
    public func lineLimit(_ limit: Int?) -> Text {
        var text = self
        text.lineLimit = limit
        return text
    }

    /// Checks that a font for `Text` is installed; without one, text is laid out empty.
    public static func checkFontAvailable() throws(ContainerError) {
        _ = try TextEngine.shared.font(.body, scale: 1)
    }

    func makeNode() -> Node { TextNode() }
}

/// Lays out and draws a ``Text``, clipped to its frame.
@MainActor
final class TextNode: LeafNode<Text> {
    private var cachedLayout: (width: Double?, layout: TextEngine.Layout)?

    private var resolvedFont: Font { content?.font ?? environment.font }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        let previous = content
        super.update(from: widget, in: tree)
        if content != previous { cachedLayout = nil }
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        textLayout(maxWidth: proposal.width).size
    }

    override func draw(_ context: DrawContext) {
        guard context.needsDrawing(frame) else { return }
        let layout = textLayout(maxWidth: frame.width)
        context.saved {
            context.clip(to: frame)
            context.setSource(environment.foregroundColor)
            for (index, line) in layout.lines.enumerated() {
                TextEngine.shared.drawLine(
                    line, font: resolvedFont, scale: context.scale,
                    at: Point(x: frame.minX, y: frame.minY + Double(index) * layout.lineHeight),
                    cairo: context.cairo)
            }
        }
    }

    private func textLayout(maxWidth: Double?) -> TextEngine.Layout {
        let width = maxWidth.flatMap { $0.isFinite ? $0 : nil }
        if let cachedLayout, cachedLayout.width == width { return cachedLayout.layout }
        guard let content, let tree else { return .empty }
        let layout = TextEngine.shared.layout(
            content.string, font: resolvedFont, scale: tree.scale, maxWidth: width,
            lineLimit: content.lineLimit)
        cachedLayout = (width, layout)
        return layout
    }
}
