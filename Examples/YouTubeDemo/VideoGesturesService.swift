import DemoSupport
import VideoPlayerWidgets

/// The gestures over the video: double-click for fullscreen (and, in fullscreen, on the left or
/// right third to step 10 seconds), and a sideways drag that scrubs with a time bubble.
final class VideoGesturesService: Service {
    /// Seconds a double tap on a side steps.
    let step = 10.0
    /// The time a sideways drag is at; `nil` when not scrubbing.
    @ViewState private(set) var scrubTime: Double?
    @Dependency(\.clock) private var clock
    private var scrubStart = 0.0
    private var feedbackTimer: TimerToken?

    required init(_ context: Context) {
        super.init(context)
        context.gesture.observe(.doubleTap(.all)) { [weak self] event in self?.doubleTapped(event) }
        context.gesture.observe(.drag(.horizontal)) { [weak self] event in self?.dragged(event) }
    }

    private func doubleTapped(_ event: GestureEvent) {
        guard let context else { return }
        guard context.status.status == .fullScreen else { return context.status.toFullScreen() }
        let fraction = event.size.width > 0 ? event.location.x / event.size.width : 0.5
        switch fraction {
        case ..<(1.0 / 3): stepAndShow(by: -step, at: .leading)
        case (2.0 / 3)...: stepAndShow(by: step, at: .trailing)
        default: context.status.toHalfScreen()
        }
    }

    /// Steps, then shows "« 10 seconds" on that side for a moment, as YouTube does.
    private func stepAndShow(by offset: Double, at alignment: Alignment) {
        guard let context else { return }
        context[StepService.self].step(by: offset)
        let text = offset < 0 ? "«  \(Int(-offset)) seconds" : "\(Int(offset)) seconds  »"
        context.plugin.present(alignment) { StepFeedbackBubble(text: text) }
        feedbackTimer?.cancel()
        feedbackTimer = clock.schedule(after: 0.8) { [weak context] in context?.plugin.dismiss() }
    }

    private func dragged(_ event: GestureEvent) {
        guard let render = context?.render, let duration = render.duration, event.size.width > 0 else {
            return
        }
        switch event.phase {
        case .began:
            scrubStart = render.currentTime
            context?.plugin.present(.center, animated: false) { ScrubBubble() }
            fallthrough
        case .changed:
            // Sweeping the video's whole width moves through the whole item.
            let time = scrubStart + event.translation.x / event.size.width * duration
            scrubTime = min(max(time, 0), duration)
        case .ended:
            if let scrubTime { render.seek(to: scrubTime, exact: true) }
            scrubTime = nil
            context?.plugin.dismiss(animated: false)
        }
    }

    override func didStop() {
        feedbackTimer?.cancel()
    }
}

/// The time a sideways drag will land on, and the distance from where it started.
struct ScrubBubble: Widget {
    var body: some Widget {
        WithService(VideoGesturesService.self) { gestures in
            WithService(RenderService.self) { render in
                let time = gestures.scrubTime ?? render.currentTime
                let duration = render.duration ?? time
                Text("\(DurationText.string(time)) / \(DurationText.string(duration))")
                    .font(Font(size: 22, weight: .bold, monospacedDigits: true))
                    .foregroundColor(.white)
                    .padding(EdgeInsets(horizontal: 18, vertical: 10))
                    .background(Capsule().fill(Color(white: 0, alpha: 0.7)))
                    .allowsHitTesting(false)
                    .accessibilityIdentifier("scrubBubble")
            }
        }
    }
}

/// "« 10 seconds" in a round translucent patch on the side that was double-tapped.
struct StepFeedbackBubble: Widget {
    let text: String

    var body: some Widget {
        Text(text).font(Font(size: 16, weight: .bold)).foregroundColor(.white)
            .frame(width: 150, height: 150)
            .background(Circle().fill(Color(white: 1, alpha: 0.18)))
            .padding(.horizontal, 60)
            .allowsHitTesting(false)
    }
}
