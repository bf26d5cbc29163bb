import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import vpc_play

@MainActor
@Suite struct VPCPlayStatusLineTests {
    @Test func theStatusLineNamesTheRenditionAndWhetherThePlayerChoseIt() async throws {
        let ladder = [
            Rendition(id: 0, width: 1280, height: 720, bitRate: 2_500_000, codecs: ["h264"]),
            Rendition(id: 1, width: 640, height: 360, bitRate: 800_000, codecs: ["h264"]),
        ]
        let engine = PlaybackEngineFactory.fake { _ in
            var media = FakeMedia(duration: 65)
            media.renditions = ladder
            return media
        }
        let bed = WidgetBed(engine: engine) { _ in StatusLineOverlay() }
        #expect(await bed.load(MediaItem(path: "ladder.m3u8")))
        let status = bed.context[StatusLineService.self]
        #expect(status.line == "0:00 / 1:05  ·  ready  ·  360p (auto)")
        bed.context.render.setQuality(.fixed(0))
        #expect(status.line == "0:00 / 1:05  ·  ready  ·  720p")
    }

    @Test func theStatusLineOfALiveStreamSaysHowFarBehindTheEdgeItIs() async throws {
        let engine = PlaybackEngineFactory.fake { _ in
            var media = FakeMedia()
            media.liveWindow = 30
            return media
        }
        let bed = WidgetBed(engine: engine) { _ in StatusLineOverlay() }
        #expect(await bed.load(MediaItem(path: "live.m3u8")))
        #expect(bed.context[StatusLineService.self].line == "live -0:06  ·  ready")
    }
}
