import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// A TTML region's background is drawn on the picture as the region's box, beneath its text.
@MainActor
@Suite struct TTMLRegionDrawingTests {
    @Test func aRegionsBackgroundFillsItsBoxBeneathItsText() async throws {
        let document = #"""
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling">
            <head><layout><region xml:id="band" tts:origin="10% 70%" tts:extent="80% 25%" \#
            tts:backgroundColor="blue" tts:displayAlign="center" tts:textAlign="center"/></layout></head>
            <body><div><p region="band" begin="0s" end="2s">Hello</p></div></body></tt>
            """#
        let cues = SubtitleParser.parse(data: Data(document.utf8), format: .ttml).cues
        let bed = SubtitleStyleTests.bed(
            media: FakeMedia(videoSize: Size(width: 1280, height: 720), cues: cues))
        #expect(await bed.load(MediaItem(path: "band.mp4")))
        bed.wait(0.3)
        let shot = bed.snapshot()
        try shot.keepScreenshot(named: "subtitles-ttml-region.png")
        // The band: x 32...288, y 126...171 of the 320x180 player.
        let band = try #require(shot.bounds { $0.b > 200 && $0.r < 60 && $0.g < 60 })
        #expect(abs(band.minX - 32) <= 1.5 && abs(band.maxX - 288) <= 1.5, "\(band)")
        #expect(abs(band.minY - 126) <= 1.5 && abs(band.maxY - 171) <= 1.5, "\(band)")
        // The text lies over it, inside it.
        let text = try #require(shot.bounds { $0.r > 200 && $0.g > 200 && $0.b > 200 })
        #expect(text.minY > band.minY && text.maxY < band.maxY, "\(text) in \(band)")
    }
}
