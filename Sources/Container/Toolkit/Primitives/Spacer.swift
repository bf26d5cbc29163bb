/// Empty space that grows along its stack's axis (in both directions outside a stack).
public struct Spacer: PrimitiveWidget, Equatable {
    let minLength: Double

    /// Space of at least `minLength` points.
    public init(minLength: Double = 0) {
        self.minLength = minLength
    }

    func makeNode() -> Node { SpacerNode() }
}

/// Takes all the length offered along the parent stack's axis and none across it.
@MainActor
final class SpacerNode: Node {
    private var minLength = 0.0

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let spacer = widget as? Spacer, spacer.minLength != minLength else { return }
        minLength = spacer.minLength
        invalidateLayout()
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let width = max(minLength, proposal.width ?? minLength)
        let height = max(minLength, proposal.height ?? minLength)
        switch (parent as? StackNode)?.layout.axis {
        case .horizontal: return Size(width: width, height: 0)
        case .vertical: return Size(width: 0, height: height)
        case nil: return Size(width: width, height: height)
        }
    }
}
