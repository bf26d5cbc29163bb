struct HiddenModifier: NodeModifier {
    func makeNode() -> ModifierNode { HiddenNode() }
}

/// Keeps its subtree's place in the layout but draws nothing and takes no input.
@MainActor
final class HiddenNode: ModifierNode {
    override func draw(_ context: DrawContext) {}

    override var acceptsInput: Bool { false }

    override var hidesFromAccessibility: Bool { true }
}

extension Widget {
    /// Hides the widget; it still takes its space.
    public func hidden() -> some Widget {
        modifier(HiddenModifier())
    }
}
