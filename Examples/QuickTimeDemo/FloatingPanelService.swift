import VideoPlayerWidgets

/// Where the floating control panel is and whether it shows: it appears when the pointer moves
/// over the player, hides after `hideDelay` seconds without activity (not while the pointer is on
/// it), and can be dragged anywhere inside the player.
final class FloatingPanelService: Service {
    /// The panel's size in points.
    static let panelSize = Size(width: 540, height: 96)
    /// The padding inside the panel, around its two rows.
    static let padding = 16.0
    /// Seconds of inactivity after which the panel hides.
    var hideDelay = 3.0

    /// The panel's top-left corner in the player.
    @ViewState private(set) var origin = Point.zero
    @ViewState private(set) var isVisible = true
    @Dependency(\.clock) private var clock
    private var playerSize = Size.zero
    private var dragStart: Point?
    private var isHovered = false
    private var hideTimer: TimerToken?

    required init(_ context: Context) {
        super.init(context)
        context.gesture.observe(.hover) { [weak self] _ in self?.show() }
    }

    /// Places the panel at the bottom centre of a player of `size`, as QuickTime opens.
    func place(in size: Size) {
        playerSize = size
        let panel = Self.panelSize
        move(to: Point(x: (size.width - panel.width) / 2, y: size.height - panel.height - 40))
        show()
    }

    /// Shows the panel and restarts the hide timer.
    func show() {
        if !isVisible { withAnimation(.easeOut(duration: 0.2)) { isVisible = true } }
        hideTimer?.cancel()
        hideTimer = clock.schedule(after: hideDelay) { [weak self] in self?.hideIfIdle() }
    }

    func hovered(_ inside: Bool) {
        isHovered = inside
        show()
    }

    /// Moves the panel with a drag of its background.
    func drag(_ value: DragValue) {
        let start = dragStart ?? origin
        dragStart = value.phase == .ended ? nil : start
        move(to: Point(x: start.x + value.translation.x, y: start.y + value.translation.y))
        show()
    }

    private func hideIfIdle() {
        guard !isHovered else { return show() }
        withAnimation(.easeIn(duration: 0.4)) { isVisible = false }
    }

    /// Moves the panel, kept inside the player, and puts the seek bar's preview above it.
    private func move(to point: Point) {
        let panel = Self.panelSize
        origin = Point(
            x: min(max(point.x, 0), max(0, playerSize.width - panel.width)),
            y: min(max(point.y, 0), max(0, playerSize.height - panel.height)))
        guard let preview = context?.seekPreview else { return }
        preview.leadingInset = origin.x + Self.padding
        preview.bottomInset = playerSize.height - origin.y + 6
    }

    override func didStop() {
        hideTimer?.cancel()
    }
}
