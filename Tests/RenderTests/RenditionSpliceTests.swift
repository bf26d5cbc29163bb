import Testing

@testable import VideoPlayerRender

/// The splice of a rendition switch, asked about segment opens as the HLS demuxer makes them.
@Suite struct RenditionSpliceTests {
    /// A media playlist of `count` segments of `seconds` each from sequence number `sequence`,
    /// "segmentN.ts" for number N; without an end when `live`; after an initialization section
    /// when `fragmented`.
    private static func playlist(
        count: Int, seconds: Double = 2, live: Bool = false, fragmented: Bool = false, sequence: Int = 0,
        named: (Int) -> String = { "segment\($0).ts" }
    )
        throws -> HLSMediaPlaylist
    {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:\(Int(seconds.rounded(.up)))\n"
        text += "#EXT-X-MEDIA-SEQUENCE:\(sequence)\n"
        if fragmented { text += "#EXT-X-MAP:URI=\"init.mp4\"\n" }
        for index in sequence..<(sequence + count) { text += "#EXTINF:\(seconds),\n\(named(index))\n" }
        if !live { text += "#EXT-X-ENDLIST\n" }
        guard case .media(let playlist) = try HLSPlaylist(parsing: text, location: "test") else {
            throw PlayerError.unsupportedFormat("not a media playlist")
        }
        return playlist
    }

    /// A splice of two renditions ("high", 0, and "low", 1) of ten 2 s segments, with "high"
    /// playing.
    private static func splice() throws -> RenditionSplice {
        let splice = RenditionSplice()
        splice.map(
            RenditionSplice.segments(of: [
                ("http://h/high/index.m3u8", try playlist(count: 10)),
                ("http://h/low/index.m3u8", try playlist(count: 10)),
            ]))
        splice.play(0)
        return splice
    }

    /// The renditions of ``splice()``, by the bit rates they declare.
    private static let renditions = [
        Rendition(id: 0, width: nil, height: nil, bitRate: 4_000_000, codecs: []),
        Rendition(id: 1, width: nil, height: nil, bitRate: 100_000, codecs: []),
    ]

    private static func high(_ index: Int) -> String { "http://h/high/segment\(index).ts" }
    private static func low(_ index: Int) -> String { "http://h/low/segment\(index).ts" }

    @Test func theRenditionJoiningBeginsAfterWhatThePlayingOneFetchedWhichThenFetchesNoMore() throws {
        let splice = try Self.splice()
        #expect((0...3).allSatisfy { splice.admits(Self.high($0)) })
        splice.setJoining(1)
        #expect(!splice.joinHasBegun)
        // The demuxer starts the new variant at the segment of the position, which the old one has.
        #expect(!splice.admits(Self.low(2)))
        #expect(!splice.admits(Self.low(3)))
        #expect(splice.admits(Self.low(4)))
        #expect(splice.joinHasBegun)
        // The old variant, read to the end of its segment, skips the rest.
        #expect(!splice.admits(Self.high(4)))
        #expect(!splice.admits(Self.high(9)))
        #expect(splice.admits(Self.low(5)))
        // Joined: the new one plays and fetches on; a later switch back splices the same way.
        splice.play(1)
        #expect(splice.admits(Self.low(6)))
        splice.setJoining(0)
        #expect(!splice.admits(Self.high(6)))
        #expect(splice.admits(Self.high(7)))
    }

    @Test func withoutASwitchAfterASeekOrForUnknownURLsEverySegmentIsFetched() throws {
        let splice = try Self.splice()
        #expect((0...5).allSatisfy { splice.admits(Self.high($0)) })
        #expect(splice.admits(Self.low(1)))
        #expect(splice.admits("http://h/elsewhere/segment1.ts"))
        // A switch called off before its rendition fetched anything leaves both as they were.
        splice.setJoining(1)
        splice.setJoining(nil)
        #expect(splice.admits(Self.low(2)))
        #expect(splice.admits(Self.high(6)))
        // A seek back: what was fetched before says nothing of what comes next.
        splice.setJoining(1)
        splice.containerMoved()
        #expect(splice.admits(Self.low(1)))
        #expect(!splice.admits(Self.high(1)))
    }

    @Test func segmentsPairByTheirMiddlesWhenDurationsAreRoundedDifferently() throws {
        let splice = RenditionSplice()
        splice.map(
            RenditionSplice.segments(of: [
                ("http://h/a/index.m3u8", try Self.playlist(count: 6, seconds: 2.002)),
                ("http://h/b/index.m3u8", try Self.playlist(count: 6, seconds: 2)),
            ]))
        splice.play(0)
        #expect((0...4).allSatisfy { splice.admits("http://h/a/segment\($0).ts") })
        splice.setJoining(1)
        #expect(!splice.admits("http://h/b/segment4.ts"))
        #expect(splice.admits("http://h/b/segment5.ts"))
    }

