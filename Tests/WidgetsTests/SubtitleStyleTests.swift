import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The subtitle overlay draws through libass in the picture's rectangle: styled ASS cues where and
/// in the colour their script says, plain cues in the default box, both kept on the picture when it
/// is letterboxed, and no new picture while nothing changes.
@MainActor
@Suite struct SubtitleStyleTests {
    /// A script whose `Top` style is red, top-centred text.
    static let header = TestScript.header(
        width: 640, height: 480, styles: [.init(name: "Top", size: 64, colour: 0xFF0000, alignment: 8)])

    /// A 4:3 picture in a 16:9 player: bands left and right of x 40...280.
    static func bed(media: FakeMedia) -> WidgetBed {
        WidgetBed(size: Size(width: 320, height: 180), engine: .fake { _ in media }) { context in
            context.control.configure(displayStyle: .never)
            context.control.configure(shadow: nil)
            context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
            return PlayerWidget(context)
        }
    }

    @Test func anASSStyleDrawsItsColourAtItsPlaceOnThePicture() async throws {
        let cue = SubtitleCue(start: 0, end: 5, text: "TOP", assEvent: "0,Top,,0,0,0,,TOP")
        let media = FakeMedia(
            videoSize: Size(width: 640, height: 480), cues: [cue], subtitleHeader: Self.header)
        let bed = Self.bed(media: media)
        #expect(await bed.load(MediaItem(path: "styled.mkv")))
        bed.wait(0.5)
        let shot = bed.snapshot()
        try shot.keepScreenshot(named: "subtitles-ass.png")
        let red = try #require(shot.bounds { $0.r > 200 && $0.g < 60 && $0.b < 60 })
        #expect(red.minY < 40, "top-aligned: \(red)")
        #expect(red.minX >= 40 && red.maxX <= 280, "inside the picture, not the bands: \(red)")
        #expect(abs(red.midX - 160) < 12, "centred on the picture: \(red)")
        let box = try #require(bed.host.frame(ofIdentifier: "subtitle"))
        #expect(box.contains(Point(x: red.midX, y: red.midY)))
    }

    @Test func plainCuesSitAtTheBottomOfThePictureAndFollowItsRectangle() async throws {
        let cue = SubtitleCue(start: 0, end: 5, text: "Hello")
        let bed = Self.bed(media: FakeMedia(videoSize: Size(width: 640, height: 480), cues: [cue]))
        #expect(await bed.load(MediaItem(path: "plain.mkv")))
        bed.wait(0.5)
        let fitted = try #require(bed.host.frame(ofIdentifier: "subtitle"))
        #expect(fitted.maxY > 150 && fitted.maxY <= 180)
        #expect(abs(fitted.midX - 160) < 8, "centred on the picture, as libass centres a boxed line")
        let fittedShot = bed.snapshot()
        try fittedShot.keepScreenshot(named: "subtitles-plain.png")
        #expect(fittedShot.bounds { $0.r > 230 && $0.g > 230 && $0.b > 230 } != nil)
        // A wide 2.4:1 picture: bands above and below, and the cue moves up onto the picture.
        let wide = Self.bed(media: FakeMedia(videoSize: Size(width: 960, height: 400), cues: [cue]))
        #expect(await wide.load(MediaItem(path: "wide.mkv")))
        wide.wait(0.5)
        let onWide = try #require(wide.host.frame(ofIdentifier: "subtitle"))
        // The picture spans y 23.3...156.7.
        #expect(onWide.maxY <= 157 && onWide.minY > 23, "\(onWide)")
    }

    @Test func aPlainCuePlacedByItsFileSitsThereOnThePicture() async throws {
        let cue = SubtitleCue(
            start: 0, end: 5, text: "Up here",
            spans: [SubtitleSpan(text: "Up here", color: SubtitleColor(hex: 0xFFFF00))],
            placement: SubtitlePlacement(alignment: 8))
        let bed = Self.bed(media: FakeMedia(videoSize: Size(width: 640, height: 480), cues: [cue]))
        #expect(await bed.load(MediaItem(path: "placed.vtt.mkv")))
        bed.wait(0.5)
        let yellow = try #require(bed.snapshot().bounds { $0.r > 220 && $0.g > 220 && $0.b < 60 })
        #expect(yellow.minY < 30 && abs(yellow.midX - 160) < 8, "top centre of the picture: \(yellow)")
    }

