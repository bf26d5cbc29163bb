import Testing
import VideoPlayerContainer

// The README's "Testing a widget with the fake engine", compiled and checked: keep the two in step.

/// Shows "Buffering" while the player waits for data.
struct BufferingBadge: Widget {
    var body: some Widget {
        WithService(RenderService.self) { render in
            if render.status == .buffering {
                Text("Buffering").accessibilityIdentifier("buffering")
            }
        }
    }
}

@MainActor
@Test func theBadgeShowsWhileTheEngineBuffers() throws {
    let clock = TestClock()
    let context = Context()
        .withDependency(\.clock, clock)
        .withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 60) })
    let host = SnapshotRenderer(size: Size(width: 320, height: 180), context: context)
        .makeHost(BufferingBadge())
    context.render.load(MediaItem(path: "talk.mp4"), autoplay: true)
    clock.advance(by: 5)  // five seconds of playback, without decoding anything
    let engine = try #require(context.render.engine as? FakePlaybackEngine)
    engine.beginBuffering()
    host.update()
    #expect(host.frame(ofIdentifier: "buffering") != nil)
    #expect(context.render.currentTime == 5)
    engine.endBuffering()
    host.update()
    #expect(host.frame(ofIdentifier: "buffering") == nil)
    #expect(engine.commands == [.load(count: 1, index: 0, autoplay: true)])
}
