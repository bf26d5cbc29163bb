import Foundation
import Testing
import VideoPlayerContainer

// The README's "Concepts" blocks (state, dependencies, the overlays of PlayerWidget), compiled and
// run on the fake engine: keep the two in step.

final class ChatService: Service {
    @ViewState var unread = 0
}

final class ChatBadgeService: Service {
    // Mirrors ChatService.unread: widgets reading `unread` here redraw when ChatService changes.
    @StateSync(serviceType: ChatService.self, keyPath: \.$unread) var unread: Int
}

enum GreetingKey: DependencyKey {
    static var liveValue: @Sendable () -> String { { "Hello" } }
    // testValue defaults to reporting an issue when a test uses the live value without overriding it.
}

extension DependencyValues {
    var greeting: @Sendable () -> String {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
}

final class GreeterService: Service {
    @Dependency(\.greeting) var greeting
}

// Stand-ins for an app's own widgets, which the overlays example places.
struct SeekBar: Widget {
    var body: some Widget { Rectangle().fill(.red).frame(height: 4) }
}

struct TimeLabel: Widget {
    var body: some Widget { Text("0:00").foregroundColor(.white) }
}

struct TitleLabel: Widget {
    var body: some Widget { Text("Title").foregroundColor(.white) }
}

struct CommentsPanel: Widget {
    var body: some Widget { Color.black.accessibilityIdentifier("comments-panel") }
}

struct DanmakuLayer: Widget {
    var body: some Widget { Text("666").foregroundColor(.yellow).accessibilityIdentifier("danmaku") }
}

@MainActor
@Suite struct ConceptsReadmeTests {
    @Test func aStateSyncMirrorsTheStateOfAnotherService() {
        let context = Context()
        context[ChatService.self].unread = 3
        #expect(context[ChatBadgeService.self].unread == 3)
        let host = SnapshotRenderer(size: Size(width: 100, height: 40), context: context)
            .makeHost(WithService(ChatBadgeService.self) { badge in Text("\(badge.unread)") })
        let before = host.redrawCount
        context[ChatService.self].unread = 4
        host.update()
        #expect(host.redrawCount == before + 1)
        #expect(context[ChatBadgeService.self].unread == 4)
    }

    @Test func aDependencyOverrideReachesServicesMadeBeforeIt() {
        let context = Context()
        let greeter = context[GreeterService.self]
        context.withDependency(\.greeting) { { "Hi" } }
        #expect(greeter.greeting() == "Hi")
    }

    /// Runs the README's overlays example on `context`.
    func configureAsTheReadmeDoes(_ context: Context, first: URL, second: URL) {
        // The video and its state: every piece of state is its own @ViewState.
        context.render.load([MediaItem(url: first), MediaItem(url: second)], autoplay: true)
        context.render.gravity = .fill

        // Controls per status, as data: areas top1/top2, left, right, center, bottom1/2/3.
        context.control.configure([.halfScreen(.bottom1), .fullScreen(.bottom1)]) {
            [SeekBar(), TimeLabel()]
        }
        context.control.configure(.fullScreen(.top1)) { [TitleLabel()] }
        context.control.configure(displayStyle: .auto(firstAppear: true, duration: 5))

        // Gestures over the video: tap and double tap never both fire for one double tap.
        // The context keeps its handlers: they hold it weakly, or it would never be freed.
        context.gesture.observe(.doubleTap(.right)) { [weak context] _ in context?.render.skip(by: 10) }
        context.gesture.observe(.drag(.horizontal)) { event in print(event.phase, event.translation) }

        // Status: halfScreen, fullScreen, portrait; the control overlay shows that status's widgets.
        context.status.toFullScreen()

        // Panels from an edge (a change of status dismisses them): squeeze shrinks the video to make
        // room, cover lies over the controls.
        context.feature.present(.right(.squeeze(320))) { CommentsPanel() }
        context.plugin.present(.center) { Symbol(.heartFill).foregroundColor(.pink) }
        context.toast.alignment = .topTrailing
        context.toast.toast("Speed 1.5×")

        // A custom overlay above the render overlay (below feature, plugin, control and toast).
        context.container.insert(overlay: "danmaku", above: .render) { DanmakuLayer() }
    }

    @Test func theOverlaysExampleBuildsAPlayerThatIsFreedWithItsContext() throws {
        weak var released: Context?
        do {
            let clock = TestClock()
            let context = Context()
                .withDependency(\.clock, clock)
                .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 60) })
            released = context
            configureAsTheReadmeDoes(
                context, first: URL(fileURLWithPath: "first.mp4"), second: URL(fileURLWithPath: "second.mp4"))
            let host = SnapshotRenderer(size: Size(width: 960, height: 540), context: context)
                .makeHost(PlayerWidget(context))
            clock.advance(by: 1)
            host.update()
            #expect(context.status.status == .fullScreen)
            #expect(context.render.isPlaying)
            #expect(host.frame(ofIdentifier: "danmaku") != nil)
            #expect(host.frame(ofIdentifier: "comments-panel")?.width == 320)

            // A double tap on the right half skips 10 s (once the panel is gone: a tap outside
            // it only closes it).
            context.feature.dismiss(animated: false)
            host.update()
            let right = Point(x: 800, y: 270)
            for _ in 0..<2 {
                host.handle(.pointerDown(right))
                host.handle(.pointerUp(right))
            }
            clock.advance(by: 1)
            host.update()
            #expect(context.render.currentTime >= 11)
        }
        #expect(released == nil)
    }
}
