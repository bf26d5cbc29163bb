import Testing
import VideoPlayerContainer

final class PlaybackService: Service {
    @ViewState var playOrPaused = false

    func didClick() { playOrPaused.toggle() }
}

struct PlaybackWidget: Widget {
    var body: some Widget {
        WithService(PlaybackService.self) { service in
            Symbol(service.playOrPaused ? .pause : .play)
                .frame(width: 50, height: 50)
                .foregroundColor(.white)
                .onTap { service.didClick() }
        }
    }
}

@MainActor
@Suite struct PlaybackWidgetTests {
    let size = Size(width: 200, height: 100)

    @Test func clickingThePlayButtonShowsThePauseIcon() {
        let context = Context(mode: .test)
        let renderer = SnapshotRenderer(size: size, context: context)
        let host = renderer.makeHost(PlaybackWidget(), clearColor: .black)
        let before = host.snapshot()
        let expectedPlay = renderer.render(
            Symbol(.play).frame(width: 50, height: 50).foregroundColor(.white), background: .black)
        let expectedPause = renderer.render(
            Symbol(.pause).frame(width: 50, height: 50).foregroundColor(.white), background: .black)
        #expect(before.differingPixelCount(from: expectedPlay) == 0)

        // The widget is centred: its 50×50 frame spans (75, 25)...(125, 75).
        #expect(host.handle(.pointerDown(Point(x: 100, y: 50))))
        #expect(host.handle(.pointerUp(Point(x: 100, y: 50))))
        #expect(context[PlaybackService.self].playOrPaused)
        // Only the 14-point icon (the body font size) in the middle of its frame is repainted.
        #expect(host.update() == [Rect(x: 93, y: 43, width: 14, height: 14)])

        let after = host.snapshot()
        #expect(after.differingPixelCount(from: expectedPause) == 0)
        // Exactly the pixels where the two icons differ changed.
        #expect(after.differingPixelCount(from: before) > 0)
        #expect(
            after.differingPixelCount(from: before) == expectedPlay.differingPixelCount(from: expectedPause))
    }

    @Test func clickOutsideTheIconDoesNothing() {
        let context = Context(mode: .test)
        let host = SnapshotRenderer(size: size, context: context).makeHost(PlaybackWidget())
        #expect(!host.handle(.pointerDown(Point(x: 10, y: 10))))
        host.handle(.pointerUp(Point(x: 10, y: 10)))
        #expect(!context[PlaybackService.self].playOrPaused)
        #expect(host.update().isEmpty)
    }
}
