/// A widget with one toolkit modifier applied; what `padding`, `frame`, `onTap`... return.
struct ModifiedContent<Content: Widget, Modifier: NodeModifier>: PrimitiveWidget, ModifiedWidget {
    let content: Content
    let modifier: Modifier

    var anyContent: any Widget { content }
    var anyModifier: any NodeModifier { modifier }

    func makeNode() -> Node { modifier.makeNode() }
}

/// A modifier the toolkit implements with a node of its own.
@MainActor
protocol NodeModifier {
    func makeNode() -> ModifierNode
}

/// A `ModifiedContent` with its types erased, for the node that updates from it.
@MainActor
protocol ModifiedWidget {
    var anyContent: any Widget { get }
    var anyModifier: any NodeModifier { get }
}

extension Widget {
    func modifier<Modifier: NodeModifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

/// The node of a modifier: takes the modifier's value, then reconciles the modified content.
@MainActor
class ModifierNode: Node {
    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let modified = widget as? any ModifiedWidget else { return }
        apply(modified.anyModifier, in: tree)
        reconcileContent(modified.anyContent, in: tree)
    }

    /// Takes the modifier's new value; subclasses cast it to their modifier type.
    func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {}
}
