import Foundation
import MediaTestSupport
import Testing
import VideoPlayerContainer
import VideoPlayerWidgets

@MainActor
@Suite struct SeekBarChapterTests {
    /// The corpus's Matroska file has two chapters, the second starting at 2 s of 5.02 s.
    @Test(.enabled(if: SharedMedia.shouldRun))
    func chapterStartsAreMarkedOnTheBar() async throws {
        let chaptered = try #require(SharedMedia.url("av/sample_with_chapters.mkv"))
        let bed = WidgetBed(size: Size(width: 200, height: 24)) { _ in SeekBarWidget().frame(width: 200) }
        #expect(await bed.load(MediaItem(url: chaptered)))
        #expect(await bed.waitUntil { bed.context.render.chapters.count == 2 })
        let fractions = bed.context[SeekBarService.self].chapterFractions
        #expect(fractions.count == 1)
        let fraction = try #require(fractions.first)
        #expect(abs(fraction - 2 / 5.023) < 0.01)
        let bar = try #require(bed.host.frame(ofIdentifier: "seekBar"))
        let mark = bed.snapshot().pixel(x: Int(bar.minX + fraction * bar.width), y: Int(bar.midY))
        #expect(mark.r < 40 && mark.g < 40 && mark.b < 40, "\(mark)")
        let track = bed.snapshot().pixel(x: Int(bar.minX + 0.7 * bar.width), y: Int(bar.midY))
        #expect(track.r > 60, "\(track)")
    }
}
