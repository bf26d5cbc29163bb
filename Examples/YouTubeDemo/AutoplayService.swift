import DemoSupport
import VideoPlayerWidgets

/// Auto-play: when a video ends and another follows, counts down "Up next in 5" and plays it,
/// unless cancelled.
final class AutoplayService: Service {
    /// Seconds the countdown starts from.
    var countdown = 5
    /// Seconds left before the next video plays; `nil` when no countdown runs.
    @ViewState private(set) var secondsLeft: Int?
    @Dependency(\.clock) private var clock
    private var tick: TimerToken?

    required init(_ context: Context) {
        super.init(context)
        context.render.observe { [weak self] event in
            switch event {
            case .ended: self?.start()
            case .itemChanged: self?.cancel()
            default: break
            }
        }
    }

    /// Plays the next video now.
    func playNow() {
        cancel()
        context?.watchQueue.playNext()
    }

    /// Stops the countdown and stays on the ended video.
    func cancel() {
        tick?.cancel()
        tick = nil
        secondsLeft = nil
    }

    private func start() {
        guard context?.watchQueue.next != nil else { return }
        secondsLeft = countdown
        scheduleTick()
    }

    private func scheduleTick() {
        tick = clock.schedule(after: 1) { [weak self] in
            guard let self, let left = self.secondsLeft else { return }
            if left <= 1 { return self.playNow() }
            self.secondsLeft = left - 1
            self.scheduleTick()
        }
    }

    override func didStop() {
        tick?.cancel()
    }
}

/// The end screen while the countdown runs: the next video, "Up next in N", Cancel and Play now.
struct UpNextCountdownOverlay: Widget {
    var body: some Widget {
        WithService(AutoplayService.self) { autoplay in
            WithService(WatchQueueService.self) { queue in
                if let seconds = autoplay.secondsLeft, let next = queue.next {
                    ZStack {
                        Color(white: 0, alpha: 0.7).contentShape()
                        VStack(spacing: 14) {
                            Text("Up next in \(seconds)").font(Font(size: 16)).foregroundColor(
                                YouTubeStyle.secondaryText
                            )
                            .accessibilityIdentifier("upNext.countdown")
                            Text(next.title).font(Font(size: 22, weight: .bold)).foregroundColor(.white)
                            Text(next.channel).font(.body).foregroundColor(YouTubeStyle.secondaryText)
                            HStack(spacing: 12) {
                                Pill {
                                    Text("Cancel").font(Font(size: 14, weight: .bold)).foregroundColor(.white)
                                }
                                .contentShape().onTap { autoplay.cancel() }.focusable()
                                .accessibilityIdentifier("upNext.cancel")
                                Pill(fill: .white) {
                                    Text("Play now").font(Font(size: 14, weight: .bold)).foregroundColor(
                                        .black)
                                }
                                .contentShape().onTap { autoplay.playNow() }.focusable()
                                .prefersDefaultFocus()
                                .accessibilityIdentifier("upNext.play")
                            }
                        }
                    }
                    .transition(.opacity)
                }
            }
        }
    }
}
