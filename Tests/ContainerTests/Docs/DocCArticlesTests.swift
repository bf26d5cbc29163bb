import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport

// The code of the DocC articles in Sources/Container/Documentation.docc, compiled and run: keep the
// two in step.

// Getting started

/// The position and the length of the item: "0:42 / 3:10".
struct PositionLabel: Widget {
    var body: some Widget {
        WithService(RenderService.self) { render in
            Text("\(Self.minutes(render.currentTime)) / \(Self.minutes(render.duration ?? 0))")
                .font(Font(size: 13, monospacedDigits: true))
                .foregroundColor(.white)
                .padding(8)
                .accessibilityIdentifier("position")
        }
    }

    static func minutes(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return "\(whole / 60):" + (whole % 60 < 10 ? "0" : "") + "\(whole % 60)"
    }
}

/// The article's program; compiled, not run (it opens a window and plays until it closes).
@MainActor
func gettingStartedProgram() throws {
    let context = Context()
    context.control.configure([.halfScreen(.bottom1), .fullScreen(.bottom1)]) { [Spacer(), PositionLabel()] }
    context.render.load(MediaItem(url: URL(fileURLWithPath: "talk.mp4")), autoplay: true)

    try PlayerWindow(title: "Talk", size: Size(width: 1280, height: 720), context: context) {
        PlayerWidget(context)
    }.run()
}

@MainActor
@Test func thePositionLabelFollowsPlayback() throws {
    let bed = WidgetBed(size: Size(width: 320, height: 60), engine: .fake { _ in FakeMedia(duration: 190) }) {
        _ in PositionLabel()
    }
    bed.context.render.load(MediaItem(path: "talk.mp4"), autoplay: true)
    bed.clock.advance(by: 42)
    bed.host.update()
    let label = bed.host.accessibilityElements.first { $0.identifier == "position" }
    #expect(label?.label == "0:42 / 3:10")
}

// Writing a widget

/// Pauses the player after a while, as a sleep timer does.
final class SleepTimerService: Service {
    /// Seconds left before the player pauses; `nil` while the timer is off.
    @ViewState private(set) var remaining: Double?
    @Dependency(\.clock) var clock
    private var tick: TimerToken?

    func start(minutes: Double) {
        tick?.cancel()
        remaining = minutes * 60
        scheduleTick()
    }

    func cancel() {
        tick?.cancel()
        remaining = nil
    }

    private func scheduleTick() {
        tick = clock.schedule(after: 1) { [weak self] in self?.countDown() }
    }

    private func countDown() {
        guard let left = remaining else { return }
        if left > 1 {
            remaining = left - 1
            scheduleTick()
        } else {
            remaining = nil
            context?.render.pause()
            context?.toast.toast("Sleep timer: paused")
        }
    }

    override func didStop() {
        tick?.cancel()
    }
}

struct SleepTimerButton: Widget {
    var body: some Widget {
        WithService(SleepTimerService.self) { timer in
            Text(timer.remaining.map { "Sleep in \(Int(($0 / 60).rounded(.up))) min" } ?? "Sleep timer")
                .foregroundColor(.white)
                .padding(8)
                .background(Capsule().fill(Color(white: 0, alpha: 0.5)))
                .onTap { timer.remaining == nil ? timer.start(minutes: 15) : timer.cancel() }
                .accessibilityIdentifier("sleep-timer")
        }
    }
}

@MainActor
@Test func theSleepTimerButtonGoesIntoTheFullScreenTopRow() throws {
    let bed = WidgetBed(size: Size(width: 480, height: 270)) { context in PlayerWidget(context) }
    let (context, host) = (bed.context, bed.host)
    context.control.configure(.fullScreen(.top1)) { [Spacer(), SleepTimerButton()] }
    host.update()
    #expect(host.frame(ofIdentifier: "sleep-timer") == nil)  // half-screen: not configured there
    context.status.toFullScreen()
    host.update()
    let button = try #require(host.frame(ofIdentifier: "sleep-timer"))
    #expect(button.maxX > 400 && button.minY < 60)  // pushed right by the spacer, in the top row
}

// Testing a widget with the fake engine

