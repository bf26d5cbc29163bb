import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

// The README's "A first example", compiled beside the ready-made widgets (whose names it must not
// take) and run on the fake engine: keep the two in step.

final class PlayPauseService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$isPlaying) var isPlaying: Bool

    func didClick() {
        if isPlaying { context?.render.pause() } else { context?.render.play() }
    }
}

struct PlayPauseButton: Widget {
    var body: some Widget {
        WithService(PlayPauseService.self) { service in
            Symbol(service.isPlaying ? .pause : .play)
                .resizable()
                .frame(width: 50, height: 50)
                .foregroundColor(.white)
                .onTap { service.didClick() }
        }
    }
}

/// The README's window flow. Compiled, not run: `run()` shows a window until it is closed.
@MainActor
func openTheFirstExampleWindow() throws {
    let context = Context()
    context.control.configure(.halfScreen(.center)) { [PlayPauseButton()] }
    context.render.load(MediaItem(url: URL(fileURLWithPath: "movie.mp4")))
    context.render.play()

    try PlayerWindow(title: "Player", size: Size(width: 960, height: 540), context: context) {
        PlayerWidget(context)
    }.run()
}

@MainActor
@Suite struct FirstExampleReadmeTests {
    let size = Size(width: 200, height: 100)

    /// Whether `image` shows `symbol` as the button draws it.
    func shows(_ symbol: SymbolName, in image: RasterImage) -> Bool {
        let reference = SnapshotRenderer(size: size, context: Context())
            .render(Symbol(symbol).resizable().frame(width: 50, height: 50).foregroundColor(.white))
        return (0..<100).allSatisfy { y in
            (0..<200).allSatisfy { x in image.pixel(x: x, y: y) == reference.pixel(x: x, y: y) }
        }
    }

    @Test func theIconFollowsThePlayerAndATapAsksIt() {
        let clock = TestClock()
        let context = Context().withDependency(\.clock, clock)
        context.render.load(MediaItem(url: URL(fileURLWithPath: "movie.mp4")))
        context.render.play()
        let host = SnapshotRenderer(size: size, context: context).makeHost(PlayPauseButton())
        clock.advance(by: 1)
        host.update()
        #expect(context.render.isPlaying)
        #expect(shows(.pause, in: host.snapshot()))

        host.handle(.pointerDown(Point(x: 100, y: 50)))
        host.handle(.pointerUp(Point(x: 100, y: 50)))
        clock.advance(by: 1)
        host.update()
        #expect(!context.render.isPlaying)
        #expect(shows(.play, in: host.snapshot()))
    }

    @Test func itsNamesLeaveTheReadyMadePlayButtonInPlace() {
        #expect(String(reflecting: PlaybackWidget.self) == "VideoPlayerWidgets.PlaybackWidget")
        #expect(String(reflecting: PlaybackService.self) == "VideoPlayerWidgets.PlaybackService")
        let context = Context()
        let both = HStack {
            PlaybackWidget()
            PlayPauseButton()
        }
        let image = SnapshotRenderer(size: size, context: context).render(both)
        #expect(image.ink(in: Rect(x: 0, y: 0, width: 200, height: 100)) > 0)
    }

    @Test func aSnapshotIsReadAndWrittenAsTheReadmeSays() throws {
        let context = Context()
        let image = SnapshotRenderer(size: Size(width: 200, height: 100), context: context)
            .render(PlayPauseButton())
        let centre = image.pixel(x: 100, y: 50)  // RGBA, straight alpha over a transparent background
        try image.writePNG(to: FileManager.default.temporaryDirectory.appendingPathComponent("snapshot.png"))
        #expect(centre.a > 0)
    }
}
