import VideoPlayerWidgets

/// Scrolls the sound name of the playing page: a clock-driven phase that advances while the
/// video plays and stops with it (no timer runs while paused).
final class MarqueeService: Service {
    /// Scrolling speed in points per second.
    var speed = 30.0
    /// Seconds between two steps.
    var tickInterval = 1.0 / 30
    /// Space between the end of the text and the start of its next copy.
    static let gap = 40.0
    /// How far in from the window's sides the text fades in and out.
    static let fade = 14.0

    /// How far the text has scrolled since the service started, in points; each marquee wraps it
    /// at the length of its own text and gap.
    @ViewState private(set) var distance = 0.0
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
            self.distance += self.speed * self.tickInterval
            self.scheduleTick()
        }
    }

    override func didStop() {
        timer?.cancel()
    }
}

/// One line of text scrolling right to left in a window of `width` points, repeating seamlessly:
/// each copy follows the one before after the same gap.
struct MarqueeText: Widget {
    let text: String
    let width: Double
    /// Whether it scrolls; a still marquee shows the start of the text.
    let isScrolling: Bool

    var body: some Widget {
        WithService(MarqueeService.self) { marquee in
            // Copies in slots of the text's width and the gap, enough to fill the window at any
            // offset: when the first has scrolled out, the second is where the first started.
            let slot = Font.callout.size(of: text).width + MarqueeService.gap
            let copies = Int((width / slot).rounded(.up)) + 1
            HStack(spacing: 0) {
                ForEach(0..<copies) { copy in
                    Text(text).font(.callout).lineLimit(1)
                        .frame(width: slot, alignment: .leading)
                        // A reader reads the text once.
                        .accessibilityHidden(copy > 0)
                }
            }
            .offset(x: isScrolling ? -marquee.distance.truncatingRemainder(dividingBy: slot) : 0)
            .frame(width: width, alignment: .leading)
            // The text comes in and goes out softly rather than cut at the window's sides.
            .fadingEdges(isScrolling ? .horizontal : .trailing, length: MarqueeService.fade)
            .accessibilityIdentifier(isScrolling ? "marquee" : "marquee.still")
        }
    }
}
