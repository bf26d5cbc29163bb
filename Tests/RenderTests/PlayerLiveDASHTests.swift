import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// Live DASH presentations (dynamic manifests) on 127.0.0.1, played through the bridge to the
    /// HLS demuxer.
    @Suite @MainActor
    struct PlayerLiveDASHTests {
        static func playing(_ stream: LiveDASHStream) async -> PlayerHarness {
            await PlayerLiveTests.playing(stream)
        }

        /// Plays `stream`, whose segments are spaced by a duration, and checks that it is followed
        /// at its edge with the pictures of the positions.
        ///
        /// - Parameter wholeSeconds: whether the server's clock is read in whole seconds, in which
        ///   case the player may count one segment fewer, and its window begin a segment earlier.
        static func expectFollowedFromTheClock(_ stream: LiveDASHStream, wholeSeconds: Bool = false)
            async throws
        {
            let harness = await Self.playing(stream)
            let player = harness.player
            let range = try #require(player.seekableRange)
            #expect(player.isLive && range.upperBound - range.lowerBound == 6, "\(range)")
            #expect(await harness.wait { player.currentTime > range.upperBound - 1 })
            let frame = try #require(player.currentFrame?.clipFrameNumber)
            let expected = stream.position(ofFrame: frame)
            let early = wholeSeconds ? [0.0, 1] : [0]
            #expect(
                early.contains { abs(expected + $0 - player.currentTime) < 0.2 },
                "frame \(frame) at \(player.currentTime)")
            let slid = try #require(player.seekableRange)
            #expect(slid.upperBound > range.upperBound && player.status == .playing)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func aGrowingLiveManifestIsFollowedAtItsEdge() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            #expect(player.isLive && player.duration == nil && player.isAtLiveEdge)
            let range = try #require(player.seekableRange)
            #expect(range.upperBound - range.lowerBound == 6, "\(range)")
            #expect(abs(player.currentTime - (range.upperBound - 3)) < 1, "\(player.currentTime) in \(range)")
            let edgeAtStart = range.upperBound
            await Self.expectPicturesOfThePositions(harness, stream, until: edgeAtStart + 1)
            #expect((player.liveLatency ?? 99) <= 4, "\(String(describing: player.liveLatency))")
            let slid = try #require(player.seekableRange)
            #expect(slid.lowerBound > range.lowerBound && slid.upperBound > edgeAtStart)
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            // Each segment is fetched once, and the sound is heard.
            let segments = stream.server.requests.filter { $0.contains(".m4s") && !$0.contains("init") }
            #expect(Set(segments).count == segments.count, "\(segments)")
            #expect(player.renditions.map(\.height) == [240, 180, 120])
            // Once playing, one video representation's segments are fetched, with the sound's; the
            // manifest once per update period at most.
            let requests = stream.server.requests
            let opened = try #require(requests.lastIndex { $0.contains("chunk-stream2-") })
            let later = requests[(opened + 1)...]
            let video = Set(
                later.filter { $0.contains("chunk-stream") && !$0.contains("chunk-stream3") }.map {
                    $0.prefix(while: { $0 != "-" })
                })
            #expect(video.count == 1 && later.contains { $0.contains("chunk-stream3-") }, "\(later)")
            #expect(requests.filter { $0.contains("live.mpd") }.count <= 8, "\(requests)")
            // Each initialization segment once, though the demuxer asks for it after each reload.
            for stream in 0...3 {
                #expect(requests.filter { $0.contains("init-stream\(stream)") }.count == 1, "\(requests)")
            }
            // What was fetched is counted once: the playlists written from the manifest are no
            // bytes fetched.
            let (fetched, sent) = (player.statistics.bytesFetched, stream.server.bodyBytesSent)
            #expect(fetched <= sent && Double(fetched) > 0.8 * Double(sent), "\(fetched) of \(sent)")
            await harness.close()
        }

        /// Opening a live presentation reads the other video representations only as far as the
        /// demuxer needs to learn their streams, which their initialization segments hold: the
        /// first bytes (the `moof`) of each segment the probe reaches, the first one too.
        @Test func aLiveLadderOpensWithAGlimpseOfTheOtherRepresentations() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            #expect(player.renditions.count == 3 && player.statistics.renditionSwitches == 0)
            let playing = try #require(player.currentRendition)
            let requests = stream.server.requests
            let glimpse = "bytes=0-\(RenditionSplice.liveGlimpseBytes - 1)"
            for (index, rendition) in player.renditions.enumerated() where rendition != playing {
                let own = requests.filter { $0.contains("chunk-stream\(index)-") }
                #expect(own.allSatisfy { $0.hasSuffix(".m4s \(glimpse)") }, "\(requests)")
                #expect((1...3).contains(own.count), "\(requests)")
            }
            await Self.expectPicturesOfThePositions(harness, stream, until: player.currentTime + 2)
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            let (fetched, needed) = (player.statistics.bytesFetched, stream.server.bodyBytesSent)
            print("LIVE DASH glimpses: \(fetched) bytes fetched, \(needed) sent")
            await harness.close()
        }

        /// A server that sends segments without their length (streaming what it makes) gives the
        /// glimpses no length to keep: each is kept to the end of the last box it begins, and a
        /// representation switched to later still plays its own pictures.
        @Test func aLiveLadderServedWithoutLengthsKeepsItsGlimpsesAtTheirBoxes() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            stream.server.withholdLengths()
            let harness = await Self.playing(stream)
            #expect(harness.player.renditions.count == 3)
            // The glimpses were asked for as ranges, which the server did not answer as such.
            let glimpse = ".m4s bytes=0-\(RenditionSplice.liveGlimpseBytes - 1)"
            #expect(stream.server.requests.contains { $0.hasSuffix(glimpse) })
            _ = try await PlayerLiveTests.expectAChoiceIsFollowed(harness, picture: stream.position(ofFrame:))
            await harness.close()
        }

        /// A representation chosen plays from its next keyframe on; and one switched to later,
        /// whose demuxer read glimpses while the item opened, plays its own pictures.
        @Test func aRepresentationChosenPlaysOnFromItsNextKeyframe() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let other = try await PlayerLiveTests.expectAChoiceIsFollowed(
                harness, picture: stream.position(ofFrame:))
            let index = try #require(harness.player.renditions.firstIndex(of: other))
            await PlayerLiveTests.expectOnlyTheChosenIsFetched(
                harness, from: stream.server,
                isPicture: { $0.contains("chunk-stream") && !$0.contains("chunk-stream3") },
                isChosen: { $0.contains("chunk-stream\(index)-") })
            await harness.close()
        }

        /// On loopback, far faster than any representation needs, the player steps up to the top
        /// once a choice of the lowest is lifted, and stays there.
        @Test func aLivePresentationOnAFastNetworkStepsUpOnceAChoiceIsLifted() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let lowest = try #require(player.renditions.last)
            player.setQuality(.fixed(lowest.id))
            #expect(await harness.wait(timeout: 8) { player.currentRendition == lowest })
            player.setQuality(.auto)
            let lifted = stream.server.requests.count
            let start = player.currentTime
            let (followed, mismatches) = await PlayerLiveTests.watchPictures(
                harness, timeout: 20, picture: stream.position(ofFrame:)
            ) { player.currentTime > start + 10 }
            #expect(followed)
            let heights = harness.renditionChanges(.adaptive).compactMap(\.height)
            #expect(player.currentRendition?.height == 240 && !heights.isEmpty, "\(heights)")
            #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 }, "stepped down: \(heights)")
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            // Each step up takes over from the next segment the one left requests: no segment's
            // picture is fetched whole twice.
            let pictures = stream.server.requests.dropFirst(lifted).filter {
                !$0.contains("chunk-stream3-") && LocalHTTPServer.readsToTheEnd($0)
            }.compactMap { LiveDASHTemplateStream.segment(fetchedBy: $0)?.number }
            #expect(Set(pictures).count == pictures.count, "\(stream.server.requests.dropFirst(lifted))")
            // The sound goes on across the switches. Each opens the container anew, and reads the
            // sound again from the segment the sound passed on ends in: the demuxer held the rest
            // of it, even with the picture's segment read whole (its last packet waits there). A
            // step up reads one again.
            let sound = stream.server.requests.dropFirst(lifted).filter { $0.contains("chunk-stream3-") }
            #expect(sound.count - Set(sound).count <= heights.count, "\(heights): \(sound)")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 9 * 48_000)
            await harness.close()
        }

        /// The top representation's cache turns slow for good, with the read-ahead at the edge: its
        /// segments come at 1.45 s a second. The estimate chooses a lower one, which takes over the
        /// next segment the top requests (no keyframe lies past the switch lead to cut at), and
        /// plays on without a stall, with the pictures of the positions.
        @Test func aRepresentationThatStaysSlowIsLeftWithoutAStall() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let top = try #require(player.renditions.first)
            #expect(await harness.wait(timeout: 10) { player.currentRendition == top })
            let began = player.currentTime
            #expect(await harness.wait { player.currentTime > began + 2 })
            let throttled = stream.server.requests.count
            stream.server.throttle(pathsStartingWith: "/chunk-stream0-", bytesPerSecond: 20_000)
            let stalls = player.statistics.stallCount
            await PlayerLiveTests.expectTakesOverWithoutAStall(
                harness, picture: stream.position(ofFrame:), stalls: stalls
            ) { player.currentRendition != top }
            // Opening anew reads the slow one's header from the segment it fetched whole just
            // before, and glimpses at no later one: the probe reads the representation taking over
            // alone.
            let glimpses = stream.server.requests.dropFirst(throttled).filter {
                $0.contains("/chunk-stream0-") && !LocalHTTPServer.readsToTheEnd($0)
            }
            #expect(glimpses.isEmpty, "\(stream.server.requests.dropFirst(throttled))")
            await harness.close()
        }

        /// Plays on until the position passes `end`, with the picture of each position from a
        /// second after now.
        static func expectPicturesOfThePositions(
            _ harness: PlayerHarness, _ stream: LiveDASHStream, until end: Double
        ) async {
            let player = harness.player
            let (watched, mismatches) = await PlayerLiveTests.watchPictures(
                harness, timeout: 5 + end - player.currentTime, checkedFrom: player.currentTime + 1,
                picture: stream.position(ofFrame:)
            ) { player.currentTime > end }
            #expect(watched, "the position stayed at \(player.currentTime)")
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        }

        @Test(arguments: LiveDASHStream.Addressing.allCases)
        func aPresentationCutIntoPeriodsPlaysOnAcrossThem(addressing: LiveDASHStream.Addressing) async throws
        {
            // Periods of 4 s, whose representations have ids and initialization segments of their
            // own: the window (5 to 10 s) begins with two of them, the first a second in.
            let stream = try LiveDASHStream(window: 5, addressing: addressing, periodLength: 4)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let range = try #require(player.seekableRange)
            #expect(range.upperBound - range.lowerBound == 5, "\(range)")
            #expect(player.renditions.map(\.height) == [240, 180, 120])
            // Two more periods begin: the one at 8 s, then the one at 12 s.
            let twelve = 12 - Double(stream.firstSegment)
            await Self.expectPicturesOfThePositions(harness, stream, until: twelve + 1)
            #expect(player.isLive && player.status == .playing, "\(player.status)")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            let requests = stream.server.requests
            if addressing == .indexed {
                // Each file's index is read once, with the initialization segment before it: those
                // of the manifest's later publications too.
                let indexes = requests.filter { $0.contains(".mp4 bytes=0-") }
                #expect(Set(indexes).count == indexes.count, "\(indexes)")
                #expect(indexes.contains { $0.contains("-p3-12-") }, "\(indexes)")
                await harness.close()
                return
            }
            // Each period's initialization segments are fetched once.
            for period in 2...3 {
                let initialization = requests.filter { $0.contains("/p\(period)-init-stream") }
                #expect(initialization.count == 2 && Set(initialization).count == 2, "\(requests)")
            }
            await harness.close()
        }

        /// Periods whose media times start again from 0, as a server puts advertisements in, play
        /// on as those whose times go on do: each picture at its position, the earlier periods of
        /// the window too.
        @Test func aPresentationWhosePeriodsStartTheirTimesAgainPlaysOnAcrossThem() async throws {
            let stream = try LiveDASHStream(window: 5, periodLength: 4, restartsTimes: true)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let range = try #require(player.seekableRange)
            #expect(range.upperBound - range.lowerBound == 5, "\(range)")
            // Two more periods begin: the one at 8 s, then the one at 12 s.
            await Self.expectPicturesOfThePositions(
                harness, stream, until: 12 - Double(stream.firstSegment) + 1)
            #expect(player.isLive && player.status == .playing, "\(player.status)")
            // The start of the window, in the period before the one playing when it began.
            player.seek(to: range.lowerBound + 0.5)
            await Self.expectPicturesOfThePositions(harness, stream, until: range.lowerBound + 2)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        /// Follows the subtitles shown until the position passes `end`: each cue must show in the
        /// second it names ("<language> N" shows from N.2 s to N.8 s); returns the cues shown.
        static func expectCuesOfThePositions(
            _ harness: PlayerHarness, _ stream: LiveDASHStream, language: String, until end: Double
        ) async -> [String] {
            let player = harness.player
            var shown: [String] = []
            var mismatches: [String] = []
            let followed = await harness.wait(timeout: 5 + end - player.currentTime) {
                // Position 0 is the start of the window's first segment when playback began.
                let second = Int((player.currentTime + Double(stream.firstSegment)).rounded(.down))
                for cue in player.activeCues where !shown.contains(cue.text) {
                    shown.append(cue.text)
                    if cue.text != "\(language) \(second)" {
                        mismatches.append("\(cue.text) at \(player.currentTime)")
                    }
                }
                return player.currentTime > end
            }
            #expect(followed, "the position stayed at \(player.currentTime)")
            #expect(mismatches.isEmpty, "\(mismatches)")
            return shown
        }

        @Test(arguments: [false, true])
        func textAdaptationSetsAreSubtitlesShownAtTheirTime(periods: Bool) async throws {
            let stream = try LiveDASHStream(periodLength: periods ? 4 : nil, subtitleLanguages: ["en", "de"])
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            // The text sets are subtitle tracks with their languages; the first one shows.
            #expect(await harness.wait { player.tracks.filter { $0.kind == .subtitle }.count == 2 })
            #expect(player.tracks.filter { $0.kind == .subtitle }.map(\.language) == ["en", "de"])
            let edge = try #require(player.seekableRange?.upperBound)
            let english = await Self.expectCuesOfThePositions(
                harness, stream, language: "en", until: edge + 1)
            #expect(english.count >= 3, "\(english)")
            player.selectSubtitleTrack(language: "de")
            let german = await Self.expectCuesOfThePositions(
                harness, stream, language: "de", until: player.currentTime + 2)
            #expect(german.count >= 2, "\(german)")
            // Only the segments of the text shown are fetched, each once.
            let requests = stream.server.requests.filter { $0.contains(".vtt") }
            #expect(Set(requests).count == requests.count, "\(requests)")
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func aSubtitleFileBesideALivePresentationIsATrackShownAtItsTimes() async throws {
            // The file spans the period: one segment that grows with the live edge, read once.
            let stream = try LiveDASHStream(subtitleLanguages: ["en"], subtitlesInOneFile: true)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            #expect(await harness.wait { player.tracks.contains { $0.kind == .subtitle } })
            #expect(player.tracks.filter { $0.kind == .subtitle }.map(\.language) == ["en"])
            let edge = try #require(player.seekableRange?.upperBound)
            let shown = await Self.expectCuesOfThePositions(harness, stream, language: "en", until: edge + 2)
            #expect(shown.count >= 3, "\(shown)")
            let requests = stream.server.requests.filter { $0.contains(".vtt") }
            #expect(requests.count == 1 && requests.allSatisfy { $0.contains("text-en.vtt") }, "\(requests)")
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func thumbnailsOfALivePresentationFailWithATypedErrorAndDoNotFetchItOverAndOver() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            await PlayerLiveTests.expectNoThumbnails(of: stream)
            let manifests = stream.server.requests.filter { $0.contains("live.mpd") }
            #expect(manifests.count <= 2, "\(manifests.count) fetches of the manifest")
        }

        @Test func aSeekInTheTimeShiftBufferPlaysFromThereAndGoingToLiveReturnsToTheEdge() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            // NB: the window may slide by a segment before the seek is made. The sound's segments
            // begin a few milliseconds before the picture's, and the timeline's origin with them:
            // the picture shown at the target began up to a frame before it.
            _ = try await PlayerLiveTests.seekIntoTheWindow(
                harness, by: 1.5, firstSegment: stream.firstSegment
            ) { time, target in time <= target && target - time < 1 / 30 }
            await PlayerLiveTests.expectGoingToLiveReturnsToTheEdge(harness)
            await harness.close()
        }

        @Test func aSeekWhileTheDemuxerWaitsAtTheEdgeIsNotHeldUntilTheNextSegment() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            try await PlayerLiveTests.expectASeekAtAStuckEdgeIsNotHeld(
                stream, firstSegment: stream.firstSegment
            ) { time, target in time <= target && target - time < 1 / 30 }
        }

        @Test func segmentsSpacedByADurationAreCountedFromTheClock() async throws {
            let stream = try LiveDASHStream(addressing: .duration)
            defer { stream.stop() }
            try await Self.expectFollowedFromTheClock(stream)
        }

        @Test(arguments: [
            (DASHBridge.clockSchemes.fetched[0], "GET"), (DASHBridge.clockSchemes.head, "HEAD"),
        ])
        func theServersClockIsReadWhereTheManifestSays(scheme: String, method: String) async throws {
            // Segments counted from the machine's clock would be 30 s in the server's past.
            let stream = try LiveDASHStream(addressing: .duration, clockAhead: 30, timeScheme: scheme)
            defer { stream.stop() }
            try await Self.expectFollowedFromTheClock(stream, wholeSeconds: method == "HEAD")
            #expect(stream.server.requests.contains { $0.hasPrefix("\(method) \(LiveDASHStream.timePath) ") })
        }

        @Test func playbackKeepsTheSuggestedPresentationDelayFromTheEdge() async throws {
            let stream = try LiveDASHStream(window: 9, startingAt: 12, presentationDelay: 6)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let latency = { player.liveLatency ?? 0 }
            let began = player.currentTime
            #expect(await harness.wait { player.currentTime > began + 1 && player.currentFrame != nil })
            // The edge moves a whole segment (1 s) at a time, so the latency runs from 5 s (just
            // before the next segment) to 6 s, and reads a hair under 5 at that moment.
            #expect(latency() > 4.5 && latency() < 7.5, "\(latency())")
            #expect(player.isAtLiveEdge && harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func aManifestThatStopsGrowingEndsTheItemAsStalled() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            stream.stopGrowing()
            let before = stream.server.requests.count
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .failed(.network(.liveStreamStalled)))
            // NB: as when the manifest cannot be fetched, below.
            let last = harness.statuses.dropLast().suffix(1)
            #expect(last == [.buffering] || last == [.playing], "\(harness.statuses)")
            // The manifest is fetched again once a second while it waits, and no segment that is
            // not listed is asked for.
            let waiting = stream.server.requests.dropFirst(before)
            #expect(waiting.count <= 16, "\(waiting)")
            #expect(stream.server.requests.allSatisfy { !$0.contains("-00\(stream.lastSegment + 2)") })
            await harness.close()
        }

        @Test func aManifestThatCannotBeFetchedAnyMoreEndsTheItemWithThatError() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            stream.server.overrideStatus(404, for: LiveDASHStream.manifestPath)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .failed(.network(.httpStatus(404))))
            // NB: what was read plays first; whether the player waits for more before the stall
            // rule gives up depends on when the last load that grew came.
            let before = harness.statuses.dropLast().suffix(1)
            #expect(before == [.buffering] || before == [.playing], "\(harness.statuses)")
            await harness.close()
        }

        @Test func aManifestThatFailsOnceIsNotTheEnd() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            stream.server.overrideStatus(500, for: LiveDASHStream.manifestPath)
            try await Task.sleep(nanoseconds: 1_200_000_000)
            stream.server.overrideStatus(nil, for: LiveDASHStream.manifestPath)
            let edge = player.seekableRange?.upperBound ?? 0
            #expect(await harness.wait { (player.seekableRange?.upperBound ?? 0) > edge + 1 })
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            #expect(stream.server.requests.contains { $0.contains("live.mpd") })
            await harness.close()
        }

        @Test func aPresentationThatEndsPlaysToItsEnd() async throws {
            let stream = try LiveDASHStream(duration: 16)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            stream.end()
            #expect(await harness.wait { !player.isLive })
            #expect(await harness.wait(timeout: 10, for: .ended), "\(harness.errors)")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func aMalformedLiveManifestFailsWithATypedError() async throws {
            let stream = try LiveDASHStream()
            defer { stream.stop() }
            let cases = [
                #"<MPD type="dynamic"><Period><AdaptationSet>"#,
                #"<MPD type="dynamic" availabilityStartTime="soon"><Period/></MPD>"#,
                """
                <MPD type="dynamic" availabilityStartTime="2026-11-26T12:00:00Z"><Period><AdaptationSet \
                mimeType="video/mp4"><Representation id="v" bandwidth="1"><SegmentBase/></Representation>\
                </AdaptationSet></Period></MPD>
                """,
            ]
            for text in cases {
                stream.server.setFile(LiveDASHStream.manifestPath, Data(text.utf8))
                let harness = PlayerHarness(networkTimeout: 3)
                harness.player.load(MediaItem(url: stream.url), autoplay: true)
                #expect(await harness.wait { harness.isFinished })
                guard case .failed(.unsupportedFormat(let detail)) = harness.player.status else {
                    Issue.record("\(harness.player.status)")
                    continue
                }
                #expect(detail.contains("live.mpd"), "\(detail)")
                await harness.close()
            }
        }
    }
}