    /// A live ladder's other renditions give the start of each segment the probe reaches, so that
    /// their variants do not reach the edge and wait there; the live playlists' segments are
    /// forgotten once one plays. The start of a fragmented MP4 segment keeps its length, since
    /// more segments follow it, and is as short for the first segment as for the others.
    @Test(arguments: [false, true])
    func whileALiveLadderOpensTheOtherRenditionsGiveTheStartOfEachSegment(fragmented: Bool) throws {
        let playlists = [
            ("http://h/high/index.m3u8", try Self.playlist(count: 10, live: true, fragmented: fragmented)),
            ("http://h/low/index.m3u8", try Self.playlist(count: 10, live: true, fragmented: fragmented)),
        ]
        #expect(RenditionSplice.segments(of: playlists).isEmpty)
        let splice = RenditionSplice()
        splice.map(RenditionSplice.segments(of: playlists, live: true))
        splice.open(
            with: 1,
            among: Self.renditions, live: true)
        #expect(splice.admission(of: Self.low(7)) == .whole)
        let following = RenditionSplice.Admission.prefix(
            RenditionSplice.liveGlimpseBytes, keepsLength: fragmented)
        // NB: a fragmented MP4 segment's streams come with its initialization section.
        #expect(splice.admission(of: Self.high(7)) == (fragmented ? following : .prefix(125_000)))
        #expect(splice.admission(of: Self.high(8)) == following)
        #expect(splice.admission(of: Self.high(9)) == following)
        #expect(splice.admission(of: Self.low(8)) == .whole)
        splice.play(1)
        #expect(splice.segment(at: Self.high(9)) == nil)
        splice.setJoining(0)
        #expect(splice.admission(of: Self.high(9)) == .whole)
    }

    @Test func whileTheItemOpensTheOtherRenditionsGiveTheirFirstSegmentInPartAndNothingMore() throws {
        let splice = try Self.splice()
        splice.open(
            with: 1,
            among: Self.renditions)
        #expect(splice.admission(of: Self.low(0)) == .whole)
        // A quarter of a second of the other rendition's first segment.
        #expect(splice.admission(of: Self.high(0)) == .prefix(125_000))
        #expect(splice.admission(of: Self.high(1)) == .refused)
        #expect(splice.admission(of: Self.high(2)) == .refused)
        #expect(splice.admission(of: Self.low(1)) == .whole)
        #expect(splice.admission(of: "http://h/elsewhere/segment0.ts") == .whole)
        // A glimpse that could not be fetched passes to the rendition's next segment.
        splice.glimpseFailed(Self.high(2))
        #expect(splice.admission(of: Self.high(3)) == .prefix(125_000))
        #expect(splice.admission(of: Self.high(4)) == .refused)
        // Once it plays, every segment of the rendition playing comes whole, and a switch splices.
        splice.play(1)
        #expect(splice.admits(Self.low(2)))
        splice.setJoining(0)
        #expect(!splice.admits(Self.high(2)))
        #expect(splice.admits(Self.high(3)))
    }

    @Test func aSegmentWhoseDownloadWasGivenUpIsGlimpsedAtItsRenditionsNextSegmentInstead() throws {
        let splice = try Self.splice()
        splice.gaveUp(Self.high(5))
        splice.gaveUp(Self.high(9))
        // Opened anew at segment 5 with the lower rendition.
        splice.open(with: 1, among: Self.renditions)
        #expect(splice.admission(of: Self.low(5)) == .whole)
        #expect(splice.admission(of: Self.high(5)) == .refused)
        #expect(splice.admission(of: Self.high(6)) == .prefix(125_000))
        // The last segment has none after it: given up or not, its glimpse is the only one left.
        // Opened anew, a stream with an initialization section is glimpsed at for 32 KiB.
        splice.open(with: 1, among: Self.renditions, anew: true)
        #expect(splice.admission(of: Self.high(9)) == .prefix(32 * 1024))
        // The rendition opened with comes whole, and a new item forgets what was given up.
        splice.open(with: 0, among: Self.renditions)
        #expect(splice.admission(of: Self.high(5)) == .whole)
        splice.map(RenditionSplice.segments(of: [("http://h/high/index.m3u8", try Self.playlist(count: 10))]))
        splice.open(with: 1, among: Self.renditions)
        #expect(splice.admission(of: Self.high(5)) == .prefix(125_000))
    }

