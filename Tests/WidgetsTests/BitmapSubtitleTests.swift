import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// Bitmap subtitles (PGS, VobSub, DVB) are drawn where their track placed them on its canvas,
/// scaled onto the picture's rectangle, and only while they show.
@MainActor
@Suite struct BitmapSubtitleTests {
    /// A red 160x60 picture at (80, 360) of a 640x480 canvas, from 0 s to 2 s.
    static let cue = SubtitleCue(
        start: 0, end: 2, text: "",
        bitmaps: [
            SubtitleBitmap(
                x: 80, y: 360, width: 160, height: 60, canvasWidth: 640, canvasHeight: 480,
                pixels: Array(repeating: 0xFFFF_0000, count: 160 * 60))
        ])

    static func isRed(_ pixel: RGBA) -> Bool { pixel.r > 200 && pixel.g < 60 && pixel.b < 60 }

    @Test func aPictureIsScaledOntoTheVideoAtItsPlace() async throws {
        // A 4:3 picture in a 16:9 player: x 40...280 at a scale of 0.375.
        let bed = SubtitleStyleTests.bed(
            media: FakeMedia(videoSize: Size(width: 640, height: 480), cues: [Self.cue]))
        #expect(await bed.load(MediaItem(path: "vobsub.mkv")))
        bed.wait(0.3)
        let shot = bed.snapshot()
        if let folder = ProcessInfo.processInfo.environment["VPC_SCREENSHOTS"] {
            try shot.writePNG(to: URL(fileURLWithPath: folder).appendingPathComponent("subtitles-bitmap.png"))
        }
        let red = try #require(shot.bounds(where: Self.isRed))
        #expect(abs(red.minX - 70) <= 1.5 && abs(red.maxX - 130) <= 1.5, "\(red)")
        #expect(abs(red.minY - 135) <= 1.5 && abs(red.maxY - 157.5) <= 1.5, "\(red)")
        #expect(bed.context[SubtitleService.self].text.isEmpty, "a picture has no text")
    }

    @Test func aPictureFollowsTheGravityAndLeavesAtItsEnd() async throws {
        let bed = SubtitleStyleTests.bed(
            media: FakeMedia(videoSize: Size(width: 640, height: 480), cues: [Self.cue]))
        #expect(await bed.load(MediaItem(path: "vobsub.mkv")))
        bed.context.render.gravity = .fill
        bed.wait(0.3)
        // Filled: the picture spans x 0...320 at a scale of 0.5 and is cut at y 30...210.
        let filled = try #require(bed.snapshot().bounds(where: Self.isRed))
        #expect(abs(filled.minX - 40) <= 1.5 && abs(filled.maxX - 120) <= 1.5, "\(filled)")
        #expect(abs(filled.minY - 150) <= 1.5, "\(filled)")
        bed.context[SubtitleService.self].isEnabled = false
        bed.wait(0.1)
        #expect(bed.snapshot().bounds(where: Self.isRed) == nil, "hidden")
        bed.context[SubtitleService.self].isEnabled = true
        bed.context.render.play()
        bed.wait(2.5)
        #expect(bed.context.render.currentTime > 2)
        #expect(bed.snapshot().bounds(where: Self.isRed) == nil, "gone after its end")
        #expect(bed.context[SubtitleService.self].bitmaps.isEmpty)
    }
}
