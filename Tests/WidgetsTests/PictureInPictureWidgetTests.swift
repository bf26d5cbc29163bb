import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// `PictureInPictureWidget`: disabled without a picture or when not allowed, a toast when picture in
/// picture cannot start, and in a window it moves the video out and back.
@MainActor
@Suite(.serialized) struct PictureInPictureWidgetTests {
    init() {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
    }

    @Test func withoutAWindowItSaysWhyInAToast() async throws {
        let bed = WidgetBed(size: Size(width: 60, height: 40)) { _ in PictureInPictureWidget() }
        let service = bed.context[PictureInPictureButtonService.self]
        #expect(!service.isEnabled, "nothing is loaded")
        bed.click(identifier: "pictureInPicture")
        #expect(bed.toastMessages.isEmpty)

        #expect(try await bed.loadClip())
        #expect(service.isEnabled)
        bed.click(identifier: "pictureInPicture")
        #expect(bed.toastMessages == ["Picture in picture cannot start: no window shows this player"])
        #expect(!bed.context.pip.isActive)

        bed.context.pip.isAllowed = false
        #expect(!service.isEnabled)
    }

    @Test func inAWindowItMovesTheVideoOutAndBack() throws {
        let clock = TestClock()
        let context = Context(mode: .test).withDependency(\.clock, clock)
        context.render.load(MediaItem(path: "clip.mp4"), autoplay: true)
        let window = PlayerWindow(size: Size(width: 120, height: 60), context: context) {
            PictureInPictureWidget()
        }
        try window.open()
        defer { window.close() }
        window.runOnce()
        let host = try #require(window.host)
        let before = host.snapshot()
        let frame = try #require(host.frame(ofIdentifier: "pictureInPicture"))
        host.click(Point(x: frame.midX, y: frame.midY))
        #expect(context.pip.isActive)
        host.update()
        #expect(
            host.snapshot().differingPixelCount(from: before, tolerance: 8) > 10, "the icon takes the accent")
        host.click(Point(x: frame.midX, y: frame.midY))
        #expect(!context.pip.isActive)
        #expect(context.render.status == .playing)
    }

    @Test func theSubtitlesGoWithTheVideoIntoTheSmallWindowAndBack() throws {
        let clock = TestClock()
        let media = FakeMedia(
            videoSize: Size(width: 640, height: 360),
            cues: [SubtitleCue(start: 0, end: 60, text: "Hello there")])
        let context = Context(mode: .test).withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in media })
        context.control.configure(displayStyle: .never)
        context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
        context.render.load(MediaItem(path: "clip.mkv"), autoplay: true)
        let window = PlayerWindow(size: Size(width: 640, height: 360), context: context) {
            PlayerWidget(context)
        }
        try window.open()
        defer { window.close() }
        func settle() {
            for _ in 0..<3 {
                clock.advance(by: 0.1)
                window.runOnce()
            }
        }
        settle()
        let main = try #require(window.host)
        let inPlayer = try #require(main.frame(ofIdentifier: "subtitle"))
        #expect(inPlayer.maxY > 300, "at the bottom of the player: \(inPlayer)")

        try context.pip.start()
        settle()
        #expect(main.frame(ofIdentifier: "subtitle") == nil, "the player shows the placeholder alone")
        let small = try #require(context.pip.host)
        let inSmall = try #require(small.frame(ofIdentifier: "subtitle"), "the small window shows them")
        let size = small.size
        #expect(inSmall.maxY <= size.height && inSmall.maxY > size.height * 0.7, "\(inSmall) in \(size)")
        #expect(inSmall.width < inPlayer.width, "drawn again for the small window")
        let shot = try #require(context.pip.screenshot())
        let scale = Double(shot.width) / size.width
        let white = shot.bounds { $0.r > 230 && $0.g > 230 && $0.b > 230 }
        let text = try #require(white, "white text shows")
        #expect(text.minY / scale >= inSmall.minY - 1 && text.maxY / scale <= inSmall.maxY + 1)

        context.pip.stop()
        settle()
        #expect(main.frame(ofIdentifier: "subtitle") == inPlayer)
    }
}
