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
        bed.click(identifier: "tracks.off")
        #expect(!bed.context[SubtitleService.self].isEnabled)
        bed.click(identifier: "track.\(track.index)")
        #expect(bed.context[SubtitleService.self].isEnabled)
        #expect(bed.context.render.player.selectedSubtitleTrack == track.index)
        #expect(bed.context[TrackPickerService.self].isSelected(track))
    }
}
