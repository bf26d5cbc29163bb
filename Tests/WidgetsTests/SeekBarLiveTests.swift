import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The seek bar of a live stream: it spans the window, which slides on, and ends with a LIVE badge
/// that goes back to the edge.
@MainActor
@Suite struct SeekBarLiveTests {
    /// A 60 s window, played 6 s behind its edge; a seek bar and a time label.
    static func bed() -> WidgetBed {
        WidgetBed(
            size: Size(width: 400, height: 60),
            engine: .fake { _ in
                var media = FakeMedia()
                media.liveWindow = 60
                return media
            }
        ) { _ in
            VStack {
                SeekBarWidget().frame(width: 400); TimelineWidget()
            }
        }
    }

    @Test func theBarSpansTheWindowAndTheBadgeShowsTheEdge() async throws {
        let bed = Self.bed()
        #expect(await bed.load(MediaItem(path: "live.m3u8"), autoplay: true))
        bed.host.update()
        let bar = bed.context[SeekBarService.self]
        // 54 s into a 60 s window.
        #expect(abs(bar.playedFraction - 0.9) < 0.01)
        #expect(bed.context[TimelineService.self].text == "Live")
        let badge = try #require(bed.host.frame(ofIdentifier: "liveBadge"))
        let seekBar = try #require(bed.host.frame(ofIdentifier: "seekBar"))
        #expect(badge.minX >= seekBar.maxX && badge.maxX <= 400)
        // At the edge the dot is red.
        let dot = bed.snapshot().pixel(x: Int(badge.minX + 4 + 4), y: Int(badge.midY))
        #expect(dot.r > 200 && dot.g < 80, "\(dot)")

        // A tap at a quarter of the bar goes 15 s into the window, which slid on meanwhile.
        bed.advance(10)
        #expect(bed.context.render.seekableRange == 10...70)
        bed.click(try bed.point(0.25, along: "seekBar"))
        #expect(abs(bed.context.render.currentTime - 25) < 0.5)
        #expect(!bed.context.render.isAtLiveEdge)
        bed.host.update()
        #expect(bed.context[TimelineService.self].text == "-0:45")
        let grey = bed.snapshot().pixel(x: Int(badge.minX + 8), y: Int(badge.midY))
        #expect(abs(Int(grey.r) - Int(grey.g)) < 10 && grey.r > 120, "\(grey)")

        // A tap on the badge goes back to live.
        bed.click(identifier: "liveBadge")
        #expect(bed.context.render.isAtLiveEdge && bed.context.render.liveLatency == 6)
        #expect(bed.toastMessages.contains("Back to live"))
    }

    @Test func anItemOfFixedLengthShowsNoBadge() async throws {
        let bed = WidgetBed(size: Size(width: 400, height: 40)) { _ in SeekBarWidget().frame(width: 400) }
        #expect(try await bed.loadClip(duration: 2))
        #expect(bed.host.frame(ofIdentifier: "liveBadge") == nil)
        #expect(bed.host.frame(ofIdentifier: "seekBar")?.width == 400)
    }
}
