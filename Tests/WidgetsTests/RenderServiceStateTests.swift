import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport

/// What a widget shows of the engine comes from `RenderService` itself: the queue, the tracks
/// chosen, the picture adjustments and the statistics, with the commands that change them.
@MainActor
@Suite struct RenderServiceStateTests {
    @Test func theQueueTracksAdjustmentsAndStatisticsAreTheServicesOwn() async throws {
        let bed = WidgetBed { context in context.render.surface() }
        let render = bed.context.render
        let clip = try WidgetBed.clip(ClipSpec(width: 160, height: 96, duration: 2))
        let items = [MediaItem(url: clip), MediaItem(url: clip)]
        render.load(items, startingAt: 1, autoplay: true)
        #expect(await bed.waitUntil { render.status == .playing && render.statistics.framesPresented > 2 })
        #expect(render.items.map(\.id) == items.map(\.id))
        #expect(render.currentIndex == 1)
        let audio = try #require(render.tracks.first { $0.kind == .audio })
        #expect(render.selectedAudioTrack == audio.index)
        #expect(render.selectedSubtitleTrack == nil)
        #expect(render.hasVideo && render.hasAudio)
        #expect((render.statistics.bitRate ?? 0) > 0)

        render.setBrightness(0.25)
        render.setContrast(1.5)
        render.setSaturation(7)
        #expect(render.brightness == 0.25 && render.contrast == 1.5)
        #expect(render.saturation == 3, "clamped to 0...3")

        render.play(at: 5)
        #expect(render.currentIndex == 1, "an index outside the queue is ignored")
        render.play(at: 0)
        #expect(await bed.waitUntil { render.currentIndex == 0 && render.status == .playing })
        #expect(render.item?.id == items[0].id)
    }
}
