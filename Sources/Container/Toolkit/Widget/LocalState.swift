/// A value a widget keeps for itself for as long as it stays in the tree, as SwiftUI's `@State`
/// does: a menu's open flag, a button's hover. The content is built with a binding to it;
/// writing a new value rebuilds the content.
///
/// The toolkit's own controls use it; an app keeps its state in services.
struct LocalState<Value, Content: Widget>: PrimitiveWidget {
    let initialValue: Value
    let content: @MainActor (Binding<Value>) -> Content

    init(_ initialValue: Value, @WidgetBuilder content: @escaping @MainActor (Binding<Value>) -> Content) {
        self.initialValue = initialValue
        self.content = content
    }

    func makeNode() -> Node {
        let cell = StateCell(initialValue)
        let binding = Binding(get: { cell.value }, set: { cell.value = $0 })
        return CompositeNode { widget, _ in
            guard let local = widget as? LocalState<Value, Content> else { return EmptyWidget() }
            return local.content(binding)
        }
    }
}
