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

/// The widgets of one `ForEach`, built one element at a time: all at once for a stack, only those
/// near the visible area for a lazy stack.
@MainActor
struct ElementRun {
    let count: Int
    /// The identity of the element at an offset.
    let key: (Int) -> ChildKey
    /// The widget of the element at an offset.
    let widget: (Int) -> any Widget
}

/// The members of a widget list, in order, as they are collected: single widgets, and the runs of
/// `ForEach` elements, which are expanded unless the list is collected for a lazy stack.
@MainActor
struct FlatChildren {
    enum Entry {
        case child(FlatChild)
        case elements(ElementRun)
    }

    /// Keep `ForEach` runs whole instead of building each element's widget.
    let keepsRuns: Bool
    private(set) var entries: [Entry] = []

    init(keepsRuns: Bool = false) {
        self.keepsRuns = keepsRuns
    }

    mutating func append(_ child: FlatChild) {
        entries.append(.child(child))
    }

    mutating func append(_ run: ElementRun) {
        guard !keepsRuns else { return entries.append(.elements(run)) }
        for offset in 0..<run.count {
            flattenWidget(run.widget(offset), into: &self, key: run.key(offset))
        }
    }

    /// The members, when runs were expanded as they came.
    var children: [FlatChild] {
        entries.compactMap { entry in
            guard case .child(let child) = entry else { return nil }
            return child
        }
    }
}

/// A widget that stands for a list of children (tuples, conditionals, `ForEach`, `Group`); stacks
/// lay out its members one by one. Standing alone it becomes a group node that overlays them.
@MainActor
protocol WidgetList: PrimitiveWidget {
    func flatten(into children: inout FlatChildren, key: ChildKey)
}

extension WidgetList {
    func makeNode() -> Node { GroupNode() }
}

/// Appends `widget` to `children`, expanding lists into their members.
@MainActor
func flattenWidget(_ widget: any Widget, into children: inout FlatChildren, key: ChildKey) {
    if let list = widget as? any WidgetList {
        list.flatten(into: &children, key: key)
    } else {
        children.append(FlatChild(key: key, widget: widget))
    }
}

/// The members of `widget`, flattened.
@MainActor
func flattenedChildren(of widget: any Widget) -> [FlatChild] {
    var children = FlatChildren()
    flattenWidget(widget, into: &children, key: ChildKey())
    return children.children
}
