import Foundation
import Testing
import VideoPlayerContainer

/// loop-player's declarative settings: `VideoSettings { ... }`, `RenderService.apply(_:)` and the
/// `ExtVideoPlayer` widget, over the fake engine on a test clock.
@MainActor
@Suite struct VideoSettingsTests {
    let clock = TestClock()
    let context: Context
    var render: RenderService { context.render }

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
    }

    /// The events the render service's observers hear from now on.
    final class Heard {
        var events: [PlayerEvent] = []
        var ticks: [Double] {
            events.compactMap { if case .timeTick(let time) = $0 { time } else { nil } }
        }
    }

    func listen() -> Heard {
        let heard = Heard()
        render.observe { heard.events.append($0) }
        return heard
    }

    @Test func theBlockReadsItsValuesAndALaterOneWins() {
        let repeatTwice = true
        let settings = VideoSettings {
            SourceName("/videos/intro")
            Ext("mp4")
            Gravity(.fit)
            if repeatTwice { Gravity(.fill) }
            TimePublishing(0.5)
            Loop()
            Mute()
            NotAutoPlay()
            Subtitles("/videos/intro.vtt")
            for radius in [4.0, 12] { CornerRadius(radius) }
        }
        #expect(settings.location == "/videos/intro.mp4")
        #expect(settings.gravity == .fill)
        #expect(settings.timePublishing == 0.5)
        #expect(settings.loops == true && settings.isMuted == true && !settings.autoplay)
        #expect(settings.subtitles == "/videos/intro.vtt")
        #expect(settings.subtitlesURL == URL(fileURLWithPath: "/videos/intro.vtt"))
        #expect(VideoSettings { Subtitles("https://cdn.test/a.vtt") }.subtitlesURL?.scheme == "https")
        #expect(VideoSettings { Subtitles(" ") }.subtitlesURL == nil)
        #expect(settings.cornerRadius == 12)

        #expect(
            VideoSettings {
                SourceName("clip.webm"); Ext("mp4")
            }.location == "clip.webm")
        #expect(
            VideoSettings {
                SourceName("https://cdn.test/live"); Ext("m3u8")
            }.location == "https://cdn.test/live")
        #expect(
            VideoSettings {
                SourceName("clip"); Ext(".mkv")
            }.location == "clip.mkv")
        #expect(VideoSettings { SourceName("  ") }.location == nil)
        #expect(VideoSettings().location == nil)
    }

    @Test func applyingSetsEachPartAndLoadsTheSource() throws {
        let heard = listen()
        render.apply(
            VideoSettings {
                SourceName("/videos/intro")
                Ext("mp4")
                Gravity(.fill)
                TimePublishing(0.5)
                Loop()
                Mute()
                Subtitles("/videos/intro.vtt")
                CornerRadius(8)
            })
        let item = try #require(render.item)
        guard case .location(let path) = item.source else { throw Failure("the item has no location") }
        #expect(path == "/videos/intro.mp4")
        #expect(item.externalSubtitleURL == URL(fileURLWithPath: "/videos/intro.vtt"))
        #expect(render.status == .playing)
        #expect(render.gravity == .fill && render.videoCornerRadius == 8)
        #expect(render.isLooping && render.isMuted)

        clock.advance(by: 1.6)
        #expect(heard.ticks.filter { $0 > 0 } == [0.5, 1.0, 1.5], "the position is published every 0.5 s")
        #expect(render.appliedSettings.timePublishing == 0.5)
    }

    @Test func applyingAgainReloadsOnlyForAnotherSource() throws {
        render.apply(
            VideoSettings {
                SourceName("a.mp4"); NotAutoPlay()
            })
        let first = try #require(render.item)
        #expect(render.status == .ready, "loaded, not playing")
        render.apply(
            VideoSettings {
                SourceName("a.mp4"); Gravity(.stretch); Subtitles("a.srt")
            })
        #expect(render.item?.id == first.id, "the same source goes on")
        #expect(render.gravity == .stretch)
        render.apply(VideoSettings { SourceName("b.mp4") })
        #expect(render.item?.id != first.id)
        #expect(render.status == .playing)
        // Settings without a source leave the item alone.
        let second = try #require(render.item)
        render.apply(VideoSettings { Mute() })
        #expect(render.item?.id == second.id && render.isMuted)
    }

    @Test func anEmptySourceIsIgnoredWithAReasonAndBadValuesAreClamped() {
        let heard = listen()
        render.apply(
            VideoSettings {
                SourceName(""); TimePublishing(-3); CornerRadius(.nan)
            })
        #expect(render.item == nil)
        #expect(heard.events.contains(.ignored(.load, reason: "the settings name an empty source")))
        #expect(heard.events.contains(.adjusted(.timeTick, requested: -3, applied: 0.01)))
        #expect(render.configuration.timeTickInterval == 0.01)
    }

    @Test func aSourceThatCannotOpenFailsWithItsError() {
        let missing = Context(mode: .test).withDependency(\.clock, clock)
            .withDependency(
                \.playbackEngine, .fake { _ in FakeMedia(failure: .fileNotFound(path: "/nowhere/clip.mp4")) })
        missing.render.apply(
            VideoSettings {
                SourceName("/nowhere/clip"); Ext("mp4")
            })
        #expect(missing.render.error == PlayerError.fileNotFound(path: "/nowhere/clip.mp4"))
        #expect(missing.render.status == PlayerStatus.failed(.fileNotFound(path: "/nowhere/clip.mp4")))
    }

    /// Settings a parent holds, as an app's page would.
    final class PageService: Service {
        @ViewState var source = "a.mp4"
        @ViewState var gravity = VideoGravity.fit
    }

    @Test func theWidgetAppliesItsSettingsWhenItAppearsAndWhenTheyChange() throws {
        let page = context[PageService.self]
        let host = WidgetHost(
            root: WithService(PageService.self) { page in
                ExtVideoPlayer(context) {
                    SourceName(page.source)
                    Gravity(page.gravity)
                    Loop()
                }
            }, context: context, size: Size(width: 320, height: 180))
        host.update()
        let first = try #require(render.item)
        #expect(render.status == .playing && render.isLooping)
        #expect(host.videoLayers.first?.gravity == .fit)

        page.gravity = .fill
        host.update()
        #expect(render.item?.id == first.id, "another gravity does not reload")
        #expect(host.videoLayers.first?.gravity == .fill, "and shows in the same update")

        page.source = "b.mp4"
        host.update()
        #expect(render.item?.id != first.id)
        host.update()
        #expect(render.appliedSettings.source == "b.mp4")
    }

    struct Failure: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }
}
