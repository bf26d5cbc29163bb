import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// Subtitles of real files through FFmpeg's player and libass: an embedded ASS track keeps its
/// styles; the overlay draws them on the picture.
@MainActor
@Suite(.serialized) struct SubtitleEndToEndTests {
    /// `Top` is red text at the top centre; `Default` is blue text at the bottom.
    static let header = TestScript.header(
        width: 320, height: 240,
        styles: [
            .init(name: "Top", size: 32, colour: 0xFF0000, alignment: 8, marginV: 8),
            .init(name: "Default", size: 32, colour: 0x0000FF, alignment: 2, marginV: 8),
        ])

    /// FFmpeg's player in a 320-point-wide window under the subtitle overlay, the controls hidden.
    static func bed(height: Double) -> WidgetBed {
        WidgetBed(size: Size(width: 320, height: height), engine: .ffmpeg) { context in
            context.control.configure(displayStyle: .never)
            context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
            return PlayerWidget(context)
        }
    }

    @Test func anEmbeddedASSTrackDrawsEachStyleWhereAndInTheColourItSays() async throws {
        var spec = ClipSpec(
            width: 320, height: 240, duration: 2, tone: nil,
            subtitles: [
                SubtitleCue(start: 0, end: 2, text: "HEAD", assEvent: "0,Top,,0,0,0,,HEAD"),
                SubtitleCue(start: 0, end: 2, text: "foot"),
            ])
        spec.subtitleHeader = Self.header
        let clip = try WidgetBed.clip(spec, fileExtension: "mkv")
        // A 4:3 picture in a 16:9 player: it spans x 40...280.
        let bed = Self.bed(height: 180)
        #expect(await bed.load(MediaItem(url: clip)))
        #expect(bed.context.render.tracks.contains { $0.kind == .subtitle && $0.codecName == "ass" })
        #expect(await bed.seek(to: 0.5))
        #expect(await bed.waitUntil { bed.context[SubtitleService.self].picture != nil })
        #expect(bed.context.render.subtitleHeader?.contains("Style: Top") == true)
        let shot = bed.snapshot()
        try shot.keepScreenshot(named: "subtitles-embedded-ass.png")
        let red = try #require(shot.bounds { $0.r > 200 && $0.g < 60 && $0.b < 60 })
        let blue = try #require(shot.bounds { $0.b > 200 && $0.r < 60 && $0.g < 60 })
        #expect(red.minY < 30 && abs(red.midX - 160) < 12, "top centre: \(red)")
        #expect(blue.maxY > 150 && abs(blue.midX - 160) < 12, "bottom centre: \(blue)")
        #expect(red.minX >= 40 && red.maxX <= 280 && blue.minX >= 40 && blue.maxX <= 280, "on the picture")
    }

    @Test func anExternalASSFileDrawsInItsStylesToo() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("styled-\(UUID()).ass")
        try (Self.header + "Dialogue: 0,0:00:00.20,0:00:01.80,Top,,0,0,0,,{\\i1}HEAD\n").write(
            to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let bed = Self.bed(height: 240)
        let clip = try WidgetBed.clip(duration: 2, width: 320, height: 240)
        #expect(await bed.load(MediaItem(url: clip, externalSubtitleURL: script)))
        #expect(await bed.seek(to: 1))
        #expect(await bed.waitUntil { bed.context[SubtitleService.self].picture != nil })
        #expect(bed.context[SubtitleService.self].text == "HEAD")
        let red = try #require(bed.snapshot().bounds { $0.r > 200 && $0.g < 60 && $0.b < 60 })
        #expect(red.minY < 30 && abs(red.midX - 160) < 12, "top centre: \(red)")
    }

