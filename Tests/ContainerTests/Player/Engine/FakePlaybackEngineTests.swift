import Testing
import VideoPlayerContainer

/// The fake engine follows the real player's rules, moving only with its test clock.
@MainActor
@Suite struct FakePlaybackEngineTests {
    let clock = TestClock()
    let context: Context
    var events: [PlayerEvent] = []

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
    }

    var engine: FakePlaybackEngine {
        get throws { try #require(context.render.engine as? FakePlaybackEngine) }
    }

    /// Records every event the engine sends.
    final class Recorder {
        var events: [PlayerEvent] = []
    }

    func record() throws -> Recorder {
        let recorder = Recorder()
        try engine.addObserver { recorder.events.append($0) }
        return recorder
    }

    @Test func aTestContextGetsTheFakeEngineAndALiveOneGetsFFmpegs() {
        let test = Context(mode: .test)
        let live = Context(mode: .live)
        let chosen = Context(mode: .test).withDependency(\.playbackEngine, .ffmpeg)
        #expect(test.render.engine is FakePlaybackEngine && test.render.player == nil)
        #expect(live.render.player != nil)
        #expect(chosen.render.player != nil)
    }

    @Test func anItemOpensAtOnceAndReportsWhatItHolds() throws {
        let recorder = try record()
        context.render.load(MediaItem(path: "talk.mp4"))
        #expect(context.render.status == .ready)
        #expect(context.render.duration == 10)
        #expect(context.render.videoSize == Size(width: 640, height: 360))
        #expect(context.render.tracks.map(\.kind) == [.video, .audio])
        #expect(context.render.selectedAudioTrack == 1)
        let names = recorder.events.map { "\($0)".prefix(while: { $0 != "(" }) }
        #expect(
            names == [
                "itemChanged", "statusChanged", "tracksChanged", "videoSizeChanged", "durationKnown",
                "statusChanged",
            ])
        let picture = try #require(try engine.currentFrame?.rgbaPixels())
        let (r, g, b, _) = picture.pixel(x: 10, y: 10)
        #expect(r < 24 && (100...140).contains(g) && b > 230, "the default picture is blue: \(r) \(g) \(b)")
    }

    @Test func thePositionMovesWithTheClockAtTheRateAndTicksAtTheInterval() throws {
        context.render.load(MediaItem(path: "talk.mp4"), autoplay: true)
        #expect(context.render.status == .playing)
        let recorder = try record()
        clock.advance(by: 1)
        #expect(recorder.events == [.timeTick(0.25), .timeTick(0.5), .timeTick(0.75), .timeTick(1)])
        #expect(context.render.currentTime == 1)
        context.render.setRate(2)
        clock.advance(by: 0.5)
        #expect(context.render.currentTime == 2)
        clock.advance(by: 0.05)
        #expect(try abs(engine.currentTime - 2.1) < 1e-9)
        context.render.pause()
        clock.advance(by: 3)
        #expect(try abs(engine.currentTime - 2.1) < 1e-9)
        #expect(context.render.status == .paused)
    }

    @Test func theEndEndsTheItemOrLoopsOrMovesToTheNextOne() throws {
        context.withDependency(
            \.playbackEngine, .fake { item in FakeMedia(duration: item.title == "long" ? 20 : 2) })
        let recorder = try record()
        context.render.load(
            [MediaItem(path: "a", title: "short"), MediaItem(path: "b", title: "long")], autoplay: true)
        clock.advance(by: 2)
        #expect(recorder.events.contains(.ended))
        #expect(context.render.currentIndex == 1)
        #expect(context.render.status == .playing)
        #expect(context.render.duration == 20)

        context.render.setLooping(true)
        clock.advance(by: 20.5)
        #expect(recorder.events.contains(.looped))
        #expect(abs(context.render.currentTime - 0.5) < 1e-9)
        context.render.setLooping(false)
        clock.advance(by: 19.5)
        #expect(context.render.status == .ended)
        #expect(context.render.currentTime == 20)
    }

    @Test func appendedItemsFollowTheCurrentOneWhichPlaysOn() throws {
        context.withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 2) })
        context.render.append([])
        #expect(context.render.items.isEmpty && context.render.status == .idle)
        let first = MediaItem(path: "a.mp4", title: "A")
        context.render.append([first])
        #expect(context.render.item?.id == first.id && context.render.status != .playing)
        context.render.play()
        clock.advance(by: 1)
        let recorder = try record()
        let more = [MediaItem(path: "b.mp4", title: "B"), MediaItem(path: "c.mp4", title: "C")]
        context.render.append(more)
        #expect(recorder.events == [.queueChanged([first.id] + more.map(\.id))])
        #expect(context.render.items.map(\.title) == ["A", "B", "C"])
        #expect(context.render.currentIndex == 0 && context.render.currentTime == 1)
        clock.advance(by: 1)
        #expect(context.render.item?.id == more[0].id && context.render.status == .playing)
        #expect(
            try engine.commands.filter { if case .append = $0 { true } else { false } } == [
                .append(count: 0), .append(count: 1), .append(count: 2),
            ])
    }

    @Test func aNewLoadChangesTheItemAndARetryKeepsIt() throws {
        let first = MediaItem(path: "a.mp4", title: "A")
        let second = MediaItem(path: "b.mp4", title: "B")
        context.render.load(first)
        let recorder = try record()
        context.render.load(second)
        #expect(context.render.item?.title == "B")
        #expect(recorder.events.first == .itemChanged(second.id))
        recorder.events.removeAll()
        context.render.retry()
        #expect(!recorder.events.contains(.itemChanged(second.id)))
        #expect(context.render.status == .playing)
    }

    @Test func seeksAreClampedAndOneAtTheEndEndsTheItemEvenPaused() throws {
        context.render.load(MediaItem(path: "a"))
        let recorder = try record()
        context.render.seek(to: -3)
        #expect(
            recorder.events.prefix(2) == [.adjusted(.seek, requested: -3, applied: 0), .seekCompleted(0)])
        context.render.skip(by: 4)
        #expect(context.render.currentTime == 4)
        context.render.seek(to: 12)
        #expect(context.render.status == .ended)
        #expect(context.render.currentTime == 10)
        context.render.seek(to: 3)
        #expect(context.render.status == .paused)
        #expect(
            try engine.commands == [
                .load(count: 1, index: 0, autoplay: false), .seek(to: -3, exact: true), .skip(by: 4),
                .seek(to: 12, exact: true), .seek(to: 3, exact: true),
            ])
    }

    @Test func aSeekTheItemCannotDoFailsAndPlaybackStaysWhereItWas() throws {
        let refused = PlayerError.io("seeking: Illegal seek")
        let context = Context(mode: .test).withDependency(\.clock, clock)
            .withDependency(
                \.playbackEngine,
                .fake { _ in
                    var pipe = FakeMedia()
                    pipe.seekFailure = refused
                    return pipe
                })
        context.render.load(MediaItem(path: "pipe"), autoplay: true)
        let recorder = Recorder()
        context.render.engine.addObserver { recorder.events.append($0) }
        clock.advance(by: 3)
        recorder.events.removeAll()
        context.render.seek(to: 1)
        #expect(recorder.events == [.seekFailed(requested: 1, refused)])
        #expect(context.render.currentTime == 3 && context.render.status == .playing)
        clock.advance(by: 1)
        #expect(context.render.currentTime == 4)
    }

    @Test func seekAndPlayOrPauseBeginAndEnd() throws {
        context.render.load(MediaItem(path: "a"))
        let recorder = try record()
        context.render.seek(to: 4, play: true)
        #expect(context.render.status == .playing && context.render.currentTime == 4)
        clock.advance(by: 1)
        context.render.seek(to: -2, play: false)
        #expect(context.render.status == .paused && context.render.currentTime == 0)
        #expect(recorder.events.contains(.adjusted(.seek, requested: -2, applied: 0)))
        context.render.seek(to: 6, play: true)
        context.render.begin()
        #expect(context.render.currentTime == 0 && context.render.status == .playing)
        context.render.end()
        #expect(context.render.currentTime == 10 && context.render.status == .ended)
        #expect(recorder.events.suffix(3) == [.seekCompleted(10), .statusChanged(.ended), .ended])
    }

    @Test func commandsWithoutAnItemAreIgnoredAndSettingsAreClamped() throws {
        let recorder = try record()
        context.render.play()
        context.render.next()
        context.render.setVolume(2)
        context.render.setRate(9)
        context.render.setBrightness(-4)
        #expect(
            recorder.events == [
                .ignored(.play, reason: "nothing is loaded"), .ignored(.next, reason: "no next item"),
                .adjusted(.volume, requested: 2, applied: 1.5), .volumeChanged(1.5),
                .adjusted(.rate, requested: 9, applied: 4), .rateChanged(4),
                .adjusted(.brightness, requested: -4, applied: -1),
            ])
        #expect(context.render.volume == 1.5 && context.render.rate == 4 && context.render.brightness == -1)
    }

    @Test func itCanBeToldToOpenLateToBufferAndToFail() throws {
        context.withDependency(\.playbackEngine, .fake { _ in FakeMedia(openingTime: .infinity) })
        context.render.load(MediaItem(path: "slow"), autoplay: true)
        #expect(context.render.status == .loading)
        clock.advance(by: 60)
        #expect(context.render.status == .loading)
        try engine.completeOpening()
        #expect(context.render.status == .playing)

        clock.advance(by: 1)
        try engine.beginBuffering()
        #expect(context.render.status == .buffering)
        clock.advance(by: 5)
        #expect(try engine.currentTime == 1)
        try engine.endBuffering()
        #expect(context.render.status == .playing)

        try engine.reach(8)
        #expect(context.render.currentTime == 8)
        try engine.fail(with: .network(.connectionLost))
        #expect(context.render.status == .failed(.network(.connectionLost)))
        #expect(context.render.error == .network(.connectionLost))

        try engine.media = { _ in FakeMedia() }
        context.render.retry()
        #expect(context.render.status == .playing)
        #expect(context.render.currentTime == 8, "a retry goes on where the item failed")
    }

    @Test func aQualityChosenAsTheItemOpensIsTheOneItStartsWithOrIsReportedOnceItCannotBe() throws {
        let ladder = [
            Rendition(id: 0, width: 640, height: 360, bitRate: 900_000, codecs: ["h264", "aac"]),
            Rendition(id: 1, width: 320, height: 180, bitRate: 400_000, codecs: ["h264", "aac"]),
        ]
        context.withDependency(
            \.playbackEngine,
            .fake { item in
                var media = FakeMedia(openingTime: 1)
                if item.title == "ladder" { media.renditions = ladder }
                return media
            })
        let recorder = try record()
        context.render.load(MediaItem(path: "ladder.m3u8", title: "ladder"))
        context.render.setQuality(.fixed(1))
        #expect(context.render.quality == .fixed(1) && recorder.events.last == .qualityChanged(.fixed(1)))
        clock.advance(by: 1)
        #expect(context.render.status == .ready && context.render.currentRendition == ladder[1])
        #expect(recorder.events.contains(.renditionChanged(from: nil, to: ladder[1], reason: .initial)))

        for (title, quality, reason) in [
            ("ladder", 7, "the item has no rendition 7"), ("talk", 0, "the item offers one rendition"),
        ] {
            context.render.load(MediaItem(path: title, title: title))
            context.render.setQuality(.fixed(quality))
            clock.advance(by: 1)
            #expect(recorder.events.contains(.ignored(.quality, reason: reason)))
            #expect(
                context.render.quality == .auto
                    && recorder.events.last { $0.kind == .qualityChanged } == .qualityChanged(.auto))
        }
        #expect(context.render.currentRendition == nil)
    }

    @Test func anItemThatCannotOpenFailsWithItsError() {
        context.withDependency(\.playbackEngine, .fake { _ in .failing(.fileNotFound(path: "gone.mp4")) })
        context.render.load(MediaItem(path: "gone.mp4"), autoplay: true)
        #expect(context.render.status == .failed(.fileNotFound(path: "gone.mp4")))
        #expect(context.render.error == .fileNotFound(path: "gone.mp4"))
    }

    @Test func tracksAreChosenByIndexOrLanguage() throws {
        let tracks = [
            MediaTrack(index: 0, kind: .video, codecName: "h264", isSupported: true),
            MediaTrack(index: 1, kind: .audio, codecName: "aac", language: "eng", isSupported: true),
            MediaTrack(index: 2, kind: .audio, codecName: "aac", language: "fra", isSupported: true),
            MediaTrack(index: 3, kind: .subtitle, codecName: "subrip", language: "eng", isSupported: true),
            MediaTrack(index: 4, kind: .subtitle, codecName: "subrip", language: "fra", isSupported: true),
        ]
        let cue = SubtitleCue(start: 0, end: 5, text: "Bonjour")
        context.withDependency(\.playbackEngine, .fake { _ in FakeMedia(tracks: tracks, cues: [cue]) })
        context.render.load(MediaItem(path: "film.mkv"))
        #expect(context.render.selectedAudioTrack == 1 && context.render.selectedSubtitleTrack == 3)
        context.render.selectAudioTrack(language: "fra")
        context.render.selectSubtitleTrack(index: 4)
        #expect(context.render.selectedAudioTrack == 2 && context.render.selectedSubtitleTrack == 4)
        #expect(context.render.activeCues == [cue])
        context.render.selectSubtitleTrack(index: nil)
        #expect(context.render.selectedSubtitleTrack == nil)
        #expect(try engine.activeCues.isEmpty)
        let recorder = try record()
        context.render.selectAudioTrack(index: 9)
        #expect(recorder.events == [.ignored(.selectAudioTrack, reason: "no playable audio track matches")])
    }

    @Test func aLiveItemSlidesItsWindowWithTheClockAndGoesBackToLive() throws {
        let context = context.withDependency(
            \.playbackEngine,
            .fake { _ in
                var media = FakeMedia()
                media.liveWindow = 30
                return media
            })
        let render = context.render
        render.load(MediaItem(path: "live.m3u8"), autoplay: true)
        #expect(render.isLive && render.duration == nil)
        #expect(render.seekableRange == 0...30 && render.currentTime == 24 && render.liveLatency == 6)
        #expect(render.isAtLiveEdge)
        clock.advance(by: 10)
        #expect(try engine.seekableRange == 10...40 && engine.currentTime == 34)
        render.seek(to: 0)
        #expect(render.currentTime == 10 && render.seekableRange == 10...40 && render.liveLatency == 30)
        #expect(!render.isAtLiveEdge)
        render.seekToLive()
        #expect(render.currentTime == 34 && render.liveLatency == 6 && render.isAtLiveEdge)
        #expect(try engine.commands.suffix(2) == [.seek(to: 0, exact: true), .seekToLive])
    }
}
