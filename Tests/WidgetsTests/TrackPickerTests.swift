import Testing
import VideoPlayerContainer
import VideoPlayerWidgets

@MainActor
@Suite struct TrackPickerTests {
    @Test func choosingASubtitleTrackShowsItAgainAfterOff() async throws {
        let bed = WidgetBed(size: Size(width: 240, height: 200)) { _ in TrackPickerWidget() }
        let clip = try WidgetBed.clip(subtitles: [SubtitleCue(start: 0.2, end: 0.9, text: "Embedded")])
        #expect(await bed.load(MediaItem(url: clip)))
        let track = try #require(bed.context[TrackPickerService.self].subtitleTracks.first)
        let row = try #require(bed.host.frame(ofIdentifier: "track.\(track.index)"))
        let checkMark = Rect(x: row.minX, y: row.minY, width: 12, height: row.height)
        let label = Rect(x: row.minX + 16, y: row.minY, width: row.width - 16, height: row.height)
        #expect(bed.snapshot().ink(in: label) > 0)
        bed.click(identifier: "tracks.off")
        #expect(!bed.context[SubtitleService.self].isEnabled)
        #expect(bed.snapshot().ink(in: checkMark) == 0)
        bed.click(identifier: "track.\(track.index)")
        #expect(bed.context[SubtitleService.self].isEnabled)
        #expect(bed.snapshot().ink(in: checkMark) > 0)
        #expect(bed.context.render.player.selectedSubtitleTrack == track.index)
        #expect(bed.context[TrackPickerService.self].isSelected(track))
    }
}
