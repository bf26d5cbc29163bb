/// The playback controls: `context.control`.
///
/// Widgets go into areas per screen status; the overlay shows those of the current status.
/// ```swift
/// context.control.configure(.halfScreen(.center)) { [PlaybackWidget()] }
/// context.control.configure(.fullScreen(.bottom1)) { [SeekBarWidget()] }
/// context.control.configure(displayStyle: .auto(firstAppear: true, duration: 5))
/// ```
/// With the default `.auto` style, a tap on empty space (a tap that reaches the video) toggles the
/// controls; they hide after the duration, and any press, drag or scroll on them restarts it.
///
/// > Important: Main actor only. The hide timer runs on the injected `clock`.
public final class ControlService: Service {
    /// The animation of showing and hiding.
    public var animation = Animation.easeInOut(duration: 0.25)

    /// Whether the controls are shown.
    @ViewState public private(set) var isBeingPresented = false
    /// How the whole overlay is blended (dim it while a gesture seeks, for example).
    @ViewState public private(set) var opacity = 1.0
    /// When the controls show.
    @ViewState public private(set) var displayStyle = DisplayStyle.auto(firstAppear: true, duration: 5)
    /// Where the areas on screen lie, in the host's coordinates (points): each area's widgets as
    /// laid out, from the moment they are shown until they have left (after their transition).
    /// Toasts stay clear of them.
    @ViewState public private(set) var visibleAreaFrames: [ControlArea: Rect] = [:]
    @StateSync(serviceType: StatusService.self, keyPath: \.$status) var status

    @ViewState var widgets: [ControlSlot: [AnyWidget]] = [:]
    @ViewState var transitions: [ControlArea: Transition] = [:]
    @ViewState var shadow: ControlShadow? = .default
    @ViewState var insets: [ScreenStatus: EdgeInsets] = [:]
    @ViewState var spacing = 8.0
    @ViewState var layout: (@MainActor (ControlAreas) -> AnyWidget)?

    @Dependency(\.clock) private var clock
    private var hideTimer: TimerToken?
    /// Whether the keyboard focus is on one of the controls: they stay up until it leaves.
    private var holdsFocus = false
    /// The frame of every laid-out area widget by the node that reported it: an area leaving with
    /// its transition and the same area entering for a new status overlap for a while.
    private var areaReports: [ControlArea: [ObjectIdentifier: Rect]] = [:]

    /// Called by the context; subscribes to the other services this one follows.
    public required init(_ context: Context) {
        super.init(context)
        context.gesture.observe(.tap) { [weak self] _ in self?.tappedEmptySpace() }
        applyDisplayStyle()
    }

    /// Shows the controls (unless the style is `.never`) and restarts the hide timer.
    public func present(animated: Bool = true) {
        guard displayStyle.policy.canPresent else { return }
        withAnimation(ifAny: animated ? animation : nil) { isBeingPresented = true }
        restartHideTimer()
    }

    /// Hides the controls (unless the style is `.always`).
    public func dismiss(animated: Bool = true) {
        guard displayStyle.policy.canDismiss else { return }
        hideTimer?.cancel()
        withAnimation(ifAny: animated ? animation : nil) { isBeingPresented = false }
    }

    /// Shows hidden controls, hides shown ones.
    public func toggle(animated: Bool = true) {
        isBeingPresented ? dismiss(animated: animated) : present(animated: animated)
    }

    /// Takes the report of one area's widgets from the overlay.
    func record(_ report: FrameReport, of area: ControlArea, by reporter: ObjectIdentifier) {
        switch report {
        case .moved(let frame): areaReports[area, default: [:]][reporter] = frame
        case .gone: areaReports[area]?[reporter] = nil
        }
        let frame = areaReports[area]?.values.reduce(Rect.zero) { $0.union($1) }
        visibleAreaFrames[area] = frame.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Blends the whole overlay with `opacity` (0...1) without changing whether it is presented.
    public func opacity(_ opacity: Double) {
        self.opacity = min(1, max(0, opacity))
    }

    /// Keeps shown controls up for another full duration: what any interaction with them does.
    public func keepPresented() {
        restartHideTimer()
    }

    /// Told by the overlay when the keyboard focus moves onto the controls or off them: while it is
    /// on them they do not hide; once it leaves, the hide timer starts again.
    func focusDidChange(inside: Bool) {
        holdsFocus = inside
        restartHideTimer()
    }

    /// Switches to `displayStyle`: shows or hides the controls as it says first.
    public func configure(displayStyle: DisplayStyle) {
        self.displayStyle = displayStyle
        applyDisplayStyle()
    }

    private func applyDisplayStyle() {
        isBeingPresented = displayStyle.policy.firstAppear
        restartHideTimer()
    }

    private func restartHideTimer() {
        hideTimer?.cancel()
        hideTimer = nil
        guard isBeingPresented, !holdsFocus, let delay = displayStyle.policy.hidesAfter else { return }
        hideTimer = clock.schedule(after: delay) { [weak self] in self?.dismiss() }
    }

    private func tappedEmptySpace() {
        guard displayStyle.policy.togglesOnTap else { return }
        toggle()
    }

    /// Cancels the pending timers.
    override public func didStop() {
        hideTimer?.cancel()
    }
}
