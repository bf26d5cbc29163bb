/// Short messages stacked in a corner of the player, the bottom left by default: `context.toast`.
///
/// ```swift
/// context.toast.toast("Speed 1.5×")
/// context.toast.configure { message in Text(message).padding(6).background(Color.blue) }
/// context.toast.alignment = .topTrailing
/// context.toast.insets = EdgeInsets(top: 60, leading: 16, bottom: 16, trailing: 16)
/// ```
/// The newest toast is nearest the ``alignment`` edge (the lowest at the bottom, the highest at the
/// top); each slides in from its side, stays ``duration`` seconds, then fades out. Toasts let taps
/// through to the video. While controls are shown along the edge the toasts stack at, the toasts
/// stand above (or below) them unless ``avoidsControls`` is off.
///
/// > Important: Main actor only. Timing runs on the injected `clock`.
public final class ToastService: Service {
    /// One toast on screen.
    struct Entry {
        enum Content {
            case message(String)
            case widget(AnyWidget)
        }

        let id: Int
        let content: Content
        var isFading = false
    }

    /// Seconds a toast stays before it fades.
    public var duration = 2.0
    /// Seconds the fade-out takes.
    public var fadeDuration = 0.3
    /// The animation of a toast sliding in.
    public var insertion = Animation.easeOut(duration: 0.25)
    /// Where the toasts stack in the player.
    @ViewState public var alignment = Alignment.bottomLeading
    /// The room between the toasts and the player's edges.
    @ViewState public var insets = EdgeInsets(all: 16)
    /// Whether toasts at the top or bottom stand clear of the control areas shown along that edge
    /// (``ControlService/visibleAreaFrames``), moving back when the controls hide.
    @ViewState public var avoidsControls = true

    @ViewState private(set) var entries: [Entry] = []
    /// Where the toast overlay lies in its host, once laid out.
    @ViewState var overlayFrame: Rect?
    @ViewState private(set) var makeContent: @MainActor (String) -> AnyWidget = { message in
        AnyWidget(DefaultToast(message: message))
    }
    @Dependency(\.clock) private var clock
    private var nextID = 0
    /// The pending timer of each toast on screen (its fade, then its removal), by toast id.
    private var timers: [Int: TimerToken] = [:]

    /// Shows `message` with the configured look for `duration` seconds (the service's by default).
    public func toast(_ message: String, duration: Double? = nil) {
        show(.message(message), duration: duration)
    }

    /// Shows a widget of your own as a toast.
    public func toast(duration: Double? = nil, @WidgetBuilder _ content: () -> some Widget) {
        show(.widget(AnyWidget(content())), duration: duration)
    }

    /// Draws message toasts with `content` instead of the default dark capsule.
    public func configure(content: @escaping @MainActor (String) -> some Widget) {
        makeContent = { AnyWidget(content($0)) }
    }

    /// Takes every toast away at once.
    public func clear() {
        timers.values.forEach { $0.cancel() }
        timers.removeAll()
        entries.removeAll()
    }

    /// How many toasts still wait for their fade or their removal.
    var pendingTimerCount: Int { timers.count }

    private func show(_ content: Entry.Content, duration: Double?) {
        nextID += 1
        let id = nextID
        withAnimation(insertion) { entries.append(Entry(id: id, content: content)) }
        timers[id] = clock.schedule(after: duration ?? self.duration) { [weak self] in self?.fade(id) }
    }

    private func fade(_ id: Int) {
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return }
        withAnimation(.linear(duration: fadeDuration)) { entries[index].isFading = true }
        timers[id] = clock.schedule(after: fadeDuration) { [weak self] in self?.remove(id) }
    }

    private func remove(_ id: Int) {
        entries.removeAll { $0.id == id }
        timers[id] = nil
    }

    /// Cancels the pending timers.
    override public func didStop() {
        timers.values.forEach { $0.cancel() }
        timers.removeAll()
    }
}
