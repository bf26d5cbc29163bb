import Testing
import VideoPlayerContainer

final class PageService: Service {
    @ViewState var episode = "/videos/episode-1"
    @ViewState var fills = false
}

struct EpisodePage: Widget {
    let context: Context

    var body: some Widget {
        WithService(PageService.self) { page in
            ExtVideoPlayer(context) {
                SourceName(page.episode)
                Ext("mp4")
                Gravity(page.fills ? .fill : .fit)
                TimePublishing(0.5)
                Subtitles(page.episode + ".vtt")
                Loop()
            }
        }
    }
}

/// The README's block on declared settings, shown in a host: keep the two in step.
@MainActor
@Suite struct SettingsReadmeTests {
    @Test func theEpisodePageLoadsItsEpisodeAndFollowsThePage() throws {
        let context = Context(mode: .test)
        let host = WidgetHost(
            root: EpisodePage(context: context), context: context, size: Size(width: 320, height: 180))
        host.update()
        let first = try #require(context.render.item)
        #expect(first.externalSubtitleURL?.path == "/videos/episode-1.vtt")
        #expect(context.render.isLooping && context.render.gravity == .fit)

        context[PageService.self].fills = true
        host.update()
        #expect(context.render.gravity == .fill && context.render.item?.id == first.id)
        context[PageService.self].episode = "/videos/episode-2"
        host.update()
        #expect(context.render.item?.id != first.id)
    }
}