    @Test func fontsAttachedToTheFileReachTheSubtitles() async throws {
        let font = SubtitleFont(
            name: "DejaVuSansMono.ttf",
            data: [UInt8](
                try Data(
                    contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))))
        var spec = ClipSpec(
            width: 320, height: 240, duration: 1, tone: nil,
            subtitles: [
                SubtitleCue(
                    start: 0, end: 1, text: "Mono", assEvent: "0,Top,,0,0,0,,{\\fnDejaVu Sans Mono}Mono")
            ])
        spec.subtitleHeader = Self.header
        spec.subtitleFonts = [font]
        let bed = WidgetBed(size: Size(width: 320, height: 240), engine: .ffmpeg) { context in
            context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
            return PlayerWidget(context)
        }
        #expect(await bed.load(MediaItem(url: try WidgetBed.clip(spec, fileExtension: "mkv"))))
        #expect(bed.context.render.subtitleFonts == [font])
        #expect(await bed.seek(to: 0.5))
        #expect(await bed.waitUntil { bed.context[SubtitleService.self].picture != nil })
    }

    /// A PGS picture decoded by FFmpeg lands on the window where its track placed it, scaled with the
    /// letterboxed picture, and leaves with the empty display set that ends it.
    @Test func aPGSPictureIsDrawnAtItsPlaceOnThePicture() async throws {
        var spec = ClipSpec(width: 320, height: 240, duration: 2, tone: nil)
        spec.bitmapSubtitles = [
            BitmapSubtitleCue(start: 0.2, end: 1.2, x: 40, y: 180, width: 120, height: 40, color: 0xFF0000)
        ]
        spec.bitmapSubtitleCodec = .pgs
        let clip = try WidgetBed.clip(spec, fileExtension: "mkv")
        // A 4:3 picture in a 16:9 player: x 40...280 at a scale of 0.75.
        let bed = Self.bed(height: 180)
        #expect(await bed.load(MediaItem(url: clip)))
        #expect(
            bed.context.render.tracks.contains { $0.kind == .subtitle && $0.codecName == "hdmv_pgs_subtitle" }
        )
        #expect(await bed.seek(to: 0.5))
        #expect(await bed.waitUntil { !bed.context[SubtitleService.self].bitmaps.isEmpty })
        let shot = bed.snapshot()
        try shot.keepScreenshot(named: "subtitles-pgs.png")
        func isRed(_ pixel: RGBA) -> Bool { pixel.r > 240 && pixel.g < 20 && pixel.b < 20 }
        let red = try #require(shot.bounds(where: isRed))
        #expect(abs(red.minX - 70) <= 1.5 && abs(red.maxX - 160) <= 1.5, "\(red)")
        #expect(abs(red.minY - 135) <= 1.5 && abs(red.maxY - 165) <= 1.5, "\(red)")
        #expect(await bed.seek(to: 1.5))
        #expect(await bed.waitUntil { bed.context[SubtitleService.self].bitmaps.isEmpty })
        #expect(bed.snapshot().bounds(where: isRed) == nil, "gone after its end")
    }

    /// CEA-608 captions in the pictures show, once their track is chosen, in their colour on the
    /// row the caption names (the last of fifteen, from the left), inside the letterboxed picture.
    @Test func closedCaptionsAreDrawnOnTheirRowInTheirColour() async throws {
        var spec = ClipSpec(width: 320, height: 240, duration: 2, tone: nil)
        spec.closedCaptions = [ClosedCaptionCue(start: 0.2, end: 1.5, text: "CAPTIONS", color: .yellow)]
        let clip = try WidgetBed.clip(spec)
        let bed = Self.bed(height: 180)
        #expect(await bed.load(MediaItem(url: clip)))
        // The track turns up once a picture with captions is decoded.
        #expect(await bed.seek(to: 0.5))
        #expect(await bed.waitUntil { bed.context.render.tracks.contains { $0.codecName == "eia_608" } })
        let track = try #require(bed.context.render.tracks.first { $0.codecName == "eia_608" })
        bed.context.render.selectSubtitleTrack(index: track.index)
        #expect(await bed.waitUntil { bed.context[SubtitleService.self].picture != nil })
        let shot = bed.snapshot()
        try shot.keepScreenshot(named: "subtitles-closed-captions.png")
        func isYellow(_ pixel: RGBA) -> Bool { pixel.r > 200 && pixel.g > 200 && pixel.b < 60 }
        let yellow = try #require(shot.bounds(where: isYellow))
        // The picture spans x 40...280; the caption's first column is a tenth of the way across.
        #expect(abs(yellow.minX - 64) < 8, "from the left: \(yellow)")
        #expect(yellow.minY > 140 && yellow.maxY <= 180, "on the last row: \(yellow)")
        #expect(await bed.seek(to: 1.7))
        #expect(await bed.waitUntil { bed.context[SubtitleService.self].picture == nil })
        #expect(bed.snapshot().bounds(where: isYellow) == nil, "erased at its end")
    }
}
