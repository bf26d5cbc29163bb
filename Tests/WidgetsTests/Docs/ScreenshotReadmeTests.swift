import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The README's screenshot block (under "Desktop"), run in a headless window on the fake engine:
/// keep the two in step.
@MainActor
@Suite(.serialized) struct ScreenshotReadmeTests {
    @Test func theReadmesScreenshotsAreSavedWhereItSays() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
        defer {
            try? FileManager.default.removeItem(atPath: "/tmp/frame.png")
            try? FileManager.default.removeItem(atPath: "/tmp/shots")
        }
        let context = Context(mode: .test).withDependency(
            \.playbackEngine, .fake { _ in FakeMedia(videoSize: Size(width: 1920, height: 1080)) })
        let window = PlayerWindow(size: Size(width: 320, height: 180), context: context) {
            PlayerWidget(context)
        }
        try window.open()
        defer { window.close() }
        context.render.load(MediaItem(path: "movie.mp4"))
        window.runOnce()

        let picture = try context.render.screenshot()  // 1920x1080 for a 1080p video, in any window
        try picture.writePNG(to: URL(fileURLWithPath: "/tmp/frame.png"))
        let shots = context[ScreenshotService.self]
        shots.directory = URL(fileURLWithPath: "/tmp/shots")
        let file = try shots.save(includingOverlay: true)  // the window as shown

        #expect(picture.width == 1920 && picture.height == 1080)
        #expect(try RasterImage(contentsOfPNG: URL(fileURLWithPath: "/tmp/frame.png")).width == 1920)
        #expect(file.path == "/tmp/shots/movie 0-00-00.000.png")
        let shown = try RasterImage(contentsOfPNG: file)
        #expect(shown.width == 320 && shown.height == 180)
    }
}
