import Foundation
import Testing
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import VideoPlayerContainer

@MainActor
@Suite struct QualityWidgetTests {
    static let ladder = [
        Rendition(id: 0, width: 640, height: 360, bitRate: 900_000, codecs: ["h264", "aac"]),
        Rendition(id: 1, width: 1280, height: 720, bitRate: 2_500_000, codecs: ["h264", "aac"]),
        Rendition(id: 2, width: 320, height: 180, bitRate: 400_000, codecs: ["h264", "aac"]),
    ]

    static func bed(renditions: [Rendition] = ladder) -> WidgetBed {
        let engine = PlaybackEngineFactory.fake { _ in
            var media = FakeMedia()
            media.renditions = renditions
            media.throughputEstimate = 4_250_000
            return media
        }
        return WidgetBed.player(size: Size(width: 320, height: 240), engine: engine) { context in
            context.control.configure(.halfScreen(.top1)) { [QualityWidget()] }
        }
    }

    @Test func theMenuOffersAutoAndEachRenditionHighestFirstAndAChoiceSticks() async throws {
        let bed = Self.bed()
        #expect(await bed.load(MediaItem(path: "ladder.m3u8")))
        let service = bed.context[QualityService.self]
        // Auto starts with the highest rendition within 1 Mbit/s.
        #expect(bed.context.render.currentRendition?.height == 360)
        #expect(
            service.label(.auto) == "Auto (360p)"
                && service.label(bed.context.render.quality) == "Auto (360p)")
        bed.click(identifier: "quality")
        #expect(bed.context.plugin.isBeingPresented)
        bed.wait(0.5)
        let rows = ["quality.auto", "quality.1", "quality.0", "quality.2"].compactMap {
            bed.host.frame(ofIdentifier: $0)
        }
        #expect(rows.count == 4 && rows.map(\.minY) == rows.map(\.minY).sorted())
        // The choice in force is in the accent colour; "Auto (360p)" is wider than "720p".
        var screen = bed.snapshot()
        try screen.keepScreenshot(named: "quality-menu.png")
        #expect(Self.accentPixels(in: rows[0], of: screen, bed) > 20)
        #expect(rows.dropFirst().allSatisfy { Self.accentPixels(in: $0, of: screen, bed) == 0 })
        #expect(screen.ink(in: rows[0]) > screen.ink(in: rows[1]) && screen.ink(in: rows[1]) > 20)
        bed.click(identifier: "quality.2")
        #expect(bed.context.render.quality == .fixed(2))
        #expect(bed.context.render.currentRendition?.height == 180)
        #expect(bed.context.render.videoSize == Size(width: 320, height: 180))
        #expect(service.label(bed.context.render.quality) == "180p")
        #expect(bed.toastMessages == ["Quality 180p"])
        bed.advance(1)
        #expect(!bed.context.plugin.isBeingPresented)
        bed.click(identifier: "quality")
        bed.wait(0.5)
        screen = bed.snapshot()
        #expect(Self.accentPixels(in: rows[3], of: screen, bed) > 20)
        #expect(rows.dropLast().allSatisfy { Self.accentPixels(in: $0, of: screen, bed) == 0 })
        bed.click(identifier: "quality.auto")
        #expect(bed.context.render.quality == .auto)
    }

    static func accentPixels(in rect: Rect, of screen: RasterImage, _ bed: WidgetBed) -> Int {
        // NB: the accent is a blue and the other rows are white; antialiased glyphs over the panel
        // are seldom the exact colour, so the hue tells them apart.
        return screen.count(in: rect) { Int($0.b) - Int($0.r) > 80 }
    }

    @Test func theStatisticsNameTheRenditionPlaying() async throws {
        let bed = Self.bed()
        #expect(await bed.load(MediaItem(path: "ladder.m3u8")))
        let stats = bed.context[StatsService.self]
        stats.toggle()
        #expect(
            stats.lines.contains("Rendition 360p  0.9 Mb/s  auto  of 3  network 4.25 Mb/s"), "\(stats.lines)")
        bed.context.render.setQuality(.fixed(1))
        bed.advance(1)
        #expect(
            stats.lines.contains("Rendition 720p  2.5 Mb/s  fixed  of 3  network 4.25 Mb/s"), "\(stats.lines)"
        )
        #expect(
            stats.lines.contains { $0.hasPrefix("Startup ") && $0.hasSuffix("switches 1") }, "\(stats.lines)")
    }

    @Test func theRKeyCyclesThroughAutoAndTheRenditionsHighestFirst() async throws {
        let bed = Self.bed()
        #expect(await bed.load(MediaItem(path: "ladder.m3u8")))
        let keys = bed.context.startService(KeyboardShortcutsService.self)
        var heights: [Int?] = []
        for _ in 0..<4 {
            #expect(keys.handle("r"))
            heights.append(
                bed.context.render.quality == .auto ? nil : bed.context.render.currentRendition?.height)
        }
        #expect(heights == [720, 360, 180, nil])
    }

    @Test func renditionsOfTheSameHeightAreToldApartByTheirBitRate() async throws {
        let twins = [
            Rendition(id: 0, width: 1280, height: 720, bitRate: 4_000_000, codecs: ["h264"]),
            Rendition(id: 1, width: 1280, height: 720, bitRate: 850_000, codecs: ["h264"]),
            Rendition(id: 2, width: 640, height: 360, bitRate: 400_000, codecs: ["h264"]),
        ]
        let bed = Self.bed(renditions: twins)
        #expect(await bed.load(MediaItem(path: "ladder.m3u8")))
        let service = bed.context[QualityService.self]
        #expect(
            service.choices.map(service.label) == [
                "Auto (720p · 850 kbit/s)", "720p · 4.0 Mbit/s", "720p · 850 kbit/s", "360p",
            ])
    }

    @Test func anItemOfOneRenditionShowsNoQualityButton() async throws {
        let bed = Self.bed(renditions: [])
        #expect(await bed.load(MediaItem(path: "talk.mp4")))
        #expect(bed.context.render.qualities.isEmpty)
        #expect(bed.host.frame(ofIdentifier: "quality") == nil)
        bed.context.render.setQuality(.fixed(0))
        #expect(bed.context.render.quality == .auto)
    }
}
