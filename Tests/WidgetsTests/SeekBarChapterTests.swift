import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerWidgets

@MainActor
@Suite struct SeekBarChapterTests {
    /// The corpus's Matroska file with two chapters, the second starting at 2 s of 5.02 s.
    private nonisolated static let chapteredFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/media/av/sample_with_chapters.mkv")

    private nonisolated static var corpusIsRequired: Bool {
        FileManager.default.fileExists(atPath: chapteredFile.path)
            || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    @Test(.enabled(if: corpusIsRequired))
    func chapterStartsAreMarkedOnTheBar() async throws {
        let bed = WidgetBed(size: Size(width: 200, height: 24)) { _ in SeekBarWidget().frame(width: 200) }
        #expect(await bed.load(MediaItem(url: Self.chapteredFile)))
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
