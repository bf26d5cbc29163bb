import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// `context.render.screenshot(includingOverlay:)`: the decoded picture at its own size, or the window
/// as shown; a typed error when there is nothing to capture.
@MainActor
@Suite(.serialized) struct ScreenshotTests {
    let clock = TestClock()
    /// The fake engine's picture colour, as the decoder's limited-range YUV gives it back.
    let orange = RGBA(r: 255, g: 128, b: 0)

    init() {
        HeadlessSDL.useDrivers()
    }

    func makeContext(_ media: FakeMedia) -> Context {
        Context(mode: .test)
            .withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in media })
    }

    func noPictureReason(_ render: RenderService) -> String? {
        do {
            _ = try render.screenshot()
            return nil
        } catch .noPicture(let reason) {
            return reason
        } catch {
            return "\(error)"
        }
    }

    @Test func thePictureAloneHasTheVideosOwnSizeAndPixels() throws {
        let context = makeContext(
            FakeMedia(videoSize: Size(width: 64, height: 36), color: Color(red: 1, green: 0.5, blue: 0)))
        context.render.load(MediaItem(path: "clip.mp4"))
        let picture = try context.render.screenshot()
        #expect(picture.width == 64 && picture.height == 36)
        for (x, y) in [(0, 0), (32, 18), (63, 35)] {
            #expect(picture.pixel(x: x, y: y).isClose(to: orange, tolerance: 4), "pixel \(x),\(y)")
        }
        // The file holds the same pixels.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("shot-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        try picture.writePNG(to: file)
        #expect(try RasterImage(contentsOfPNG: file).differingPixelCount(from: picture, tolerance: 0) == 0)
    }

    @Test func nothingToCaptureIsATypedErrorThatSaysWhy() throws {
        let context = makeContext(FakeMedia())
        let render = context.render
        #expect(noPictureReason(render) == "nothing is loaded")

        let soundContext = makeContext(FakeMedia(videoSize: nil))
        let sound = soundContext.render
        sound.load(MediaItem(path: "song.mp3"))
        #expect(noPictureReason(sound) == "the item has no video")

        let slowContext = makeContext(FakeMedia(openingTime: 5))
        let slow = slowContext.render
        slow.load(MediaItem(path: "far.mp4"))
        #expect(noPictureReason(slow) == "the item is still opening")

        let brokenContext = makeContext(FakeMedia(failure: .unsupportedFormat("garbage")))
        let broken = brokenContext.render
        broken.load(MediaItem(path: "broken.mp4"))
        #expect(noPictureReason(broken) == "the item failed")

        // The window: none shows this context.
        #expect(throws: ContainerError.windowNotOpen) { try render.screenshot(includingOverlay: true) }
    }

    @Test(arguments: [Compositing.gpu, .cpu])
    func theWindowAsShownHoldsTheVideoAndTheWidgets(_ compositing: Compositing) throws {
        let context = makeContext(
            FakeMedia(videoSize: Size(width: 64, height: 36), color: Color(red: 1, green: 0.5, blue: 0)))
        let window = PlayerWindow(size: Size(width: 160, height: 90), context: context) {
            ZStack(alignment: .topLeading) {
                VideoSurface(player: context.render.engine)
                Color(red: 0, green: 0, blue: 1).frame(width: 20, height: 20)
            }
        }
        window.compositing = compositing
        try window.open()
        context.render.load(MediaItem(path: "clip.mp4"))
        window.runOnce()
        let shown = try context.render.screenshot(includingOverlay: true)
        #expect(shown.width == 160 && shown.height == 90)
        #expect(shown.pixel(x: 5, y: 5).isClose(to: RGBA(r: 0, g: 0, b: 255), tolerance: 4))
        #expect(shown.pixel(x: 100, y: 60).isClose(to: orange, tolerance: 4))
        // The picture alone keeps its own size, whatever size the window shows it at.
        let picture = try context.render.screenshot()
        #expect(picture.width == 64 && picture.height == 36)
        window.close()
        #expect(throws: ContainerError.windowNotOpen) {
            try context.render.screenshot(includingOverlay: true)
        }
    }
}
