import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The caption settings panel steps each choice of the theme's caption style, shows it in words and
/// in a preview, and the subtitles on screen follow at once.
@MainActor
@Suite struct CaptionSettingsTests {
    static func panel() -> WidgetBed {
        WidgetBed(size: Size(width: 260, height: 360)) { _ in CaptionSettingsWidget() }
    }

    private func value(_ bed: WidgetBed, _ setting: CaptionSettingsService.Setting) -> String {
        bed.context[CaptionSettingsService.self].value(of: setting)
    }

    @Test func eachRowStepsItsChoiceRoundAndSaysItInWords() throws {
        let bed = Self.panel()
        #expect(value(bed, .size) == "100 %" && value(bed, .text) == "White" && value(bed, .edge) == "None")
        bed.click(identifier: "captions.size.next")
        #expect(value(bed, .size) == "150 %")
        for _ in 0..<3 { bed.click(identifier: "captions.size.previous") }
        #expect(value(bed, .size) == "50 %")
        bed.click(identifier: "captions.size.previous")
        #expect(value(bed, .size) == "200 %", "round from the smallest to the largest")
        bed.click(identifier: "captions.text.next")
        #expect(value(bed, .text) == "Yellow")
        #expect(bed.context.theme.current.captionStyle.text == Color(hex: 0xFFFF00))
        bed.click(identifier: "captions.font.next")
        #expect(value(bed, .font) == "Sans")
        bed.click(identifier: "captions.edge.previous")
        #expect(value(bed, .edge) == "Depressed")
        bed.click(identifier: "captions.backgroundOpacity.next")
        #expect(value(bed, .backgroundOpacity) == "75 %", "from 70 %, the next step up")
        bed.click(identifier: "captions.background.next")
        #expect(value(bed, .background) == "White" && value(bed, .backgroundOpacity) == "75 %")
        bed.click(identifier: "captions.styledSubtitles.next")
        #expect(bed.context.theme.current.captionStyle.overridesStyledSubtitles)
        bed.click(identifier: "captions.reset")
        #expect(bed.context.theme.current.captionStyle == CaptionStyle())
    }

    @Test func theTextNeverBecomesInvisible() {
        let bed = Self.panel()
        var seen: Set<String> = []
        for _ in 0..<6 {
            bed.click(identifier: "captions.textOpacity.next")
            seen.insert(value(bed, .textOpacity))
        }
        #expect(seen == ["25 %", "50 %", "75 %", "100 %"])
    }

    @Test func thePreviewShowsTheChosenLook() throws {
        let bed = Self.panel()
        let preview = try #require(bed.host.frame(ofIdentifier: "captions.preview"))
        func yellowText() -> Rect? {
            bed.snapshot().bounds { $0.r > 220 && $0.g > 220 && $0.b < 60 }
        }
        #expect(yellowText() == nil)
        bed.click(identifier: "captions.text.next")
        let yellow = try #require(yellowText())
        #expect(preview.contains(Point(x: yellow.midX, y: yellow.midY)))
        try bed.snapshot().keepScreenshot(named: "caption-settings-panel.png")
    }

    @Test func theSubtitlesOnScreenFollowThePanel() async throws {
        let cue = SubtitleCue(start: 0, end: 9, text: "Hello there")
        let media = FakeMedia(
            videoSize: Size(width: 640, height: 360), cues: [cue], color: Color(hex: 0x35586E))
        let bed = WidgetBed(size: Size(width: 640, height: 360), engine: .fake { _ in media }) { context in
            context.control.configure(displayStyle: .never)
            context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
            return PlayerWidget(context)
        }
        #expect(await bed.load(MediaItem(path: "talk.mkv")))
        let settings = bed.context[CaptionSettingsService.self]
        settings.present()
        bed.wait(1)
        #expect(bed.host.frame(ofIdentifier: "captions.text.next") != nil)
        bed.click(identifier: "captions.text.next")
        bed.click(identifier: "captions.edge.next")
        bed.click(identifier: "captions.size.next")
        for _ in 0..<2 { bed.click(identifier: "captions.background.previous") }
        bed.click(identifier: "captions.window.next")
        bed.click(identifier: "captions.windowOpacity.next")
        bed.click(identifier: "captions.windowOpacity.next")
        bed.wait(0.2)
        let shot = bed.snapshot()
        try shot.keepScreenshot(named: "caption-settings.png")
        let subtitle = try #require(bed.host.frame(ofIdentifier: "subtitle"))
        func count(_ test: (RGBA) -> Bool) -> Int {
            var found = 0
            for y in Int(subtitle.minY)..<Int(subtitle.maxY) {
                for x in Int(subtitle.minX)..<Int(subtitle.maxX) where test(shot.pixel(x: x, y: y)) {
                    found += 1
                }
            }
            return found
        }
        #expect(count { $0.r > 220 && $0.g > 220 && $0.b < 60 } > 100, "the subtitle's text is yellow")
        #expect(count { $0.r > 140 && $0.g < 60 && $0.b > 140 } > 500, "on magenta boxes")
    }
}
