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

struct HitTestingModifier: NodeModifier {
    let enabled: Bool

    func makeNode() -> ModifierNode { HitTestingNode() }
}

/// Draws its subtree normally but, when off, lets input through to what lies below.
@MainActor
final class HitTestingNode: ModifierNode {
    private var enabled = true

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        enabled = (modifier as? HitTestingModifier)?.enabled ?? true
    }

    override var acceptsInput: Bool { super.acceptsInput && enabled }
}

extension Widget {
    /// When `false`, the widget is drawn but never hit: taps fall through to the widgets below
    /// (a decorative scrim over the video).
    public func allowsHitTesting(_ enabled: Bool) -> some Widget {
        modifier(HitTestingModifier(enabled: enabled))
    }
}
