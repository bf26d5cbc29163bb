struct PaddingModifier: NodeModifier {
    let insets: EdgeInsets

    func makeNode() -> ModifierNode { PaddingNode() }
}

/// Shrinks the proposal by the insets and grows the content's size by them; a change made with an
/// animation (a squeezing panel making room) moves the edges over time.
@MainActor
final class PaddingNode: ModifierNode {
    private var insets: AnimatedValue<EdgeInsets>?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let padding = modifier as? PaddingModifier, move(&insets, to: padding.insets, in: tree) else {
            return
        }
        invalidateLayout()
    }

    override func advanceAnimations(to time: Double) -> Bool {
        invalidateLayout()
        return insets?.isRunning(at: time) ?? false
    }

    private var current: EdgeInsets { insets?.value(at: tree?.frameTime ?? 0) ?? .zero }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let insets = current
        let content = super.computeSize(proposal.inset(by: insets))
        return Size(
            width: content.width + insets.leading + insets.trailing,
            height: content.height + insets.top + insets.bottom)
    }

    override func placeChildren(in rect: Rect) {
        super.placeChildren(in: rect.inset(by: current))
    }
}

extension Widget {
    /// Adds `length` points (8 by default) of space around the widget.
    public func padding(_ length: Double = 8) -> some Widget {
        modifier(PaddingModifier(insets: EdgeInsets(all: length)))
    }

    /// Adds `length` points of space along the given edges.
    public func padding(_ edges: EdgeSet, _ length: Double = 8) -> some Widget {
        modifier(
            PaddingModifier(
                insets: EdgeInsets(
                    top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                    bottom: edges.contains(.bottom) ? length : 0,
                    trailing: edges.contains(.trailing) ? length : 0)))
    }

    /// Adds the given space on each edge.
    public func padding(_ insets: EdgeInsets) -> some Widget {
        modifier(PaddingModifier(insets: insets))
    }
}