    /// A live ladder opened anew for a download given up, at the edge: its playlists list nothing
    /// after the segment given up, and segments listed since are not mapped.
    @Test func aLiveLadderOpenedAnewForADownloadGivenUpRefusesItAndGlimpsesAtSegmentsListedSince() throws {
        let playlists = [
            ("http://h/high/index.m3u8", try Self.playlist(count: 10, live: true)),
            ("http://h/low/index.m3u8", try Self.playlist(count: 10, live: true)),
        ]
        let mapped = RenditionSplice.segments(of: playlists, live: true)
        let splice = RenditionSplice()
        splice.gaveUp(Self.high(9))
        splice.map(mapped, keepingGivenUp: true)
        #expect(splice.gaveUpAny(of: mapped))
        splice.open(
            with: 1,
            among: Self.renditions, live: true)
        #expect(splice.admission(of: Self.low(9)) == .whole)
        // The playlist lists another segment soon: the one given up is not glimpsed at.
        #expect(splice.admission(of: Self.high(9)) == .refused)
        // Segments listed since belong to the rendition whose segments share their folder.
        #expect(splice.admission(of: Self.high(10)) == .prefix(125_000))
        #expect(splice.admission(of: Self.high(11)) == .prefix(RenditionSplice.liveGlimpseBytes))
        #expect(splice.admission(of: Self.low(10)) == .whole)
        #expect(splice.admission(of: "http://h/other/segment10.ts") == .whole)
        // Where the renditions share a folder, the URL does not tell: it comes whole.
        let shared = RenditionSplice.segments(
            of: [
                ("http://h/index-high.m3u8", try Self.playlist(count: 10, live: true) { "high\($0).ts" }),
                ("http://h/index-low.m3u8", try Self.playlist(count: 10, live: true) { "low\($0).ts" }),
            ], live: true)
        #expect(RenditionSplice.unlisted("http://h/high10.ts", in: shared) == nil)
        #expect(RenditionSplice.unlisted(Self.high(10), in: mapped)?.rendition == 0)
        // A new item forgets what was given up.
        splice.map(mapped)
        #expect(!splice.gaveUpAny(of: mapped))
    }

    @Test func openedAnewAfterWhatThePlayingOneDeliveredTheOtherBeginsWithTheSegmentAfterIt() throws {
        let splice = try Self.splice()
        splice.play(0)
        #expect(splice.admission(of: Self.high(3)) == .whole && splice.admission(of: Self.high(4)) == .whole)
        #expect(splice.latestOpened(by: 0) == RenditionSplice.Segment(rendition: 0, start: 8, end: 10))
        // Segment 3 came whole from "high"; "low" opens with the segment of the sound still to be
        // read, at 7.9 s.
        splice.open(with: 1, among: Self.renditions, anew: true, delivered: 8)
        splice.containerMoved()
        #expect(splice.latestOpened(by: 0) == nil)
        #expect(splice.admission(of: Self.low(3)) == .refused)
        #expect(splice.admission(of: Self.high(3)) == .prefix(32 * 1024))
        #expect(splice.admission(of: Self.low(4)) == .whole)
        // Once it plays, nothing is refused for what was delivered.
        splice.play(1)
        splice.containerMoved()
        #expect(splice.admission(of: Self.low(3)) == .whole)
    }

    /// A live ladder of 1 s segments whose playlists list `count` from `sequence`.
    private static func liveLadder(from sequence: Int, count: Int = 6) throws -> [(String, HLSMediaPlaylist)]
    {
        try ["http://h/high/index.m3u8", "http://h/low/index.m3u8"].map {
            ($0, try playlist(count: count, seconds: 1, live: true, sequence: sequence))
        }
    }

