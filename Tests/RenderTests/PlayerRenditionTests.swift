import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// HLS ladders of three renditions made by `TestMedia`, served on 127.0.0.1.
    @Suite @MainActor
    struct PlayerRenditionTests {
        static let heights = [240, 180, 120]

        /// A ladder of `spec`, served; the server stops when the test ends.
        static func served(
            _ audio: HLSLadderAudio = .muxed, spec: ClipSpec = ClipSpec(duration: 5), bitsPerPixel: Double = 3
        ) throws -> LocalHTTPServer {
            let master = try TestMedia.cachedHLSLadder(
                spec, heights: heights, audio: audio, bitsPerPixel: bitsPerPixel)
            let server = LocalHTTPServer(root: master.deletingLastPathComponent())
            try server.start()
            return server
        }

        static func item(on server: LocalHTTPServer) -> MediaItem {
            MediaItem(url: server.url(for: "/" + TestMedia.hlsMasterPlaylistName))
        }

        /// The segment numbers requested from the rendition of `height`, in order.
        static func segments(of height: Int, in requests: some Sequence<String>) -> [Int] {
            requests.numbers(after: "GET /\(TestMedia.hlsRenditionFolder(height: height))/segment")
        }

        @Test func aLadderListsItsRenditionsAndFetchesOnlyTheSegmentsOfTheOnePlaying() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors: \(harness.errors)")
            let renditions = harness.player.renditions
            #expect(renditions.map(\.height) == [240, 180, 120])
            #expect(renditions.map(\.width) == [320, 240, 160])
            #expect(renditions.map(\.label) == ["240p", "180p", "120p"])
            #expect(renditions.allSatisfy { $0.codecs == ["h264", "aac"] && ($0.bitRate ?? 0) > 0 })
            // Every rendition fits the first estimate of 1 Mbit/s: the highest starts.
            let playing = try #require(harness.player.currentRendition)
            #expect(playing.height == 240 && harness.player.quality == .auto)
            #expect(harness.events.contains(.renditionChanged(from: nil, to: playing, reason: .initial)))
            let statistics = harness.player.statistics
            #expect(statistics.startupSeconds.map { $0 > 0 } == true && statistics.renditionSwitches == 0)
            // Every byte the server sent is counted, the master playlist's included.
            let sent = server.bodyBytesSent
            #expect(statistics.bytesFetched <= sent && Double(statistics.bytesFetched) > 0.95 * Double(sent))
            #expect(harness.player.tracks.filter { $0.kind == .video }.count == 1)
            #expect(harness.player.tracks.filter { $0.kind == .audio }.count == 1)
            let requests = server.requests
            #expect(Set(Self.segments(of: 240, in: requests)) == Set(0..<5))
            // Opening glimpses at the first bytes of the other variants' first segments, enough to
            // learn their streams; nothing more of them is fetched.
            let glimpse = "bytes=0-\(RenditionSplice.glimpseBytes(bitRate: nil) - 1)"
            for height in [180, 120] {
                let own = requests.filter {
                    $0.contains("/\(TestMedia.hlsRenditionFolder(height: height))/segment")
                }
                #expect(
                    own == ["GET /\(TestMedia.hlsRenditionFolder(height: height))/segment0.ts \(glimpse)"],
                    "\(requests)")
            }
            await harness.close()
        }

        /// A master playlist whose URL redirects, as a CDN's does: its renditions are where the
        /// redirect leads, as for libavformat's demuxer, not beside the URL asked for.
        @Test func aLadderBehindARedirectPlaysFromWhereTheRedirectLeads() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let master = "/" + TestMedia.hlsMasterPlaylistName
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.redirectedURL(for: master)), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 1.2 })
            #expect(player.renditions.map(\.height) == [240, 180, 120])
            #expect(player.currentRendition?.height == 240)
            player.setQuality(.fixed(2))
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(player.currentRendition?.height == 120)
            let requests = server.requests
            #expect(server.askedOnlyForTheRedirect(of: master), "\(requests)")
            // The player's own reads of the ladder's playlists (its choice of the first rendition,
            // the splice's map) find them: one read of each, which the demuxer reads too.
            for height in Self.heights {
                let playlist = "GET /\(TestMedia.hlsRenditionFolder(height: height))/"
                #expect(
                    requests.filter { $0.hasPrefix(playlist) && $0.contains(".m3u8") }.count == 1,
                    "\(requests)")
            }
            #expect(
                Set(Self.segments(of: 240, in: requests) + Self.segments(of: 120, in: requests)).count >= 5)
            await harness.close()
        }

        /// A master playlist whose server sets a cookie that every later request must send back, as
        /// a CDN's signed cookies do: the player's own reads and the demuxer's send it, and a manual
        /// switch fetches the other rendition with it too.
        @Test func aCookieTheMasterPlaylistSetsGoesWithEveryLaterRequest() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let master = "/" + TestMedia.hlsMasterPlaylistName
            server.requireCookie(name: "token", value: UUID().uuidString, setBy: master)
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 1.2 })
            player.setQuality(.fixed(2))
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(player.currentRendition?.height == 120)
            #expect(
                Set(Self.segments(of: 240, in: server.requests) + Self.segments(of: 120, in: server.requests))
                    .count >= 5)
            await harness.close()
        }

        @Test(arguments: HLSLadderAudio.allCases)
        func aChosenRenditionPlaysFromTheNextSegmentWithoutAGapOrAJumpBack(audio: HLSLadderAudio) async throws
        {
            let server = try Self.served(audio)
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 1.2 })
            let lowest = try #require(player.renditions.last)
            player.setQuality(.fixed(lowest.id))
            #expect(player.quality == .fixed(lowest.id))
            let switchedAt = player.currentTime
            let watched = await harness.watchUntilFinished()
            let (widths, frameNumbers) = (watched.widths, watched.frameNumbers)
            #expect(watched.finished)
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(player.currentRendition == lowest && player.statistics.renditionSwitches == 1)
            let change = harness.events.first {
                if case .renditionChanged(_, _, .manual) = $0 { true } else { false }
            }
            #expect(
                change == .renditionChanged(from: player.renditions.first, to: lowest, reason: .manual),
                "\(harness.events.filter { if case .renditionChanged = $0 { true } else { false } }) \(harness.errors)"
            )
            #expect(harness.events.contains(.videoSizeChanged(Size(width: 160, height: 120))))
            // The picture goes on to the first segment that begins a second or more after the
            // choice, then at the new size.
            #expect(widths.first == 320 && widths.last == 160)
            #expect(widths.filter { $0 == 320 }.count <= 70 && !widths.contains { $0 != 320 && $0 != 160 })
            #expect(
                frameNumbers == frameNumbers.sorted() && (frameNumbers.last ?? 0) >= 145, "\(frameNumbers)")
            #expect(watched.positionNeverWentBack, "the position went back")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 4.8 * 48_000)
            // The old rendition was read ahead (the whole clip: less than the forward buffer's
            // goal), each segment once; the new one is fetched from that first segment on.
            let requests = server.requests
            let old = Self.segments(of: 240, in: requests)
            let new = Self.segments(of: 120, in: requests).filter { $0 > 0 }
            #expect(old == Array(0..<5), "\(requests)")
            let first = try #require(new.first)
            let cut = Int((switchedAt + PlaybackSession.switchLead).rounded(.up))
            #expect(new == Array(first..<5) && (cut...cut + 1).contains(first), "\(requests)")
            await harness.close()
        }

        @Test func aSeekRightAfterAChoicePlaysTheChosenRenditionAtTheTarget() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server))
            #expect(await harness.wait(for: .ready))
            let lowest = try #require(player.renditions.last)
            player.setQuality(.fixed(lowest.id))
            let before = server.requests.count
            player.seek(to: 3.5)
            player.play()
            let watched = await harness.watchUntilFinished()
            let (widths, frameNumbers) = (watched.widths, watched.frameNumbers)
            #expect(watched.finished)
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(player.currentRendition == lowest)
            #expect(!widths.isEmpty && widths.allSatisfy { $0 == 160 })
            #expect(frameNumbers.first.map { (104...106).contains($0) } == true, "\(frameNumbers)")
            let after = Array(server.requests.dropFirst(before))
            // NB: the request of the old rendition's segment the read-ahead held back when the choice
            // came may go out as the seek releases it (the seek then closes it); nothing more of
            // it is fetched. The choice may cut the read-ahead before the seek arrives, fetching a
            // segment before the target; from the target on, each segment is fetched once.
            #expect(Self.segments(of: 240, in: after).count <= 1, "\(after)")
            #expect(Self.segments(of: 120, in: after).filter { $0 >= 3 } == [3, 4], "\(after)")
            await harness.close()
        }

        @Test func onlyTheAudioRenditionInTheChosenLanguageIsFetched() async throws {
            let spec = ClipSpec(
                duration: 3, tone: ClipSpec.Tone(language: "eng"),
                additionalTones: [ClipSpec.Tone(frequency: 660, language: "fra")])
            let server = try Self.served(.separate, spec: spec)
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 0.3 })
            let sounds = player.tracks.filter { $0.kind == .audio }
            #expect(sounds.compactMap(\.language) == ["eng", "fra"])
            let english = try #require(sounds.first)
            #expect(player.selectedAudioTrack == english.index)
            func fetched(_ folder: String) -> [Int] {
                server.requests.numbers(after: "GET /\(folder)/segment")
            }
            #expect(await harness.wait(timeout: 6) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            #expect(Set(fetched(TestMedia.hlsAudioFolder(0))).isSuperset(of: [0, 1, 2]))
            #expect(fetched(TestMedia.hlsAudioFolder(1)).allSatisfy { $0 == 0 }, "\(server.requests)")
            // The French sound, chosen: the item opens anew with it, and only its segments come.
            let before = server.requests.count
            player.seek(to: 0)
            player.selectAudioTrack(language: "fra")
            #expect(await harness.wait { player.status == .playing || player.status == .ready })
            #expect(player.tracks.first { $0.index == player.selectedAudioTrack }?.language == "fra")
            player.play()
            #expect(await harness.wait(timeout: 6) { harness.isFinished })
            let after = Array(server.requests.dropFirst(before))
            #expect(
                !after.contains {
                    $0.hasPrefix("GET /\(TestMedia.hlsAudioFolder(0))/segment") && !$0.contains("segment0")
                })
            #expect(
                after.contains { $0.hasPrefix("GET /\(TestMedia.hlsAudioFolder(1))/segment2") }, "\(after)")
            await harness.close()
        }

        /// A ladder at "/mixed.m3u8" of a 320x240 rendition and a 160x120 one whose sound is mono at
        /// 44.1 kHz, as the low rungs of some ladders: its decoder cannot take over from the other's.
        static func servedMixedSoundLadder() throws -> (server: LocalHTTPServer, folders: [String]) {
            let high = try TestMedia.cachedHLS(ClipSpec(duration: 4))
            let low = try TestMedia.cachedHLS(
                ClipSpec(
                    width: 160, height: 120, duration: 4, tone: ClipSpec.Tone(sampleRate: 44_100, channels: 1)
                ))
            return try LocalHTTPServer.ladder(
                of: [high, low],
                variants: ["BANDWIDTH=900000,RESOLUTION=320x240", "BANDWIDTH=300000,RESOLUTION=160x120"],
                at: "/mixed.m3u8")
        }

        @Test func aRenditionOfAnotherSoundFormatOpensTheItemAnewAtThePosition() async throws {
            let (server, _) = try Self.servedMixedSoundLadder()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/mixed.m3u8")), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 1 })
            #expect(player.currentRendition?.height == 240)
            let mono = try #require(player.renditions.first { $0.height == 120 }, "\(player.renditions)")
            let position = player.currentTime
            player.setQuality(.fixed(mono.id))
            #expect(harness.statuses.last == .loading)
            #expect(await harness.wait { player.currentRendition == mono && player.status == .playing })
            #expect(player.quality == .fixed(mono.id))
            // Reported as a switch, as the item's record goes on.
            #expect(
                harness.events.contains {
                    $0 == .renditionChanged(from: player.renditions[0], to: mono, reason: .manual)
                })
            #expect(player.statistics.renditionSwitches == 1 && player.statistics.startupSeconds != nil)
            #expect(player.currentTime >= position - 0.05 && player.currentTime < position + 1)
            #expect(await harness.wait { player.currentFrame?.width == 160 })
            #expect(await harness.wait(timeout: 6) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            await harness.close()
        }

        /// Chosen once the demuxer fetches the first rendition's first segment: the item opens anew with
        /// it, where it opened.
        @Test func aRenditionOfAnotherSoundFormatChosenAsTheItemOpensOpensItAnew() async throws {
            let (server, folders) = try Self.servedMixedSoundLadder()
            defer { server.stop() }
            let first = "/\(folders[0])/segment0.ts"
            server.throttle(first, bytesPerSecond: 4_000)
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/mixed.m3u8")), autoplay: true)
            #expect(await harness.wait { server.requests.contains { $0.hasPrefix("GET \(first)") } })
            try #require(player.status == .loading && player.renditions.isEmpty)
            player.setQuality(.fixed(1))
            server.throttle(first, bytesPerSecond: nil)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            let (stereo, mono) = (player.renditions[0], player.renditions[1])
            #expect(harness.events.contains(.renditionChanged(from: stereo, to: mono, reason: .manual)))
            #expect(player.currentRendition == mono && player.quality == .fixed(1))
            #expect(player.statistics.renditionSwitches == 1)
            // Nothing played before it opened anew, and it played from the start.
            #expect(harness.statuses.filter { $0 == .playing }.count == 1)
            #expect(player.statistics.framesPresented >= 80, "\(player.statistics)")
            await harness.close()
        }

        /// With the sound in audio renditions too: the variant whose own playlist failed keeps
        /// only their streams, which are not a rendition of its own.
        @Test(arguments: HLSLadderAudio.allCases)
        func aRenditionWhosePlaylistIsMissingIsLeftOutAndTheOthersPlay(audio: HLSLadderAudio) async throws {
            let server = try Self.served(audio)
            defer { server.stop() }
            server.overrideStatus(404, for: "/240p/\(TestMedia.hlsPlaylistName)")
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors: \(harness.errors)")
            // Left out, and the app is told why.
            #expect(harness.errors == [.network(.httpStatus(404))])
            #expect(harness.player.renditions.map(\.height) == [180, 120])
            #expect(harness.player.currentRendition?.height == 180)
            await harness.close()
        }

        @Test func anotherRenditionWhoseFirstSegmentFailsWhileTheItemOpensIsGlimpsedAtFurtherOn() async throws
        {
            let server = try Self.served()
            defer { server.stop() }
            server.overrideStatus(404, for: "/180p/segment0.ts")
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors: \(harness.errors)")
            // The rendition is still offered, and nothing failed: none of it played.
            #expect(harness.player.renditions.map(\.height) == [240, 180, 120])
            #expect(harness.player.currentRendition?.height == 240 && harness.errors.isEmpty)
            let glimpse = "bytes=0-\(RenditionSplice.glimpseBytes(bitRate: nil) - 1)"
            let own = server.requests.filter { $0.contains("/180p/segment") }
            #expect(own == ["GET /180p/segment0.ts \(glimpse)", "GET /180p/segment1.ts \(glimpse)"])
            await harness.close()
        }

        @Test func eachPlaylistOfALadderIsFetchedOnceTheDemuxerReadingThePlayersCopy() async throws {
            let server = try Self.served()
            defer { server.stop() }
            // The player reads the playlists before the item opens; a second fetch of the top
            // rendition's would fail, and leave that rendition out.
            server.overrideStatus(404, for: "/240p/\(TestMedia.hlsPlaylistName)", passing: 1)
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            #expect(harness.errors.isEmpty)
            #expect(
                player.renditions.map(\.height) == [240, 180, 120] && player.currentRendition?.height == 240)
            let playlists = server.requests.filter { $0.contains(".m3u8") }
            #expect(
                playlists.map { $0.split(separator: " ")[1] } == [
                    "/master.m3u8", "/240p/\(TestMedia.hlsPlaylistName)",
                    "/180p/\(TestMedia.hlsPlaylistName)",
                    "/120p/\(TestMedia.hlsPlaylistName)",
                ], "\(server.requests)")
            await harness.close()
        }

        @Test func renditionsWhoseSegmentsFailHandOverToOneThatWorks() async throws {
            let server = try Self.served()
            defer { server.stop() }
            // From segment 2 on, only the lowest rendition answers.
            for height in [240, 180] {
                for segment in 2..<5 {
                    server.overrideStatus(
                        404, for: "/\(TestMedia.hlsRenditionFolder(height: height))/segment\(segment).ts")
                }
            }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            let watched = await harness.watchUntilFinished()
            // Each failure is told to the app, which goes on playing.
            harness.expectPlayedOnAfterFailover(watched, onHeight: 120, lastFrame: 145)
            #expect(!harness.renditionChanges(.failover).isEmpty, "\(harness.events)")
            await harness.close()
        }

        @Test func aLadderWhoseRenditionsAllFailEndsInANetworkError() async throws {
            let server = try Self.served()
            defer { server.stop() }
            for height in Self.heights {
                server.overrideStatus(
                    404, for: "/\(TestMedia.hlsRenditionFolder(height: height))/\(TestMedia.hlsPlaylistName)")
            }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .failed(.network(.httpStatus(404))), "\(harness.player.status)")
            await harness.close()
        }

        @Test(arguments: [
            "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=abc,RESOLUTION=x\nnowhere.m3u8\n",
            "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\n",
            "#EXTM3U\n#EXT-X-STREAM-INF:\u{0}\u{1}\u{2}"
                + String(repeating: "#EXT-X-STREAM-INF:,,,\n", count: 5000),
        ])
        func aMalformedMasterPlaylistEndsInATypedError(text: String) async throws {
            let server = LocalHTTPServer(files: ["/bad.m3u8": Data(text.utf8)])
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: server.url(for: "/bad.m3u8")), autoplay: true)
            #expect(await harness.wait(timeout: 8) { harness.isFinished })
            guard case .failed(let error) = harness.player.status else {
                Issue.record("not failed: \(harness.player.status)")
                return
            }
            switch error {
            case .network(.httpStatus(404)), .unsupportedFormat: break
            default: Issue.record("\(error)")
            }
            #expect(harness.player.renditions.isEmpty)
            await harness.close()
        }

        @Test func aQualityOutsideTheLadderOrWithoutOneIsIgnored() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.setQuality(.fixed(0))
            #expect(harness.events.last == .ignored(.quality, reason: "nothing is loaded"))
            harness.player.load(Self.item(on: server))
            #expect(await harness.wait(for: .ready))
            harness.player.setQuality(.fixed(7))
            #expect(harness.events.last == .ignored(.quality, reason: "the item has no rendition 7"))
            #expect(harness.player.quality == .auto)
            harness.player.load(MediaItem(url: try TestMedia.cachedClip(ClipSpec(duration: 1))))
            #expect(await harness.wait(for: .ready))
            #expect(harness.player.renditions.isEmpty && harness.player.currentRendition == nil)
            harness.player.setQuality(.fixed(0))
            #expect(harness.events.last == .ignored(.quality, reason: "the item offers one rendition"))
            await harness.close()
        }

        @Test func aQualityChosenAsTheItemLoadsIsTheOneItStartsWith() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            player.setQuality(.fixed(2))
            #expect(player.quality == .fixed(2) && harness.events.last == .qualityChanged(.fixed(2)))
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            let lowest = try #require(player.renditions.last)
            #expect(lowest.height == 120 && player.currentRendition == lowest && player.quality == .fixed(2))
            #expect(harness.events.contains(.renditionChanged(from: nil, to: lowest, reason: .initial)))
            #expect(player.statistics.renditionSwitches == 0)
            let requests = server.requests
            #expect(Set(Self.segments(of: 120, in: requests)) == Set(0..<5))
            // The others are glimpsed at as the item opens, nothing more.
            #expect(
                Self.segments(of: 240, in: requests) == [0] && Self.segments(of: 180, in: requests) == [0])
            await harness.close()
        }

        /// The next item of the queue is opened ahead as the first one opens: it starts as `.auto`
        /// chooses, whatever was chosen for the first.
        @Test func aQualityChosenAsTheItemLoadsIsNotTheNextItemsToo() async throws {
            let server = try Self.served(spec: ClipSpec(duration: 2))
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load([Self.item(on: server), Self.item(on: server)], autoplay: true)
            player.setQuality(.fixed(2))
            #expect(await harness.wait { player.currentIndex == 1 && player.status == .playing })
            #expect(player.quality == .auto && player.currentRendition?.height == 240, "\(harness.events)")
            await harness.close()
        }

        /// A choice made once the player read the ladder and the demuxer fetches the first rendition's
        /// first segment: the item opens with that one and switches as a choice made later does.
        @Test func aQualityChosenWhileTheFirstSegmentComesSwitchesAtTheNextOne() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let first = "/\(TestMedia.hlsRenditionFolder(height: 240))/segment0.ts"
            server.throttle(first, bytesPerSecond: 4_000)
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server), autoplay: true)
            #expect(await harness.wait { server.requests.contains { $0.hasPrefix("GET \(first)") } })
            try #require(player.status == .loading && player.renditions.isEmpty)
            player.setQuality(.fixed(2))
            server.throttle(first, bytesPerSecond: nil)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            let (highest, lowest) = (player.renditions[0], player.renditions[2])
            #expect(harness.events.contains(.renditionChanged(from: nil, to: highest, reason: .initial)))
            #expect(harness.events.contains(.renditionChanged(from: highest, to: lowest, reason: .manual)))
            #expect(player.currentRendition == lowest && player.quality == .fixed(2))
            // After the glimpse as the item opened: from the second segment on.
            #expect(Self.segments(of: 120, in: server.requests) == [0, 1, 2, 3, 4], "\(server.requests)")
            #expect(!harness.events.contains { if case .ignored = $0 { true } else { false } })
            await harness.close()
        }

        @Test func aQualityChosenAsTheItemLoadsThatItCannotKeepIsReportedOnceItOpens() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(Self.item(on: server))
            player.setQuality(.fixed(7))
            #expect(player.quality == .fixed(7))
            #expect(await harness.wait(for: .ready))
            #expect(harness.events.contains(.ignored(.quality, reason: "the item has no rendition 7")))
            #expect(
                player.quality == .auto
                    && harness.events.last { $0.kind == .qualityChanged } == .qualityChanged(.auto))
            #expect(player.currentRendition?.height == 240)
            player.load(MediaItem(url: try TestMedia.cachedClip(ClipSpec(duration: 1))))
            player.setQuality(.fixed(0))
            #expect(await harness.wait(for: .ready))
            #expect(harness.events.contains(.ignored(.quality, reason: "the item offers one rendition")))
            #expect(player.quality == .auto)
            await harness.close()
        }
    }
}
