/// The root of a widget that reaches its host's ``Context`` itself:
/// `WithContext { context in ... }`, to read several services, a dependency (the clock), or the
/// overlays (`context.control`, `context.toast`) without a service of its own.
///
/// The content is evaluated again whenever a `@ViewState` it read changes, as ``WithService``'s.
///
/// > Important: The widget must be hosted with a context (``WidgetHost`` or ``SnapshotRenderer``).
public struct WithContext<Content: Widget>: PrimitiveWidget {
    let content: @MainActor (Context) -> Content

    /// Builds `content` from the context of the host the widget is shown in.
    public init(@WidgetBuilder content: @escaping @MainActor (Context) -> Content) {
        self.content = content
    }

    func makeNode() -> Node {
        CompositeNode { widget, environment in
            guard let withContext = widget as? WithContext<Content> else { return EmptyWidget() }
            guard let context = environment.context else {
                preconditionFailure("WithContext needs a host with a Context")
            }
            return withContext.content(context)
        }
    }
}
