struct IdentifierModifier: NodeModifier {
    let identifier: String

    func makeNode() -> ModifierNode { IdentifierNode() }
}

/// Names its subtree so hosts and tests can find its frame.
@MainActor
final class IdentifierNode: ModifierNode {
    private(set) var identifier = ""

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        identifier = (modifier as? IdentifierModifier)?.identifier ?? ""
    }
}

struct ContentShapeModifier: NodeModifier {
    func makeNode() -> ModifierNode { ContentShapeNode() }
}

/// Makes its whole frame hittable, including the transparent gaps between its children.
@MainActor
final class ContentShapeNode: ModifierNode {
    override func isHit(at point: Point) -> Bool { frame.contains(point) }
}

extension Widget {
    /// Names the widget; ``WidgetHost/frame(ofIdentifier:)`` returns where it was laid out.
    public func accessibilityIdentifier(_ identifier: String) -> some Widget {
        modifier(IdentifierModifier(identifier: identifier))
    }

    /// Makes the whole frame respond to input, not only the parts where something is drawn.
    public func contentShape() -> some Widget {
        modifier(ContentShapeModifier())
    }
}
