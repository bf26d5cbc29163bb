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
        try shot.keepScreenshot(named: "subtitles-bitmap.png")
        let red = try #require(shot.bounds(where: Self.isRed))
        #expect(abs(red.minX - 70) <= 1.5 && abs(red.maxX - 130) <= 1.5, "\(red)")
        #expect(abs(red.minY - 135) <= 1.5 && abs(red.maxY - 157.5) <= 1.5, "\(red)")
        #expect(bed.context[SubtitleService.self].text.isEmpty, "a picture has no text")
    }

    @Test func aTTMLPictureIsDrawnInItsRegion() async throws {
        // The same red picture, as a PNG in a TTML document (IMSC's image profile).
        let png = try TestMedia.png(width: 160, height: 60) { _, _ in 0xFFFF_0000 }
        let document = #"""
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \#
            xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" tts:extent="640px 480px">
            <head><metadata><smpte:image xml:id="red" encoding="Base64">\#(Data(png).base64EncodedString())\#
            </smpte:image></metadata><layout><region xml:id="r" tts:origin="80px 360px" \#
            tts:extent="160px 60px"/></layout></head>
            <body><div region="r" begin="0s" end="2s" smpte:backgroundImage="#red"/></body></tt>
            """#
        let cues = SubtitleParser.parse(data: Data(document.utf8), format: .ttml).cues
        let bed = SubtitleStyleTests.bed(
            media: FakeMedia(videoSize: Size(width: 640, height: 480), cues: cues))
        #expect(await bed.load(MediaItem(path: "pictures.mp4")))
        bed.wait(0.3)
        let shot = bed.snapshot()
        try shot.keepScreenshot(named: "subtitles-ttml-picture.png")
        let red = try #require(shot.bounds(where: Self.isRed))
        #expect(abs(red.minX - 70) <= 1.5 && abs(red.maxX - 130) <= 1.5, "\(red)")
        #expect(abs(red.minY - 135) <= 1.5 && abs(red.maxY - 157.5) <= 1.5, "\(red)")
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
