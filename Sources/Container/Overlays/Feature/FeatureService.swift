/// Panels from the four edges of the player: `context.feature`.
///
/// ```swift
/// context.feature.present(.right(.squeeze(320))) { CommentsWidget() }   // the video narrows
/// context.feature.present(.bottom(.cover)) { SettingsSheet() }          // lies over the video
/// ```
/// One panel at a time; presenting another replaces it. By default a tap outside the panel and a
/// change of screen status dismiss it. A `.cover` panel lies over the video, the plugins and the
/// controls, which hide while it is shown (``coverHidesControls``); toasts stay above it.
///
/// > Important: Main actor only. Animations run on the injected `clock`.
public final class FeatureService: Service {
    /// The panel shown, with its placement.
    struct Presentation {
        let placement: FeaturePlacement
        let widget: AnyWidget
    }

    /// The animation of presenting and dismissing.
    public var animation = Animation.easeInOut(duration: 0.3)
    /// Whether a tap outside the panel dismisses it (the tap then reaches nothing else).
    @ViewState public var dismissesOnTapOutside = true
    /// Whether a change of `context.status` dismisses the panel.
    public var dismissesOnStatusChange = true
    /// Whether the controls hide while a `.cover` panel is shown (they come back when it goes); when
    /// `false` they stay, under the panel.
    @ViewState public var coverHidesControls = true

    @ViewState private(set) var presentation: Presentation?
    @Dependency(\.clock) private var clock
    private let events = Observers<FeatureEvent>()
    private var pendingEvent: TimerToken?

    /// Called by the context; subscribes to the other services this one follows.
    public required init(_ context: Context) {
        super.init(context)
        context.status.observe { [weak self] _ in
            guard let self, self.dismissesOnStatusChange else { return }
            self.dismiss()
        }
    }

    /// Whether a panel is shown.
    public var isPresented: Bool { presentation != nil }

    /// The placement of the panel shown.
    public var placement: FeaturePlacement? { presentation?.placement }

    /// Whether the controls are hidden now because a `.cover` panel lies over them.
    public var hidesControls: Bool { coverHidesControls && presentation?.placement.style == .cover }

    /// The room the squeezing panel takes from the render, plugin and control overlays.
    public var squeezeInsets: EdgeInsets { presentation?.placement.squeezeInsets ?? .zero }

    /// Shows `content` along the placement's edge, sliding in when `animated`.
    ///
    /// A `.squeeze(size)` panel gets exactly `size` points across; a `.cover` panel its own size
    /// across (give it a frame) and the full length of its edge.
    public func present(
        _ placement: FeaturePlacement, animated: Bool = true, @WidgetBuilder content: () -> some Widget
    ) {
        let widget = AnyWidget(content())
        events(.willPresent(placement))
        withAnimation(ifAny: animated ? animation : nil) {
            presentation = Presentation(placement: placement, widget: widget)
        }
        finish(.didPresent(placement), animated: animated)
    }

    /// Takes the panel away, sliding out when `animated`; does nothing when none is shown.
    public func dismiss(animated: Bool = true) {
        guard let placement = presentation?.placement else { return }
        events(.willDismiss(placement))
        withAnimation(ifAny: animated ? animation : nil) { presentation = nil }
        finish(.didDismiss(placement), animated: animated)
    }

    /// Calls `handler` before and after each presentation and dismissal.
    @discardableResult
    public func observe(_ handler: @escaping @MainActor (FeatureEvent) -> Void) -> ObservationToken {
        let id = events.add(handler)
        return ObservationToken { [weak self] in self?.events.remove(id) }
    }

    /// Reports `event` once the animation ended (at once without one).
    private func finish(_ event: FeatureEvent, animated: Bool) {
        pendingEvent?.cancel()
        pendingEvent = nil
        guard animated else { return events(event) }
        pendingEvent = clock.schedule(after: animation.duration) { [weak self] in
            self?.pendingEvent = nil
            self?.events(event)
        }
    }

    /// Cancels the pending timers.
    override public func didStop() {
        pendingEvent?.cancel()
    }
}
