/// The node of a list widget standing alone (a `Group`, a tuple, an `if`): overlays its members.
@MainActor
final class GroupNode: Node {
    override func update(from widget: any Widget, in tree: WidgetTree) {
        reconcileChildren(flattenedChildren(of: widget), in: tree)
    }
}

/// The node holding the host's root widget: proposes the host size and centres the content (the
/// page), with the popups on show above it (see ``PopupNode``).
@MainActor
final class RootNode: Node {
    override func update(from widget: any Widget, in tree: WidgetTree) {
        let previous = page
        let child = reconcile(previous, with: widget, in: tree)
        guard child !== previous else { return }
        // NB: popups are read after the page was rebuilt: an anchor that went took its own.
        children = [child] + popups
        invalidateLayout()
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        page?.sizeThatFits(proposal) ?? .zero
    }

    override func placeChildren(in rect: Rect) {
        if let page {
            page.place(in: contentAlignment.place(page.sizeThatFits(ProposedSize(rect.size)), in: rect))
        }
        for popup in popups { popup.place(in: popup.frame(in: rect)) }
    }
}
