import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import vpc_play

/// vpc-play's screenshot keys, as in mpv: Shift+S the picture alone, Ctrl+S the window; s alone
/// still steps one frame, as in ffplay.
@MainActor
@Suite struct VPCPlayScreenshotKeyTests {
    @Test func shiftSSavesThePictureWhereTheOptionSaysAndSAloneSteps() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vpc-shots-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        var app: PlayerApp?
        var toasts: [String] = []
        let bed = WidgetBed(engine: .fake { _ in FakeMedia(duration: 65) }) { context in
            context.toast.configure { message in
                toasts.append(message)
                return Text(message)
            }
            let made = PlayerApp(
                items: [], size: Size(width: 320, height: 180), volume: 1, rate: 1, loop: false,
                autoexit: false, screenshotDirectory: folder, context: context)
            app = made
            return made.root
        }
        #expect(app != nil)
        #expect(await bed.load(MediaItem(path: "/films/sample.mp4", title: "sample.mp4")))
        bed.host.handle(.keyDown("S", modifiers: .shift))
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(saved == ["sample.mp4 0-00-00.000.png"])
        bed.host.update()
        #expect(toasts.last == "Screenshot saved: \(folder.path)/sample.mp4 0-00-00.000.png")
        // Ctrl+S asks for the window, and this bed has none: said, and nothing saved.
        bed.host.handle(.keyDown("S", modifiers: .control))
        bed.host.update()
        #expect(toasts.last == "No window is open to capture")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
        let render = bed.context.render
        render.pause()
        let before = render.statistics.framesPresented
        bed.host.handle(.keyDown("s"))
        #expect(render.statistics.framesPresented > before, "s steps one frame")
    }
}
