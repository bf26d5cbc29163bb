/// The identity of a child among its siblings: the path of builder positions and `ForEach` ids leading to it.
struct ChildKey: Hashable {
    private(set) var path: [AnyHashable] = []

    func appending(_ component: AnyHashable) -> ChildKey {
        var key = self
        key.path.append(component)
        return key
    }
}

/// The identity `ForEach` gives the widget of one element, told apart from builder positions.
struct ElementID: Hashable {
    let id: AnyHashable
}

/// One widget of a flattened child list, with its identity.
struct FlatChild {
    let key: ChildKey
    let widget: any Widget
}

/// A widget that stands for a list of children (tuples, conditionals, `ForEach`, `Group`); stacks
/// lay out its members one by one. Standing alone it becomes a group node that overlays them.
@MainActor
protocol WidgetList: PrimitiveWidget {
    func flatten(into children: inout [FlatChild], key: ChildKey)
}

extension WidgetList {
    func makeNode() -> Node { GroupNode() }
}

/// Appends `widget` to `children`, expanding lists into their members.
@MainActor
func flattenWidget(_ widget: any Widget, into children: inout [FlatChild], key: ChildKey) {
    if let list = widget as? any WidgetList {
        list.flatten(into: &children, key: key)
    } else {
        children.append(FlatChild(key: key, widget: widget))
    }
}

/// The members of `widget`, flattened.
@MainActor
func flattenedChildren(of widget: any Widget) -> [FlatChild] {
    var children: [FlatChild] = []
    flattenWidget(widget, into: &children, key: ChildKey())
    return children
}
