import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// HLS streams of fragmented-MP4 segments (an `EXT-X-MAP` initialization section), served on
    /// 127.0.0.1.
    @Suite @MainActor
    struct PlayerFragmentedHLSTests {
        static let spec = ClipSpec(duration: 6)

        /// Seeks to 4 s and watches to the end: it plays from the picture at 4 s (position 0 is
        /// the sound's start, 21 ms before the first picture's), every one after once and in
        /// order. Returns the requests the server got after the seek.
        static func seekToFourSeconds(_ harness: PlayerHarness, server: LocalHTTPServer) async -> [String] {
            let player = harness.player
            let before = server.requests.count
            player.seek(to: 4)
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished)
            #expect(player.status == .ended, "errors: \(harness.errors)")
            let after = watched.frameNumbers.drop { $0 < 100 }
            // NB: a loaded machine may show the first picture too late to keep (the next one shows).
            #expect(after.first.map { abs($0 - 119) <= 1 } == true, "\(watched.frameNumbers)")
            #expect(zip(after, after.dropFirst()).allSatisfy { $1 > $0 }, "\(watched.frameNumbers)")
            #expect((after.last ?? 0) >= 175, "\(watched.frameNumbers)")
            #expect(abs(player.currentTime - 6) < 0.2)
            return Array(server.requests.dropFirst(before))
        }

        @Test(arguments: [false, true])
        func aSeekPlaysFromTheTarget(afterAllWasRead: Bool) async throws {
            let playlist = try TestMedia.cachedHLS(Self.spec, segmentDuration: 1, fragmentedMP4: true)
            let server = LocalHTTPServer(root: playlist.deletingLastPathComponent())
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/" + TestMedia.hlsPlaylistName)), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 0.3 })
            if afterAllWasRead {
                #expect(await harness.wait { (player.bufferedRanges.last?.upperBound ?? 0) > 5.9 })
            }
            let requests = await Self.seekToFourSeconds(harness, server: server)
            // The stream opens anew from the segment holding the target: none before it is fetched,
            // and those read whole before (the initialization section too) are read from memory.
            // (A segment the read-ahead was fetching at the seek is fetched again.)
            let segments = requests.numbers(after: "GET /segment")
            let all = server.requests.numbers(after: "GET /segment")
            #expect(segments.allSatisfy { $0 >= 3 }, "\(requests)")
            #expect(Set(all) == Set(0..<6) && all.count <= 7, "\(server.requests)")
            #expect(!requests.contains { $0.hasPrefix("GET /init.mp4") }, "\(requests)")
            if afterAllWasRead { #expect(segments.isEmpty, "\(requests)") }
            await harness.close()
        }

        /// A stream whose initialization section and segments are byte ranges of one file
        /// (`EXT-X-BYTERANGE`) plays, and a seek, which opens it anew, plays from the target: the
        /// segments read whole are kept by their URL, which these ranges share, so they are not.
        @Test func aStreamOfRangesOfOneFilePlaysFromASeeksTarget() async throws {
            let playlist = try TestMedia.cachedHLS(Self.spec, segmentDuration: 1, fragmentedMP4: true)
            let folder = playlist.deletingLastPathComponent()
            var file = try Data(contentsOf: folder.appendingPathComponent("init.mp4"))
            var lines = [
                "#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:1", "#EXT-X-PLAYLIST-TYPE:VOD",
                "#EXT-X-MAP:URI=\"stream.mp4\",BYTERANGE=\"\(file.count)@0\"",
            ]
            for number in 0..<6 {
                let segment = try Data(contentsOf: folder.appendingPathComponent("segment\(number).m4s"))
                lines += ["#EXTINF:1.0,", "#EXT-X-BYTERANGE:\(segment.count)@\(file.count)", "stream.mp4"]
                file += segment
            }
            lines.append("#EXT-X-ENDLIST")
            let server = LocalHTTPServer(files: [
                "/stream.mp4": file, "/ranges.m3u8": Data(lines.joined(separator: "\n").utf8),
            ])
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/ranges.m3u8")), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 0.3 })
            #expect(player.currentFrame?.clipFrameNumber.map { $0 < 30 } == true)
            _ = await Self.seekToFourSeconds(harness, server: server)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        /// The rewind at the end is a move of the container (in a stream of fragmented MP4, it
        /// opens the stream anew from its first segment), not a seek: the pictures go on from
        /// the first without a pause, and the tone without a gap or a click.
        @Test(arguments: [false, true])
        func aLoopingStreamGoesOnFromItsStart(fragmentedMP4: Bool) async throws {
            let playlist = try TestMedia.cachedHLS(
                ClipSpec(duration: 2), segmentDuration: 1, fragmentedMP4: fragmentedMP4)
            let server = LocalHTTPServer(root: playlist.deletingLastPathComponent())
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.setLooping(true)
            player.load(MediaItem(url: server.url(for: "/" + TestMedia.hlsPlaylistName)), autoplay: true)
            var numbers: [Int] = []
            let loops = { harness.events.filter { $0 == .looped }.count }
            let wraps = { zip(numbers, numbers.dropFirst()).filter { $0 > $1 } }
            // NB: a pass's first pictures show a read-ahead after the stream told it looped.
            let loopedTwice = await harness.wait(timeout: 15) {
                if let number = player.currentFrame?.clipFrameNumber, number != numbers.last {
                    numbers.append(number)
                }
                return loops() >= 2 && wraps().count >= 2
            }
            #expect(loopedTwice, "errors: \(harness.errors) \(harness.events) \(numbers)")
            await harness.wait(timeout: 0.3) { false }
            player.pause()
            #expect(harness.errors.isEmpty && !harness.events.contains(.ended), "\(harness.errors)")
            #expect(player.currentTime >= 0 && player.currentTime <= 2)
            // The pictures run on from the last (59) to the first, as they were made.
            let passes = wraps()
            #expect(passes.count >= 2 && passes.allSatisfy { $0.0 >= 57 && $0.1 <= 2 }, "\(numbers)")
            #expect(!harness.events.contains { if case .seekCompleted = $0 { true } else { false } })
            // The sound runs on across the joints: the priming of each pass's sound, which MPEG-TS
            // and the stream's fragments keep, is not heard again, nor is any of it lost.
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 3.8 * 48_000)
            // Each segment was fetched once: the passes after the first read them from memory.
            let segments = server.requests.numbers(after: "GET /segment")
            #expect(segments.sorted() == [0, 1], "\(server.requests)")
            // The playlist, which cannot change, was not: fetched when the item opened, and once
            // more for every pass that opened the stream anew.
            #expect(server.requests.filter { $0.contains(".m3u8") }.count <= 2, "\(server.requests)")
            await harness.close()
        }

        /// A ladder of `spec` and of `spec` at 160x120 (of `bitsPerPixel` each second, when
        /// given), in fragmented MP4, served; the server stops when the test ends.
        static func servedLadder(
            _ spec: ClipSpec = spec, bitsPerPixel: Double? = nil, segmentDuration: Double = 1
        ) throws -> (server: LocalHTTPServer, folders: [String]) {
            var rungs = [spec, spec]
            (rungs[1].width, rungs[1].height) = (160, 120)
            if let bitsPerPixel {
                for index in rungs.indices {
                    rungs[index].videoBitRate = Int(
                        Double(rungs[index].width * rungs[index].height) * bitsPerPixel)
                }
            }
            let playlists = try rungs.map {
                try TestMedia.cachedHLS($0, segmentDuration: segmentDuration, fragmentedMP4: true)
            }
            return try LocalHTTPServer.ladder(
                of: playlists,
                variants: rungs.map { rung in
                    let bandwidth = (rung.videoBitRate ?? rung.width * rung.height * 3) + 64_000
                    return "BANDWIDTH=\(bandwidth),RESOLUTION=\(rung.width)x\(rung.height)"
                },
                at: "/ladder.m3u8")
        }

        /// A 20 s ladder of 480x360 and 160x120 in 2 s segments, served, with a player reading 4 s
        /// ahead at most that plays its 360p rendition.
        static func playingTopOfTwentySeconds() async throws -> (
            server: LocalHTTPServer, folders: [String], harness: PlayerHarness
        ) {
            let (server, folders) = try servedLadder(
                ClipSpec(width: 480, height: 360, duration: 20), bitsPerPixel: 12, segmentDuration: 2)
            let harness = PlayerHarness(networkTimeout: 10, forwardBuffer: 4)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/ladder.m3u8")), autoplay: true)
            #expect(await harness.wait(timeout: 15) { player.currentRendition?.height == 360 })
            return (server, folders, harness)
        }

        /// Plays the top rendition of the ladder `server` serves, seeks to 4 s and watches it to
        /// the end there (``seekToFourSeconds(_:server:)``); returns the requests from the seek on.
        static func seekTopRenditionToFourSeconds(on server: LocalHTTPServer) async -> [String] {
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/ladder.m3u8")), autoplay: true)
            player.setQuality(.fixed(0))
            #expect(await harness.wait { player.status == .playing && player.currentTime > 0.3 })
            let requests = await seekToFourSeconds(harness, server: server)
            #expect(player.currentFrame?.width == 320 && player.currentRendition?.height == 240)
            await harness.close()
            return requests
        }

        @Test func aSeekInALadderFetchesTheRenditionPlayingAndOnlyGlimpsesTheOther() async throws {
            let (server, folders) = try Self.servedLadder()
            defer { server.stop() }
            let requests = await Self.seekTopRenditionToFourSeconds(on: server)
            // The rendition playing from the segment holding the target on, each segment once (those
            // fetched before the seek are read from memory); of the other, the start of that
            // segment only, for the demuxer to learn its streams.
            let playing = server.requests.filter { $0.hasSuffix("bytes=0-") }.numbers(
                after: "GET /\(folders[0])/segment")
            let afterSeek = requests.numbers(after: "GET /\(folders[0])/segment")
            #expect(
                afterSeek.allSatisfy { $0 >= 3 } && playing.sorted() == Array(0..<6), "\(server.requests)")
            let other = requests.filter { $0.hasPrefix("GET /\(folders[1])/segment") }
            #expect(other.count == 1 && other.allSatisfy { !$0.hasSuffix("bytes=0-") }, "\(requests)")
            #expect(requests.filter { $0.contains(".m3u8") }.count <= 1, "\(requests)")
        }

        /// The other rendition's segment at the target cannot be fetched: the container opened
        /// anew glimpses its next one instead, and plays the one chosen from the target.
        @Test func aSeekInALadderWhoseOtherRenditionFailsThereGlimpsesItsNextSegment() async throws {
            let (server, folders) = try Self.servedLadder()
            defer { server.stop() }
            server.overrideStatus(404, for: "/\(folders[1])/segment3.m4s")
            let requests = await Self.seekTopRenditionToFourSeconds(on: server)
            let other = requests.filter { $0.hasPrefix("GET /\(folders[1])/segment") }
            #expect(other.numbers(after: "GET /\(folders[1])/segment") == [3, 4], "\(requests)")
        }

        /// Opened anew, a rendition is glimpsed at for 32 KiB whatever its bit rate, less than one
        /// of a 720p rendition's keyframes here: its streams come with its initialization section.
        /// A seek with the lower rendition plays, and a switch up to the 720p one after it.
        @Test func aGlimpseShorterThanAKeyframeStillOpensTheContainerAnew() async throws {
            let (server, _) = try Self.servedLadder(
                ClipSpec(width: 1280, height: 720, duration: 6), bitsPerPixel: 12)
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/ladder.m3u8")), autoplay: true)
            #expect(await harness.wait { player.status == .playing })
            player.setQuality(.fixed(1))
            #expect(await harness.wait { player.currentRendition?.height == 120 })
            player.seek(to: 2)
            #expect(await harness.wait { player.currentTime > 2.3 && player.currentFrame?.width == 160 })
            player.setQuality(.fixed(0))
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(
                watched.widths.last == 1280 && player.currentRendition?.height == 720,
                "\(watched.widths.suffix(5)) \(harness.events.suffix(8))")
            #expect(watched.positionNeverWentBack && watched.picturesAdvance, "\(watched.frameNumbers)")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        /// A player of the ladder `server` serves that plays its top rendition, chosen, past 1.2 s.
        static func playingTopRendition(of server: LocalHTTPServer) async -> PlayerHarness {
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/ladder.m3u8")), autoplay: true)
            player.setQuality(.fixed(0))
            #expect(await harness.wait { player.status == .playing && player.currentTime > 1.2 })
            return harness
        }

        /// The read-ahead of the rendition playing is cut, as in a ladder of MPEG-TS segments: the
        /// container, which cannot seek there, opens anew with the chosen rendition from the
        /// segment of the cut.
        @Test func aChosenRenditionPlaysFromTheNextSegment() async throws {
            let (server, folders) = try Self.servedLadder()
            defer { server.stop() }
            let harness = await Self.playingTopRendition(of: server)
            let player = harness.player
            let switchedAt = player.currentTime
            player.setQuality(.fixed(1))
            let watched = await harness.watchUntilFinished()
            let (widths, frameNumbers) = (watched.widths, watched.frameNumbers)
            #expect(watched.finished)
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(player.currentRendition?.height == 120 && player.statistics.renditionSwitches == 1)
            // The picture goes on to the first segment that begins a second or more after the
            // choice, then at the new size, in order.
            #expect(widths.first == 320 && widths.last == 160)
            #expect(widths.filter { $0 == 320 }.count <= 75 && !widths.contains { $0 != 320 && $0 != 160 })
            #expect(
                frameNumbers == frameNumbers.sorted() && (frameNumbers.last ?? 0) >= 175, "\(frameNumbers)")
            #expect(watched.positionNeverWentBack, "the position went back")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 5.8 * 48_000)
            // The new rendition from the segment of the cut on, each once; of the old one nothing is
            // fetched again: the glimpse of that segment, for the demuxer to learn its streams, is
            // read from memory.
            let requests = server.requests
            let new = requests.numbers(after: "GET /\(folders[1])/segment").filter { $0 > 0 }
            let first = try #require(new.first, "\(requests)")
            let cut = Int((switchedAt + PlaybackSession.switchLead).rounded(.up))
            #expect(new == Array(first..<6) && (cut...cut + 1).contains(first), "\(requests)")
            let old = requests.filter { $0.hasSuffix("bytes=0-") }.numbers(
                after: "GET /\(folders[0])/segment")
            let glimpses = requests.filter { !$0.hasSuffix("bytes=0-") }
                .numbers(after: "GET /\(folders[0])/segment")
            #expect(old == Array(0..<6) && glimpses.isEmpty, "\(requests)")
            await harness.close()
        }

        /// The demuxer cannot go on with another rendition of fragmented MP4 from where it stands:
        /// a switch that ``Quality/auto`` chooses opens the container anew with the new
        /// rendition at the last keyframe read, and the item plays to its end.
        @Test func autoStepsUpAndPlaysToTheEnd() async throws {
            let (server, folders) = try Self.servedLadder(
                ClipSpec(width: 480, height: 360, duration: 20), bitsPerPixel: 12, segmentDuration: 2)
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 10, forwardBuffer: 4)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/ladder.m3u8")), autoplay: true)
            let watched = await harness.watchUntilFinished(timeout: 40)
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(abs(player.currentTime - 20) < 0.2)
            #expect(
                PlayerTests.PlayerAdaptiveTests.adaptiveSwitches(of: harness) == [360],
                "\(harness.events)")
            #expect(watched.widths.first == 160 && watched.widths.last == 480)
            // The new rendition from the segment of the last keyframe read, each segment once.
            let whole = server.requests.filter { $0.hasSuffix("bytes=0-") }
            let segments = folders.map { whole.numbers(after: "GET /\($0)/segment") }
            let first = try #require(segments[0].first, "\(server.requests)")
            #expect(segments[0] == Array(first..<10) && segments[1] == Array(0...first), "\(server.requests)")
            // No stall, no jump back, no picture twice, every second heard.
            harness.expectPlayedSmoothly(watched, heardLongerThan: 19.5 * 48_000)
            await harness.close()
        }

        /// As in a ladder of MPEG-TS segments (PlayerAdaptiveTests), with the container opened anew
        /// with the lower rendition from the segment given up on: the glimpses that costs are
        /// counted before it is chosen.
        @Test func aSegmentThatWouldComeAfterTheReadAheadRunsDryIsGivenUpAndFetchedAtALowerRendition()
            async throws
        {
            let (server, folders, harness) = try await Self.playingTopOfTwentySeconds()
            defer { server.stop() }
            let player = harness.player
            // 600 kbit/s: a 360p segment would take over 7 s, with 4 s read ahead at most; a 120p
            // one, with the glimpses of both renditions, about 2.5 s.
            let throttled = server.requests.count
            server.throttle(bytesPerSecond: 75_000)
            let watched = await harness.watchUntilFinished(timeout: 40)
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(
                PlayerTests.PlayerAdaptiveTests.adaptiveSwitches(of: harness).last == 120, "\(harness.events)"
            )
            // The 360p segment given up on came again from 120p, whole: the only one fetched whole
            // from both after the link slowed down.
            let whole = server.requests.dropFirst(throttled).filter { $0.hasSuffix("bytes=0-") }
            let segments = folders.map { Set(whole.numbers(after: "GET /\($0)/segment")) }
            #expect(segments[0].intersection(segments[1]).count == 1, "\(server.requests)")
            // No stall, no jump back, no picture twice, every second heard.
            harness.expectPlayedSmoothly(watched, heardLongerThan: 19.5 * 48_000)
            await harness.close()
        }

        /// A link that falls from loopback speed to 880 kbit/s, above the 120p rendition's rate but
        /// under 360p's: the averages remember the fast past for a while, but the latest downloads
        /// tell, so the player stays at 120p to the end instead of stepping up again into a stall.
        @Test func afterAFallOfTheLinkNoRenditionIsChosenThatTheLatestDownloadsCouldNotFetch() async throws {
            let (server, _, harness) = try await Self.playingTopOfTwentySeconds()
            defer { server.stop() }
            let player = harness.player
            server.throttle(bytesPerSecond: 110_000)
            let watched = await harness.watchUntilFinished(timeout: 40)
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(abs(player.currentTime - 20) < 0.2)
            #expect(
                PlayerTests.PlayerAdaptiveTests.adaptiveSwitches(of: harness) == [360, 120],
                "\(harness.events)")
            // No stall, no jump back, no picture twice, every second heard.
            harness.expectPlayedSmoothly(watched, heardLongerThan: 19.5 * 48_000)
            await harness.close()
        }

        /// A segment that comes slowly on a fast link (a slow cache, say) is given up, and the
        /// container opened anew with the lower rendition glimpses at the next segment of the one
        /// given up: fetched again, that segment would hold the opening up as long as it comes.
        @Test func aSegmentGivenUpIsNotFetchedAgainForAGlimpseWhenTheContainerOpensAnew() async throws {
            let (server, folders, harness) = try await Self.playingTopOfTwentySeconds()
            defer { server.stop() }
            let player = harness.player
            // The next 360p segment comes at 64 kbit/s: a glimpse of it (32 KiB) would take 4 s.
            let requested = { (folder: String) in server.requests.numbers(after: "GET /\(folder)/segment") }
            let slow = (requested(folders[0]).max() ?? 0) + 1
            server.throttle("/\(folders[0])/segment\(slow).m4s", bytesPerSecond: 8_000)
            let watched = await harness.watchUntilFinished(timeout: 40)
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(
                PlayerTests.PlayerAdaptiveTests.adaptiveSwitches(of: harness).contains(120),
                "\(harness.events)")
            #expect(
                requested(folders[0]).filter { $0 == slow }.count == 1
                    && requested(folders[1]).contains(slow),
                "\(server.requests)")
            // No stall, no jump back, no picture twice, every second heard.
            harness.expectPlayedSmoothly(watched, heardLongerThan: 19.5 * 48_000)
            await harness.close()
        }

        /// As in a ladder of MPEG-TS segments (PlayerRenditionTests), with the container opened
        /// anew with the rendition that takes over, where the failed one's data stopped.
        @Test func aRenditionWhoseSegmentsFailHandsOverToOneThatWorks() async throws {
            let (server, folders) = try Self.servedLadder()
            defer { server.stop() }
            // From segment 2 on, only the lower rendition answers.
            for segment in 2..<6 { server.overrideStatus(404, for: "/\(folders[0])/segment\(segment).m4s") }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/ladder.m3u8")), autoplay: true)
            let watched = await harness.watchUntilFinished()
            harness.expectPlayedOnAfterFailover(watched, onHeight: 120, lastFrame: 175)
            #expect(harness.renditionChanges(.failover).count == 1, "\(harness.events)")
            await harness.close()
        }

        /// libavformat's HLS demuxer cannot seek in such a stream either for the seek preview: it
        /// opens the largest rendition's media playlist anew, cut at the segment holding the time,
        /// for each picture.
        @Test func thumbnailsAreTheLargestRenditionsKeyframesAtOrBeforeTheTime() async throws {
            let (server, folders) = try Self.servedLadder(segmentDuration: 2)
            defer { server.stop() }
            let generator = ThumbnailGenerator(
                location: server.url(for: "/ladder.m3u8").absoluteString, width: 64)
            defer { generator.close() }
            // A keyframe every second, a segment every two: the second keyframe of a segment too.
            for (index, (time, keyframe)) in [(3.5, 3.0), (1.2, 1.0), (4.9, 4.0), (0, 0)].enumerated() {
                let before = server.requests.count
                let thumbnail = try await generator.thumbnail(at: time)
                #expect(abs(thumbnail.time - keyframe) < 0.05, "at \(time): \(thumbnail.time)")
                #expect(thumbnail.pixels.width == 64 && thumbnail.pixels.height == 48)
                let requests = Array(server.requests.dropFirst(before))
                let segments = requests.numbers(after: "GET /\(folders[0])/segment")
                // The first also opens the stream, which reads its first segment to learn its streams.
                #expect(segments == (index == 0 ? [0] : []) + [Int(time / 2)], "at \(time): \(requests)")
            }
            #expect(!server.requests.contains { $0.contains("/\(folders[1])/segment") }, "\(server.requests)")
        }

        /// A choice taken back while the container, opened anew for it, reads the chosen rendition
        /// alone: the switch goes on (the rendition playing before is no longer read), then the
        /// player switches back, and the item plays to its end with unbroken sound.
        @Test func aChoiceTakenBackOnceTheContainerOpenedAnewForItPlaysToTheEnd() async throws {
            let (server, folders) = try Self.servedLadder()
            defer { server.stop() }
            let harness = await Self.playingTopRendition(of: server)
            let player = harness.player
            let before = server.requests.count
            player.setQuality(.fixed(1))
            #expect(
                await harness.wait {
                    server.requests.dropFirst(before).contains {
                        $0.hasPrefix("GET /\(folders[1])/segment") && $0.hasSuffix("bytes=0-")
                    }
                }, "\(server.requests)")
            player.setQuality(.fixed(0))
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(abs(player.currentTime - 6) < 0.2, "\(player.currentTime)")
            // To the rendition chosen, and back to the one chosen last.
            #expect(
                player.currentRendition?.height == 240 && player.statistics.renditionSwitches == 2,
                "\(harness.events.suffix(6))")
            #expect((watched.frameNumbers.last ?? 0) >= 175, "\(watched.frameNumbers)")
            #expect(watched.positionNeverWentBack && watched.picturesAdvance, "\(watched.frameNumbers)")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 5.8 * 48_000)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        /// The seek opens the container with the rendition chosen, whether the choice reached the
        /// demuxer before it or not.
        @Test func aSeekRightAfterAChoicePlaysTheChosenRenditionAtTheTarget() async throws {
            let (server, folders) = try Self.servedLadder()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/ladder.m3u8")))
            #expect(await harness.wait(for: .ready))
            let lowest = try #require(player.renditions.last)
            player.setQuality(.fixed(lowest.id))
            let before = server.requests.count
            player.seek(to: 3.5)
            player.play()
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(player.currentRendition == lowest)
            #expect(!watched.widths.isEmpty && watched.widths.allSatisfy { $0 == 160 }, "\(watched.widths)")
            #expect(
                watched.frameNumbers.first.map { (104...106).contains($0) } == true, "\(watched.frameNumbers)"
            )
            // Of the rendition left, at most a glimpse after the choice.
            let after = server.requests.dropFirst(before).filter { $0.hasSuffix("bytes=0-") }
            #expect(after.numbers(after: "GET /\(folders[0])/segment").count <= 1, "\(after)")
            await harness.close()
        }
    }
}
