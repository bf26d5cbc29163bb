/// The node of a list widget standing alone (a `Group`, a tuple, an `if`): overlays its members.
@MainActor
final class GroupNode: Node {
    override func update(from widget: any Widget, in tree: WidgetTree) {
        reconcileChildren(flattenedChildren(of: widget), in: tree)
    }
}

/// The node holding the host's root widget: proposes the host size and centres the content.
@MainActor
final class RootNode: Node {
    override func update(from widget: any Widget, in tree: WidgetTree) {
        reconcileContent(widget, in: tree)
    }
}
