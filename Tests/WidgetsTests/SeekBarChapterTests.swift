import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

@MainActor
@Suite struct SeekBarChapterTests {
    /// Two chapters, the second starting at 2 s of 5.02 s (as in the corpus's Matroska file).
    @Test func chapterStartsAreMarkedOnTheBar() async throws {
        let chapters = [
            MediaChapter(title: "Start", start: 0, end: 2), MediaChapter(title: "End", start: 2, end: 5.023),
        ]
        let bed = WidgetBed(
            size: Size(width: 200, height: 24),
            engine: .fake { _ in FakeMedia(duration: 5.023, chapters: chapters) }
        ) { _ in SeekBarWidget().frame(width: 200) }
        #expect(await bed.load(MediaItem(path: "chapters.mkv")))
        #expect(bed.context.render.chapters.count == 2)
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
