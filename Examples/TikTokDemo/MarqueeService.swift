import VideoPlayerWidgets

/// Scrolls the sound name of the playing page: a clock-driven phase that advances while the
/// video plays and stops with it (no timer runs while paused).
final class MarqueeService: Service {
    /// Scrolling speed in points per second.
    var speed = 30.0
    /// Seconds between two steps.
    var tickInterval = 1.0 / 30
    /// Distance after which the text repeats: one copy's slot in ``MarqueeText``.
    static let stride = 260.0

    /// How far the text has scrolled, in `0..<stride`.
    @ViewState private(set) var phase = 0.0
    @Dependency(\.clock) private var clock
    private var timer: TimerToken?

    required init(_ context: Context) {
        super.init(context)
        context.render.observe { [weak self] _ in self?.followPlayback() }
        followPlayback()
    }

    private func followPlayback() {
        let isPlaying = context?.render.isPlaying ?? false
        if isPlaying, timer == nil {
            scheduleTick()
        } else if !isPlaying {
            timer?.cancel()
            timer = nil
        }
    }

    private func scheduleTick() {
        timer = clock.schedule(after: tickInterval) { [weak self] in
            guard let self else { return }
            self.phase = (self.phase + self.speed * self.tickInterval).truncatingRemainder(
                dividingBy: Self.stride)
            self.scheduleTick()
        }
    }

    override func didStop() {
        timer?.cancel()
    }
}

/// One line of text scrolling right to left in a window of `width` points, repeating seamlessly.
struct MarqueeText: Widget {
    let text: String
    let width: Double
    /// Whether it scrolls; a still marquee shows the start of the text.
    let isScrolling: Bool

    var body: some Widget {
        WithService(MarqueeService.self) { marquee in
            // Two copies, each in a slot one stride wide: when the first has scrolled out, the
            // second is exactly where the first started, and the phase wraps to 0.
            HStack(spacing: 0) {
                ForEach(0..<2) { copy in
                    Text(text).font(.callout).lineLimit(1)
                        .frame(width: MarqueeService.stride, alignment: .leading)
                        // A reader reads the text once.
                        .accessibilityHidden(copy == 1)
                }
            }
            .offset(x: isScrolling ? -marquee.phase : 0)
            .frame(width: width, alignment: .leading)
            .clipped()
            .accessibilityIdentifier(isScrolling ? "marquee" : "marquee.still")
        }
    }
}
