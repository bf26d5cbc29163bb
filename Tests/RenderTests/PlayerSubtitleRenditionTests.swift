import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// WebVTT subtitle renditions of HLS ladders made by `TestMedia`, served on 127.0.0.1.
    @Suite @MainActor
    struct PlayerSubtitleRenditionTests {
        static let english = [
            SubtitleCue(start: 0.5, end: 1.5, text: "One"),
            // Across the boundary of the second and third segments: written in both.
            SubtitleCue(start: 1.8, end: 2.4, text: "Two"),
            SubtitleCue(start: 4.2, end: 4.8, text: "Three"),
        ]
        static let german = [
            SubtitleCue(start: 0.6, end: 1.4, text: "Eins"),
            SubtitleCue(start: 3.1, end: 3.9, text: "Zwei"),
        ]

        /// An English rendition (the default, its cue times moved by a `LOCAL` offset) and a German one.
        static let renditions = [
            HLSLadderSubtitles(
                name: "English", language: "en", cues: english, isDefault: true, localOffset: 10),
            HLSLadderSubtitles(name: "Deutsch", language: "de", cues: german),
        ]

        /// A six-second ladder with ``renditions``, served.
        static func served() throws -> LocalHTTPServer {
            let master = try TestMedia.cachedHLSLadder(
                ClipSpec(duration: 6), heights: PlayerRenditionTests.heights, subtitles: renditions)
            let server = LocalHTTPServer(root: master.deletingLastPathComponent())
            try server.start()
            return server
        }

        /// The subtitle segment numbers requested from rendition `index`, in order.
        static func segments(_ index: Int, in server: LocalHTTPServer) -> [Int] {
            server.requests.numbers(after: "GET /\(TestMedia.hlsSubtitleFolder(index))/segment")
        }

        /// Where the clip's time 0 lies on the item's timeline, by the picture showing: its time
        /// less the clip's time its frame number stands for (30 frames a second).
        static func pictureOffset(_ player: MediaPlayer) throws -> Double {
            let frame = try #require(player.currentFrame)
            let number = try #require(frame.clipFrameNumber)
            return frame.time - Double(number) / 30
        }

        /// Whether `cues` are `expected`, which are on the clip's timeline, moved by `offset`,
        /// within a millisecond.
        static func match(_ cues: [SubtitleCue], _ expected: [SubtitleCue], offset: Double) -> Bool {
            cues.count == expected.count
                && zip(cues, expected).allSatisfy { cue, clip in
                    cue.text == clip.text && abs(cue.start - clip.start - offset) < 0.001
                        && abs(cue.end - clip.end - offset) < 0.001
                }
        }

        @Test func theRenditionsAreTracksAndTheDefaultOneIsReadAroundThePositionAndShownOnTime() async throws
        {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3, forwardBuffer: 2)
            let player = harness.player
            player.load(PlayerRenditionTests.item(on: server), autoplay: false)
            #expect(await harness.wait { player.cues.count == 2 })
            let subtitles = player.tracks.filter { $0.kind == .subtitle }
            #expect(subtitles.map(\.language) == ["en", "de"])
            #expect(subtitles.map(\.title) == ["English", "Deutsch"])
            #expect(subtitles.allSatisfy { $0.codecName == "webvtt" && $0.isSupported })
            #expect(player.selectedSubtitleTrack == subtitles.first?.index)
            // Paused at 0 with 2 s read ahead: the segments up to 2 s, and none of the other rendition.
            try await Task.sleep(for: .milliseconds(300))
            #expect(Self.segments(0, in: server) == [0, 1, 2], "\(server.requests)")
            #expect(Self.segments(1, in: server).isEmpty)
            player.play()
            // A switch of rendition keeps the subtitle tracks.
            let lowest = try #require(player.renditions.last)
            player.setQuality(.fixed(lowest.id))
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(player.currentRendition == lowest)
            #expect(player.tracks.filter { $0.kind == .subtitle } == subtitles)
            #expect(player.selectedSubtitleTrack == subtitles.first?.index)
            // The master playlist was read once: by the player, the demuxer reading its copy.
            #expect(
                server.requests.filter { $0.hasPrefix("GET /master.m3u8") }.count == 1, "\(server.requests)")
            // Each segment once; the cue in two segments once; at the times of the clip, the map applied.
            #expect(Self.segments(0, in: server) == Array(0..<6))
            #expect(
                Self.match(player.cues, Self.english, offset: try Self.pictureOffset(player)),
                "\(player.cues)")
            #expect(harness.events.filter { if case .subtitleCue = $0 { true } else { false } }.count == 3)
            // NB: a connection is counted when it closes, and the demuxer may keep one open until
            // the item closes (a rendition's first segment, glimpsed, that it no longer reads):
            // up to 6 % of this short item went uncounted on a busy machine.
            let (sent, fetched) = (server.bodyBytesSent, player.statistics.bytesFetched)
            #expect(fetched <= sent && Double(fetched) > 0.9 * Double(sent), "\(fetched) of \(sent)")
            await harness.close()
        }

        @Test func anotherRenditionChosenReplacesTheCuesAndNoneHidesThem() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(PlayerRenditionTests.item(on: server), autoplay: false)
            #expect(await harness.wait { player.cues.count == 3 && player.currentFrame != nil })
            let offset = try Self.pictureOffset(player)
            player.selectSubtitleTrack(language: "de")
            #expect(
                await harness.wait { Self.match(player.cues, Self.german, offset: offset) }, "\(player.cues)")
            #expect(player.tracks.first { $0.index == player.selectedSubtitleTrack }?.language == "de")
            player.seek(to: 3.5)
            #expect(await harness.wait { player.activeCues.map(\.text) == ["Zwei"] })
            player.selectSubtitleTrack(index: nil)
            #expect(player.cues.isEmpty && player.activeCues.isEmpty && player.selectedSubtitleTrack == nil)
            // Chosen again, the English cues read already are back at once.
            player.selectSubtitleTrack(language: "en")
            #expect(Self.match(player.cues, Self.english, offset: offset), "\(player.cues)")
            #expect(Self.segments(0, in: server).count == Set(Self.segments(0, in: server)).count)
            #expect(harness.errors.isEmpty)
            await harness.close()
        }

        @Test func aMissingPlaylistOrASegmentThatIsNotWebVTTIsReportedAndTheRestPlays() async throws {
            let server = try Self.served()
            defer { server.stop() }
            server.overrideStatus(404, for: "/\(TestMedia.hlsSubtitleFolder(1))/\(TestMedia.hlsPlaylistName)")
            server.setFile(
                "/\(TestMedia.hlsSubtitleFolder(0))/segment1.vtt", Data(repeating: 0x47, count: 188))
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(PlayerRenditionTests.item(on: server), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended)
            // The cue also in the third segment survives the second's loss.
            #expect(player.cues.map(\.text) == ["One", "Two", "Three"])
            #expect(harness.errors.count == 1)
            guard case .unsupportedFormat(let message)? = harness.errors.first else {
                Issue.record("errors: \(harness.errors)")
                return
            }
            #expect(message.contains("segment1.vtt") && message.contains("not WebVTT"))
            player.selectSubtitleTrack(language: "de")
            #expect(await harness.wait { harness.errors.count == 2 })
            #expect(harness.errors.last == .network(.httpStatus(404)))
            #expect(player.cues.isEmpty && player.status == .ended)
            await harness.close()
        }

        /// Serves the English rendition of ``served()`` as text in fragmented MP4 (`format`: "wvtt" or
        /// "stpp") in place of WebVTT: an initialization section (`EXT-X-MAP`) and a segment a
        /// second at the media's times, each cue cut at the segments' boundaries as packagers cut
        /// them; in files of their own (`segment0.m4s`...), else (`byteRanges`) as ranges of one.
        /// With `pictures`, each TTML cue is a picture of its colour in ``pictureColors``, carried
        /// in a subsample of its sample, in place of its text; with `picturesOnServer` too, the
        /// picture is a file beside the segments, `pictures/One.png`, that each segment names.
        static func serveEnglishInMP4(
            format: String, byteRanges: Bool, pictures: Bool = false, picturesOnServer: Bool = false,
            on server: LocalHTTPServer
        ) throws {
            typealias MP4Text = TimedTextTests.MP4Text
            // The 90 kHz time of the clip's start, which the WebVTT segments map their cues to.
            let ladder = try TestMedia.cachedHLSLadder(
                ClipSpec(duration: 6), heights: PlayerRenditionTests.heights, subtitles: renditions)
            let first = try String(
                contentsOf: ladder.deletingLastPathComponent()
                    .appendingPathComponent("\(TestMedia.hlsSubtitleFolder(0))/segment0.vtt"),
                encoding: .utf8)
            let ticks = try #require(
                first.firstMatch(of: /MPEGTS:(\d+)/).flatMap { UInt64($0.1) })
            func seconds(_ clip: Double) -> String { String(format: "%.6fs", Double(ticks) / 90_000 + clip) }
            let folder = "/\(TestMedia.hlsSubtitleFolder(0))"
            var file = MP4Text.initialization(format: format, timescale: 90_000)
            var playlist = [
                "#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:1", "#EXT-X-PLAYLIST-TYPE:VOD",
                byteRanges
                    ? "#EXT-X-MAP:URI=\"text.mp4\",BYTERANGE=\"\(file.count)@0\""
                    : "#EXT-X-MAP:URI=\"init.mp4\"",
            ]
            if !byteRanges { server.setFile("\(folder)/init.mp4", Data(file)) }
            for second in 0..<6 {
                let (start, end) = (Double(second), Double(second + 1))
                let cuts = Set(
                    [start, end] + english.flatMap { [$0.start, $0.end] }.filter { $0 > start && $0 < end }
                ).sorted()
                var subsamples: [[Int]] = []
                let samples = try zip(cuts, cuts.dropFirst()).map { from, to in
                    let shown = english.filter { $0.start <= from && $0.end >= to }
                    var payload =
                        format == "wvtt"
                        ? MP4Text.webVTTSample(shown.map { ($0.text, "") })
                        : MP4Text.ttml(shown.map { (seconds($0.start), seconds($0.end), $0.text) })
                    if pictures {
                        let divisions = shown.enumerated().map { number, cue in
                            let name =
                                picturesOnServer
                                ? "pictures/\(cue.text).png" : "urn:mpeg:14496-30:subs:\(number + 1)"
                            return #"<div begin="\#(seconds(cue.start))" end="\#(seconds(cue.end))" "#
                                + #"smpte:backgroundImage="\#(name)"/>"#
                        }
                        let document = TimedTextTests.ttml(
                            body: "<body>\(divisions.joined())</body>",
                            attributes: TTMLPictureTests.smpte + #" tts:extent="8px 8px""#)
                        let images = try shown.map { cue in
                            try TestMedia.png(width: 2, height: 2) { _, _ in pictureColors[cue.text] ?? 0 }
                        }
                        for (cue, image) in zip(shown, images) where picturesOnServer {
                            server.setFile("\(folder)/pictures/\(cue.text).png", Data(image))
                        }
                        payload = document + (picturesOnServer ? [] : Array(images.joined()))
                        subsamples.append([document.count] + (picturesOnServer ? [] : images.map(\.count)))
                    }
                    return (duration: UInt32(((to - from) * 90_000).rounded()), payload: payload)
                }
                let segment = MP4Text.segment(
                    decodeTime: ticks + UInt64(second) * 90_000, samples: samples, subsamples: subsamples)
                playlist.append("#EXTINF:1.0,")
                if byteRanges {
                    // The first range after the map's names its offset; the others go on from it.
                    playlist.append(
                        "#EXT-X-BYTERANGE:\(segment.count)" + (second == 0 ? "@\(file.count)" : ""))
                    playlist.append("text.mp4")
                    file += segment
                } else {
                    playlist.append("segment\(second).m4s")
                    server.setFile("\(folder)/segment\(second).m4s", Data(segment))
                }
            }
            if byteRanges { server.setFile("\(folder)/text.mp4", Data(file)) }
            server.setFile(
                "\(folder)/\(TestMedia.hlsPlaylistName)",
                Data((playlist + ["#EXT-X-ENDLIST"]).joined(separator: "\n").utf8))
        }

        /// The colour of the picture of each English cue, opaque ARGB.
        static let pictureColors: [String: UInt32] = [
            "One": 0xFFFF_0000, "Two": 0xFF00_FF00, "Three": 0xFF00_00FF,
        ]

        /// A rendition of IMSC's subtitles as images in fragmented MP4, each picture in a
        /// subsample of its sample or (`onServer`) beside the segments, shows each picture while
        /// its cue lasts: the pieces of one cut at a segment's boundary are joined into one cue
        /// again, and a picture that two segments name is fetched once.
        @Test(arguments: [false, true])
        func aRenditionOfPicturesInFragmentedMP4ShowsEachWhileItsCueLasts(onServer: Bool) async throws {
            let server = try Self.served()
            defer { server.stop() }
            try Self.serveEnglishInMP4(
                format: "stpp", byteRanges: false, pictures: true, picturesOnServer: onServer, on: server)
            try Self.serveMaster(naming: "stpp.ttml.im1i", on: server)
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(PlayerRenditionTests.item(on: server), autoplay: true)
            var shown: Set<UInt32> = []
            #expect(
                await harness.wait(timeout: 10) {
                    shown.formUnion(player.activeCues.compactMap { $0.bitmaps.first?.pixels.first })
                    return harness.isFinished
                })
            #expect(player.status == .ended && harness.errors.isEmpty, "\(harness.errors)")
            #expect(shown == Set(Self.pictureColors.values), "\(shown)")
            let offset = try Self.pictureOffset(player)
            for cue in Self.english {
                let color = try #require(Self.pictureColors[cue.text])
                let shown = player.cues.filter { $0.bitmaps.first?.pixels.first == color }
                try #require(shown.count == 1, "\(cue.text): \(shown)")
                #expect(abs(shown[0].start - cue.start - offset) < 0.001, "\(cue.text): \(shown)")
                #expect(abs(shown[0].end - cue.end - offset) < 0.001, "\(cue.text): \(shown)")
            }
            #expect(player.cues.allSatisfy { $0.text.isEmpty })
            #expect(player.tracks.first { $0.language == "en" }?.codecName == "ttml")
            let fetched = server.requests.filter { $0.contains("/pictures/") }
            #expect(fetched.count == (onServer ? Self.english.count : 0), "\(fetched)")
            await harness.close()
        }

        /// Serves the master playlist of ``served()`` with variants whose `CODECS` name the video's
        /// codec and `text` (RFC 6381 codes of the text's kinds).
        static func serveMaster(naming text: String, on server: LocalHTTPServer) throws {
            let master = try String(
                contentsOf: try TestMedia.cachedHLSLadder(
                    ClipSpec(duration: 6), heights: PlayerRenditionTests.heights, subtitles: renditions),
                encoding: .utf8)
            server.setFile(
                "/" + TestMedia.hlsMasterPlaylistName,
                Data(
                    master.replacingOccurrences(
                        of: "#EXT-X-STREAM-INF:", with: #"#EXT-X-STREAM-INF:CODECS="avc1.64000d,\#(text)","#
                    ).utf8))
        }

        /// A master playlist whose variants name both kinds of text lists each rendition by its
        /// own kind before it shows: its playlist, and the initialization section it names, are
        /// read (the section once, kept for the segments), not its segments.
        @Test func aRenditionListedAmongBothKindsOfTextIsKnownByItsOwnKindBeforeItShows() async throws {
            let server = try Self.served()
            defer { server.stop() }
            try Self.serveEnglishInMP4(format: "stpp", byteRanges: false, on: server)
            try Self.serveMaster(naming: "wvtt,stpp.ttml.im1t", on: server)
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.subtitlePreference = .off
            player.load(PlayerRenditionTests.item(on: server), autoplay: true)
            let english = { player.tracks.first { $0.kind == .subtitle && $0.language == "en" } }
            #expect(await harness.wait(timeout: 5) { english()?.codecName == "ttml" })
            #expect(player.tracks.first { $0.language == "de" }?.codecName == "webvtt")
            let folder = "GET /\(TestMedia.hlsSubtitleFolder(0))/"
            let read = { server.requests.filter { $0.hasPrefix(folder) && !$0.contains(".m3u8") } }
            #expect(read().count == 1 && read().allSatisfy { $0.contains("init.mp4") }, "\(read())")
            // Shown, it reads its segments, not the section again.
            player.selectSubtitleTrack(language: "en")
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(!player.cues.isEmpty && harness.errors.isEmpty, "\(harness.errors)")
            #expect(read().filter { $0.contains("init.mp4") }.count == 1, "\(read())")
            await harness.close()
        }

        /// Text in fragmented MP4 (`format`), in byte ranges of one file or not, whose variants
        /// name its codec in their `CODECS` or not (then it is listed as WebVTT until its
        /// initialization section is read).
        @Test(arguments: [("wvtt", false, false), ("stpp", true, false), ("stpp", false, true)])
        func aRenditionOfTextInFragmentedMP4ShowsItsCuesAtTheirTimes(
            format: String, byteRanges: Bool, namedInMaster: Bool
        ) async throws {
            let server = try Self.served()
            defer { server.stop() }
            try Self.serveEnglishInMP4(format: format, byteRanges: byteRanges, on: server)
            let codec = format == "wvtt" ? "webvtt" : "ttml"
            if namedInMaster { try Self.serveMaster(naming: "\(format).ttml.im1t", on: server) }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(PlayerRenditionTests.item(on: server), autoplay: true)
            var shown: [String: Double] = [:]
            #expect(
                await harness.wait(timeout: 10) {
                    for cue in player.activeCues where shown[cue.text] == nil {
                        shown[cue.text] = player.currentTime
                    }
                    return harness.isFinished
                })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            // The pieces of a cue cut at a boundary are one cue again, at the clip's times.
            #expect(
                Self.match(player.cues, Self.english, offset: try Self.pictureOffset(player)),
                "\(player.cues)")
            #expect(shown.keys.sorted() == ["One", "Three", "Two"], "\(shown)")
            // Named in the master playlist, the codec is known from the start, else WebVTT's is
            // listed until the text is read; then the rendition's is that of its text, and the
            // German one's stays.
            let listed = harness.events.lazy.compactMap { event -> [MediaTrack]? in
                guard case .tracksChanged(let tracks) = event else { return nil }
                return tracks.filter { $0.kind == .subtitle }
            }.first { !$0.isEmpty }
            #expect(listed?.map(\.codecName) == Array(repeating: namedInMaster ? codec : "webvtt", count: 2))
            #expect(player.tracks.first { $0.language == "en" }?.codecName == codec)
            #expect(
                player.tracks.first { $0.language == "de" }?.codecName == (namedInMaster ? codec : "webvtt"))
            // The initialization section once, each segment once.
            let requests = server.requests.filter {
                $0.hasPrefix("GET /\(TestMedia.hlsSubtitleFolder(0))/") && !$0.contains(".m3u8")
            }
            #expect(requests.count == 7 && Set(requests).count == 7, "\(requests)")
            if byteRanges {
                #expect(requests.allSatisfy { $0.contains("text.mp4 bytes=") }, "\(requests)")
            }
            await harness.close()
        }

        /// A live ladder of one rendition with an English subtitle rendition, the default: a cue in
        /// every second of the clip, named after it ("Cue 12" from 12.2 s to 12.8 s).
        ///
        /// - Parameter lag: segments the subtitle playlist lists fewer than the media's.
        static func liveStream(programDates: Bool = false, lag: Int = 0) throws -> LiveHLSStream {
            let cues = (0..<40).map {
                SubtitleCue(start: Double($0) + 0.2, end: Double($0) + 0.8, text: "Cue \($0)")
            }
            return try LiveHLSStream(
                ladder: [120], subtitles: [HLSLadderSubtitles(name: "English", cues: cues, isDefault: true)],
                programDates: programDates, subtitleLag: lag)
        }

        @Test func aLiveRenditionBehindTheMediaIsLaidOnItByTheDatesOfItsSegments() async throws {
            // The subtitle playlist lists two segments fewer: laid by the edges, its segments
            // would be taken for those of two seconds later.
            let stream = try Self.liveStream(programDates: true, lag: 2)
            defer { stream.stop() }
            let harness = await PlayerLiveTests.playing(stream)
            let player = harness.player
            let start = Int(player.currentTime.rounded(.down)) + stream.firstSequence
            #expect(await harness.wait { player.activeCues.contains { $0.text == "Cue \(start + 1)" } })
            // The first segment read is the one of the position, and none before it.
            let requested = stream.server.requests.numbers(after: "GET /subtitles0/segment")
            #expect(
                requested.first == start && requested.allSatisfy { $0 >= start }, "\(requested) from \(start)"
            )
            #expect(harness.errors.isEmpty)
            await harness.close()
        }

        @Test func aLiveRenditionIsFollowedAndItsCuesShowWithThePicturesOfTheirTime() async throws {
            let stream = try Self.liveStream()
            defer { stream.stop() }
            let harness = await PlayerLiveTests.playing(stream)
            let player = harness.player
            let edgeAtStart = try #require(player.seekableRange?.upperBound)
            var shown: [String] = []
            var mismatches: [String] = []
            let followed = await harness.wait(timeout: 12) {
                // Position 0 is the start of segment `firstSequence`, 1 s each.
                let second = Int((player.currentTime + Double(stream.firstSequence)).rounded(.down))
                for cue in player.activeCues where !shown.contains(cue.text) {
                    shown.append(cue.text)
                    if cue.text != "Cue \(second)" {
                        mismatches.append("\(cue.text) at \(player.currentTime)")
                    }
                }
                return player.currentTime > edgeAtStart + 2
            }
            #expect(followed, "the position stayed at \(player.currentTime)")
            #expect(mismatches.isEmpty, "\(mismatches)")
            // Past the first window's edge: the playlist was read again.
            #expect(
                shown.count >= 4 && shown.contains("Cue \(Int(edgeAtStart) + stream.firstSequence)"),
                "\(shown)")
            let offset = try Self.pictureOffset(player)
            for cue in player.cues {
                let second = try #require(Int(cue.text.dropFirst(4)))
                #expect(abs(cue.start - (Double(second) + 0.2) - offset) < 0.001, "\(cue) by \(offset)")
            }
            let requested = stream.server.requests.filter { $0.hasPrefix("GET /subtitles0/segment") }
            #expect(requested.count == Set(requested).count, "\(requested)")
            #expect(harness.errors.isEmpty)
            await harness.close()
        }

        @Test func aLiveRenditionWhosePlaylistFailsForAWhileIsReportedOnceAndGoesOn() async throws {
            let stream = try Self.liveStream()
            defer { stream.stop() }
            let harness = await PlayerLiveTests.playing(stream)
            let player = harness.player
            #expect(await harness.wait { !player.cues.isEmpty })
            let path = "/\(TestMedia.hlsSubtitleFolder(0))/live.m3u8"
            stream.server.overrideStatus(404, for: path)
            let failedAt = player.currentTime
            // Reloads fail for three seconds: one error, and the picture plays on.
            #expect(await harness.wait { player.currentTime > failedAt + 3 })
            #expect(harness.errors == [.network(.httpStatus(404))], "\(harness.errors)")
            stream.server.overrideStatus(nil, for: path)
            let back = player.currentTime
            // The cues of what plays now come again.
            #expect(
                await harness.wait(timeout: 6) {
                    player.cues.contains { $0.start > back + 0.5 } && player.currentTime > back + 2
                })
            #expect(harness.errors.count == 1)
            await harness.close()
        }
    }
}
