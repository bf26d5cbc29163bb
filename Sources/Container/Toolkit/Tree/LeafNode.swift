/// A node that draws an equatable widget value: it repaints (and measures again) only when the
/// value or the environment it draws with changed.
@MainActor
class LeafNode<Content: Widget & Equatable>: Node {
    private(set) var content: Content?
    private var drawnEnvironment: WidgetEnvironment?

    override var drawsContent: Bool { true }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let new = widget as? Content else { return }
        guard new != content || environment != drawnEnvironment else { return }
        content = new
        drawnEnvironment = environment
        invalidatePaint()
        invalidateLayout()
    }
}