    @Test func theViewersCaptionStyleRedrawsPlainCuesAtOnce() async throws {
        let cue = SubtitleCue(start: 0, end: 5, text: "Hello")
        let bed = Self.bed(media: FakeMedia(videoSize: Size(width: 640, height: 360), cues: [cue]))
        #expect(await bed.load(MediaItem(path: "plain.mkv")))
        bed.wait(0.5)
        let normal = try #require(bed.snapshot().bounds { $0.r > 220 && $0.g > 220 && $0.b > 220 })
        bed.context.theme.current.captionStyle.text = Color(hex: 0xFFFF00)
        bed.context.theme.current.captionStyle.background = .clear
        bed.context.theme.current.captionStyle.edge = .outline
        bed.context.theme.current.captionStyle.size = 2
        bed.wait(0.1)
        let large = try #require(bed.snapshot().bounds { $0.r > 220 && $0.g > 220 && $0.b < 60 })
        #expect(large.height > 1.7 * normal.height, "yellow text \(large) after \(normal)")
    }

    @Test func styledDialogueTakesTheViewersStyleOnlyWhenAsked() async throws {
        let cue = SubtitleCue(start: 0, end: 5, text: "TOP", assEvent: "0,Top,,0,0,0,,TOP")
        let media = FakeMedia(
            videoSize: Size(width: 640, height: 480), cues: [cue], subtitleHeader: Self.header)
        let bed = Self.bed(media: media)
        #expect(await bed.load(MediaItem(path: "styled.mkv")))
        bed.context.theme.current.captionStyle.text = Color(hex: 0x00FFFF)
        bed.wait(0.5)
        func isRed(_ pixel: RGBA) -> Bool { pixel.r > 200 && pixel.g < 60 && pixel.b < 60 }
        func isCyan(_ pixel: RGBA) -> Bool { pixel.r < 60 && pixel.g > 200 && pixel.b > 200 }
        var shot = bed.snapshot()
        #expect(shot.bounds(where: isRed) != nil && shot.bounds(where: isCyan) == nil, "the author's red")
        bed.context.theme.current.captionStyle.overridesStyledSubtitles = true
        bed.wait(0.1)
        shot = bed.snapshot()
        #expect(shot.bounds(where: isRed) == nil, "no longer red")
        #expect(shot.bounds(where: isCyan) != nil, "the viewer's cyan")
    }

    @Test func aStillCueIsDrawnOnceWhilePlaying() async throws {
        let cue = SubtitleCue(start: 0, end: 9, text: "Still")
        let bed = Self.bed(media: FakeMedia(cues: [cue]))
        #expect(await bed.load(MediaItem(path: "still.mkv"), autoplay: true))
        bed.wait(0.5)
        let service = bed.context[SubtitleService.self]
        let first = try #require(service.picture)
        bed.wait(2)
        #expect(bed.context.render.currentTime > 2)
        #expect(service.picture == first, "the same picture while the cue stays")
    }

    @Test func anAnimatedCueIsDrawnBetweenTimeTicks() async throws {
        let cue = SubtitleCue(
            start: 0, end: 5, text: "Fade", assEvent: "0,Default,,0,0,0,,{\\fad(2000,0)}Fade")
        let bed = Self.bed(media: FakeMedia(cues: [cue]))
        #expect(await bed.load(MediaItem(path: "fade.mkv"), autoplay: true))
        bed.wait(0.3)
        let service = bed.context[SubtitleService.self]
        let early = try #require(service.picture)
        bed.wait(0.05)
        let later = try #require(service.picture)
        #expect(later != early, "the fade moved on before the next time tick")
        #expect(later.image.opaqueness > early.image.opaqueness)
        bed.context.render.pause()
        bed.wait(0.1)
        let paused = service.picture
        bed.wait(0.5)
        #expect(service.picture == paused, "nothing is drawn while paused")
    }
}

extension RasterImage {
    /// The sum of every pixel's alpha.
    fileprivate var opaqueness: Int {
        var total = 0
        for y in 0..<height {
            for x in 0..<width { total += Int(pixel(x: x, y: y).a) }
        }
        return total
    }
}
