/// Builds its content from the environment it is in: how the toolkit's controls change with
/// where they are (a button in a menu is one of its rows).
struct EnvironmentReader<Content: Widget>: PrimitiveWidget {
    let content: @MainActor (WidgetEnvironment) -> Content

    init(@WidgetBuilder content: @escaping @MainActor (WidgetEnvironment) -> Content) {
        self.content = content
    }

    func makeNode() -> Node {
        CompositeNode { widget, environment in
            guard let reader = widget as? EnvironmentReader<Content> else { return EmptyWidget() }
            return reader.content(environment)
        }
    }
}