@MainActor
@Test func theSleepTimerPausesThePlayerAfterAQuarterOfAnHour() throws {
    let clock = TestClock()
    let context = Context()
        .withDependency(\.clock, clock)
        .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 3600) })
    let host = SnapshotRenderer(size: Size(width: 480, height: 270), context: context)
        .makeHost(SleepTimerButton())
    context.render.load(MediaItem(path: "lecture.mp4"), autoplay: true)
    host.update()
    let button = try #require(host.frame(ofIdentifier: "sleep-timer"))
    host.handle(.pointerDown(button.center))
    host.handle(.pointerUp(button.center))
    #expect(context[SleepTimerService.self].remaining != nil)

    clock.advance(by: 15 * 60)
    #expect(context.render.status == .paused)
    #expect(context[SleepTimerService.self].remaining == nil)
    let engine = try #require(context.render.engine as? FakePlaybackEngine)
    #expect(engine.commands.last == .pause)
}

/// Says why the item stopped, with a button that tries again.
struct RetryBanner: Widget {
    var body: some Widget {
        WithService(RenderService.self) { render in
            if let error = render.error {
                VStack(spacing: 8) {
                    Text("\(error)").foregroundColor(.white)
                    Text("Try again").foregroundColor(.white).padding(6)
                        .onTap { render.retry() }
                        .accessibilityIdentifier("retry")
                }
            }
        }
    }
}

@MainActor
@Test func theBannerRetriesAStreamThatFailed() throws {
    let clock = TestClock()
    let context = Context()
        .withDependency(\.clock, clock)
        .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 600) })
    let host = SnapshotRenderer(size: Size(width: 480, height: 270), context: context)
        .makeHost(RetryBanner())
    context.render.load(MediaItem(path: "https://example.com/match.m3u8"), autoplay: true)
    clock.advance(by: 30)
    let engine = try #require(context.render.engine as? FakePlaybackEngine)
    engine.fail(with: .network(.connectionLost))
    host.update()
    let retry = try #require(host.frame(ofIdentifier: "retry"))
    host.handle(.pointerDown(retry.center))
    host.handle(.pointerUp(retry.center))
    clock.advance(by: 0.5)
    #expect(engine.commands.last == .retry)
    #expect(context.render.status == .playing)
    #expect(context.render.currentTime >= 30)
}

// Overlays and status

@MainActor
@Test func theOverlaysArticleConfiguresEachOverlay() throws {
    let bed = WidgetBed(size: Size(width: 640, height: 360)) { context in PlayerWidget(context) }
    let (context, host, clock) = (bed.context, bed.host, bed.clock)
    var statuses: [ScreenStatus] = []
    context.status.observe { statuses.append($0) }

    context.control.configure([.halfScreen(.bottom1), .fullScreen(.bottom1)]) {
        [Spacer(), Text("Live").foregroundColor(.red)]
    }
    context.control.configure(.fullScreen(.top1)) { [Text("Lecture 3: Entropy").foregroundColor(.white)] }
    context.control.configure(.portrait(.right)) { [Symbol(.heart), Symbol(.comment), Symbol(.share)] }
    context.control.configure(displayStyle: .auto(firstAppear: true, duration: 3))
    context.status.toFullScreen()

    context.feature.present(.right(.squeeze(280))) {
        Text("Up next").foregroundColor(.white).padding(12)
    }
    context.plugin.present(.center) { Symbol(.heartFill).foregroundColor(.pink) }
    context.toast.toast("Added to Watch later")

    context.gesture.observe(.doubleTap(.right)) { [weak context] _ in context?.render.skip(by: 10) }
    context.status.observe { [weak context] status in
        context?.toast.toast(status == .fullScreen ? "Full screen" : "Back to the page")
    }
    host.update()
    let labels = host.accessibilityElements.map(\.label)
    #expect(statuses == [.fullScreen])
    #expect(labels.contains("Lecture 3: Entropy") && labels.contains("Live"))
    #expect(labels.contains("Up next") && labels.contains("Added to Watch later"))
    #expect(context.feature.squeezeInsets.trailing == 280)
    #expect(context.plugin.isBeingPresented)
    context.status.toHalfScreen()
    #expect(!context.feature.isPresented)  // a change of status dismisses the panel
    host.update()
    #expect(host.accessibilityElements.contains { $0.label == "Back to the page" })
    clock.advance(by: 3.5)  // auto: the controls fade after 3 s
    host.update()
    #expect(!context.control.isBeingPresented)
}