    /// The player's times lie on the timeline of the live playlist it follows, which began with the
    /// window of its first read. A live ladder's playlists read as it opens anew list a window that
    /// slid since: their segments are laid on that timeline by their sequence numbers. Those mapped
    /// as the item opened, from playlists read before the one followed, move onto its timeline.
    @Test func aLiveLaddersSegmentsLieOnTheTimelineOfTheWindowFollowed() throws {
        var window = LiveTimeline(try Self.playlist(count: 6, seconds: 1, live: true, sequence: 5))
        window.update(with: try Self.playlist(count: 6, seconds: 1, live: true, sequence: 8))
        let later = try Self.liveLadder(from: 8)
        let laid = RenditionSplice.segments(of: later, live: true, on: window)
        #expect(laid[Self.high(10)] == RenditionSplice.Segment(rendition: 0, start: 5, end: 6))
        #expect(laid[Self.low(13)] == RenditionSplice.Segment(rendition: 1, start: 8, end: 9))
        #expect(RenditionSplice.segments(of: later, live: true)[Self.high(10)]?.start == 2)

        // Read a segment before the window followed began.
        let splice = RenditionSplice()
        splice.map(RenditionSplice.segments(of: try Self.liveLadder(from: 4), live: true))
        splice.open(with: 0, among: Self.renditions, live: true)
        #expect(splice.admission(of: Self.high(5)) == .whole)
        let followed = LiveTimeline(try Self.playlist(count: 6, seconds: 1, live: true, sequence: 5))
        splice.lay(on: followed, followed: 0, at: "http://h/high/index.m3u8")
        #expect(splice.latestOpened(by: 0) == RenditionSplice.Segment(rendition: 0, start: 0, end: 1))
        #expect(splice.segment(at: Self.low(6)) == RenditionSplice.Segment(rendition: 1, start: 1, end: 2))
    }

    /// Once a live ladder plays, its splice forgets its segments; what it let through since the
    /// container moved stays known by URL, refused segments left out, for the player to find in
    /// the window it follows.
    @Test func theSegmentsLetThroughSinceTheContainerMovedAreKnownByURL() throws {
        let splice = RenditionSplice()
        splice.map(RenditionSplice.segments(of: try Self.liveLadder(from: 4), live: true))
        splice.open(with: 0, among: Self.renditions, live: true)
        #expect(splice.admission(of: Self.high(4)) == .whole)
        #expect(splice.admission(of: Self.low(4)) == .prefix(32 * 1024))
        #expect(splice.recentlyAdmitted == [Self.high(4), Self.low(4)])
        splice.play(0)
        for index in 5..<12 { #expect(splice.admission(of: Self.high(index)) == .whole) }
        #expect(splice.latestOpened(by: 0)?.start == 0)
        #expect(splice.recentlyAdmitted == (12 - RenditionSplice.admittedKept..<12).map(Self.high))
        splice.containerMoved()
        #expect(splice.recentlyAdmitted.isEmpty)
    }

    @Test func aGlimpseIsAQuarterOfASecondOfTheRenditionAnd32KiBAtLeast() {
        #expect(RenditionSplice.glimpseBytes(bitRate: 8_000_000) == 250_000)
        #expect(RenditionSplice.glimpseBytes(bitRate: 275_000) == 32 * 1024)
        #expect(RenditionSplice.glimpseBytes(bitRate: nil) == 32 * 1024)
    }

    /// A live ladder opened anew in its window is probed past the segment it begins with, when the
    /// playlist lists that much from there; nearer the edge, the probe would wait for the playlist
    /// to grow.
    @Test func aLiveLadderOpenedAnewGlimpsesOnlyWhenThePlaylistOutlastsTheProbe() throws {
        let playing = try Self.playlist(count: 10, seconds: 1, live: true)
        let playlists = [
            ("http://h/high/index.m3u8", playing),
            ("http://h/low/index.m3u8", try Self.playlist(count: 10, seconds: 2, live: true)),
        ]
        // The probe reads the longest first segment and half a second more: 2.5 s.
        #expect(PlaybackSession.liveProbe(of: playlists, from: 0, playing: playing) == 2)
        #expect(PlaybackSession.liveProbe(of: playlists, from: 7, playing: playing) == 2)
        #expect(PlaybackSession.liveProbe(of: playlists, from: 8, playing: playing) == nil)
        #expect(PlaybackSession.liveProbe(of: playlists, from: 12, playing: playing) == nil)
    }

    @Test func aPlaylistThatListsAURLTwiceOrCouldNotBeReadIsLeftOut() throws {
        let ranges = try Self.playlist(count: 4) { _ in "all.ts" }
        let segments = RenditionSplice.segments(of: [
            nil, ("http://h/r/index.m3u8", ranges), ("http://h/c/index.m3u8", try Self.playlist(count: 3)),
        ])
        #expect(segments.count == 3)
        #expect(segments["http://h/c/segment2.ts"] == RenditionSplice.Segment(rendition: 2, start: 4, end: 6))
    }
}

extension RenditionSplice {
    /// Whether the segment at `url` comes whole.
    fileprivate func admits(_ url: String) -> Bool { admission(of: url) == .whole }
}
