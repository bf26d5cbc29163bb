/// The whole player: the built-in overlays of `context` bottom to top (render with gestures,
/// feature, plugin, control, toast) and any overlay inserted with `context.container`.
///
/// ```swift
/// let context = Context()
/// context.control.configure(.halfScreen(.center)) { [PlaybackWidget()] }
/// VStack(spacing: 0) {
///     PlayerWidget(context).frame(height: 220)
///     CommentsList()
/// }
/// ```
/// It takes all the space it is offered; give it a frame to place it in a page.
///
/// > Important: The widget holds `context` strongly; services inside read it, not the host's.
public struct PlayerWidget: Widget {
    /// The context whose services the overlays show.
    public let context: Context

    /// The player of `context`.
    public init(_ context: Context) {
        self.context = context
    }

    /// The overlays, bottom to top, reading services from the widget's context.
    public var body: some Widget {
        WithService(ContainerService.self) { container in
            WithService(FeatureService.self) { feature in
                ZStack {
                    ForEach(container.layers, id: \.id) { layer in
                        layer.widget
                            .padding(layer.isSqueezed ? feature.squeezeInsets : .zero)
                            .frame(maxWidth: .infinity, maxHeight: .infinity)
                    }
                }
            }
        }
        .environmentContext(context)
    }
}
