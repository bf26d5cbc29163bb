/// The root of a widget that reads a service: `WithService(PlaybackService.self) { service in ... }`.
///
/// The service comes from the ``Context`` of the host the widget is shown in; the content is
/// evaluated again whenever a `@ViewState` it read changes.
///
/// > Important: The widget must be hosted with a context (``WidgetHost`` or ``SnapshotRenderer``).
public struct WithService<S: Service, Content: Widget>: PrimitiveWidget {
    let content: (S) -> Content

    /// Builds `content` from the context's instance of `serviceType`.
    public init(_ serviceType: S.Type, @WidgetBuilder content: @escaping (S) -> Content) {
        self.content = content
    }

    func makeNode() -> Node {
        CompositeNode { widget, environment in
            guard let withService = widget as? WithService<S, Content> else { return EmptyWidget() }
            guard let context = environment.context else {
                preconditionFailure("WithService(\(S.self)) needs a host with a Context")
            }
            return withService.content(context[S.self])
        }
    }
}
