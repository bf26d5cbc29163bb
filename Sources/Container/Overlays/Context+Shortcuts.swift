extension Context {
    /// The player and its state.
    public var render: RenderService { self[RenderService.self] }
    /// Gestures over the video.
    public var gesture: GestureService { self[GestureService.self] }
    /// Panels from the edges.
    public var feature: FeatureService { self[FeatureService.self] }
    /// Free-form transient widgets.
    public var plugin: PluginService { self[PluginService.self] }
    /// The playback controls.
    public var control: ControlService { self[ControlService.self] }
    /// Stacked messages.
    public var toast: ToastService { self[ToastService.self] }
    /// Half screen, fullscreen or portrait.
    public var status: StatusService { self[StatusService.self] }
    /// The overlays and their order.
    public var container: ContainerService { self[ContainerService.self] }
    /// The window showing the widgets: quitting it.
    public var window: WindowService { self[WindowService.self] }
}
