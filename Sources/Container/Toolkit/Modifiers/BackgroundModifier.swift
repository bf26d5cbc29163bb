struct BackgroundModifier<Decoration: Widget>: NodeModifier {
    let decoration: Decoration
    let alignment: Alignment
    let isOverlay: Bool

    func makeNode() -> ModifierNode { DecorationNode() }
}

/// Which modifier a decoration node was made for, with its widget type erased.
@MainActor
protocol DecorationModifier {
    var anyDecoration: any Widget { get }
    var alignment: Alignment { get }
    var isOverlay: Bool { get }
}

extension BackgroundModifier: DecorationModifier {
    var anyDecoration: any Widget { decoration }
}

/// Lays a decoration behind (background) or in front of (overlay) its content, offered the
/// content's size; the content alone decides the node's size.
@MainActor
final class DecorationNode: ModifierNode {
    private var alignment = Alignment.center
    private var isOverlay = false

    private var content: Node? { children.isEmpty ? nil : children[isOverlay ? 0 : children.count - 1] }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let modified = widget as? any ModifiedWidget,
            let decoration = modified.anyModifier as? any DecorationModifier
        else { return }
        if decoration.alignment != alignment || decoration.isOverlay != isOverlay { invalidateLayout() }
        alignment = decoration.alignment
        isOverlay = decoration.isOverlay
        let contentKey = ChildKey().appending(0)
        let decorationKey = ChildKey().appending(1)
        let contentChild = FlatChild(key: contentKey, widget: modified.anyContent)
        let decorationChild = FlatChild(key: decorationKey, widget: decoration.anyDecoration)
        reconcileChildren(
            isOverlay ? [contentChild, decorationChild] : [decorationChild, contentChild], in: tree)
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        content?.sizeThatFits(proposal) ?? .zero
    }

    override func placeChildren(in rect: Rect) {
        guard let content else { return }
        for child in children where !child.isDisappearing {
            let size = child === content ? rect.size : child.sizeThatFits(ProposedSize(rect.size))
            child.place(in: alignment.place(size, in: rect))
        }
    }
}

extension Widget {
    /// Draws `background` behind the widget, offered the widget's size.
    public func background(_ background: some Widget, alignment: Alignment = .center) -> some Widget {
        modifier(BackgroundModifier(decoration: background, alignment: alignment, isOverlay: false))
    }

    /// Fills the widget's frame with `color` behind it.
    public func background(_ color: Color) -> some Widget {
        background(Rectangle().fill(color))
    }

    /// Draws `overlay` in front of the widget, offered the widget's size.
    public func overlay(_ overlay: some Widget, alignment: Alignment = .center) -> some Widget {
        modifier(BackgroundModifier(decoration: overlay, alignment: alignment, isOverlay: true))
    }
}
