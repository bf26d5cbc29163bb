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
}
