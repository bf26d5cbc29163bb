import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite @MainActor
    struct PlayerLiveTests {
        /// A player playing `stream`, which grows from now on.
        static func playing(_ stream: some GrowingLiveStream) async -> PlayerHarness {
            stream.startGrowing()
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: stream.url), autoplay: true)
            #expect(await harness.wait(for: .playing))
            return harness
        }

        @Test func aGrowingLivePlaylistIsFollowedAtItsEdge() async throws {
            let stream = try LiveHLSStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            #expect(player.isLive && player.duration == nil && player.isAtLiveEdge)
            // The timeline starts at the window's first segment; playback three target durations
            // before the edge.
            let range = try #require(player.seekableRange)
            #expect(range.lowerBound >= 0 && range.upperBound - range.lowerBound == 6)
            #expect(abs(player.currentTime - (range.upperBound - 3)) < 1, "\(player.currentTime) in \(range)")
            let edgeAtStart = range.upperBound
            let settled = player.currentTime + 1
            var latencies: [Double] = []
            var mismatches: [String] = []
            var generation = player.frameGeneration
            let watched = await harness.wait(timeout: 10) {
                latencies.append(player.liveLatency ?? .infinity)
                if player.frameGeneration != generation, let frame = player.currentFrame?.clipFrameNumber {
                    generation = player.frameGeneration
                    // Position 0 is the start of segment `firstSequence`, 1 s each.
                    let expected = Double(frame) / 30 - Double(stream.firstSequence)
                    // NB: a machine busy with other tests may start the picture late.
                    if player.currentTime > settled, abs(expected - player.currentTime) > 0.15 {
                        mismatches.append("frame \(frame) at \(player.currentTime)")
                    }
                }
                return player.currentTime > edgeAtStart + 1
            }
            #expect(watched, "the position stayed at \(player.currentTime)")
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
            // It never falls out of the window; back at three target durations or so at the end.
            #expect(latencies.allSatisfy { $0 <= 6 }, "\(latencies.max() ?? 0)")
            #expect((player.liveLatency ?? 99) <= 4, "\(String(describing: player.liveLatency))")
            // The window slid with the playlist.
            let slid = try #require(player.seekableRange)
            #expect(slid.lowerBound > range.lowerBound && slid.upperBound > edgeAtStart)
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            // Each segment is fetched once.
            let segments = stream.server.requests.filter { $0.contains(".ts") }
            #expect(Set(segments).count == segments.count, "\(segments)")
            await harness.close()
        }

        /// Seeks `offset` seconds into the window of the live stream `harness` plays, whose
        /// position 0 is the start of its segment `firstSegment` (one a second, 30 frames each),
        /// and checks that the seek completes at a time `completed` accepts of the target, that the
        /// target's picture shows, and that playback goes on from there, behind the live edge.
        ///
        /// - Returns: the window when the seek was made, and the target.
        static func seekIntoTheWindow(
            _ harness: PlayerHarness, by offset: Double, firstSegment: Int,
            completed: @escaping (_ time: Double, _ target: Double) -> Bool
        ) async throws -> (window: ClosedRange<Double>, target: Double) {
            let player = harness.player
            let window = try #require(player.seekableRange)
            let target = window.lowerBound + offset
            player.seek(to: target)
            let done = await harness.wait {
                harness.events.contains { event in
                    if case .seekCompleted(let time) = event { return completed(time, target) }
                    return false
                }
            }
            #expect(done, "\(harness.events.suffix(3))")
            // The picture shown is the one of the target, on the same timeline.
            let frame = try #require(player.currentFrame?.clipFrameNumber)
            #expect(abs(Double(frame) / 30 - Double(firstSegment) - target) < 0.05, "frame \(frame)")
            #expect(await harness.wait { player.currentTime > target + 1 })
            #expect(player.isLive && player.status == .playing && !player.isAtLiveEdge)
            return (window, target)
        }

        /// Goes back to live and checks that playback returns to the edge, without an error.
        static func expectGoingToLiveReturnsToTheEdge(_ harness: PlayerHarness) async {
            let player = harness.player
            player.seekToLive()
            #expect(await harness.wait { (player.liveLatency ?? 99) <= 3.5 && player.status == .playing })
            #expect(player.isAtLiveEdge)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
        }

        @Test func aSeekInTheWindowPlaysFromThereAndGoingToLiveReturnsToTheEdge() async throws {
            let stream = try LiveHLSStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let (window, _) = try await Self.seekIntoTheWindow(
                harness, by: 0.5, firstSegment: stream.firstSequence
            ) { time, target in abs(time - target) < 0.01 }
            #expect((player.liveLatency ?? 0) > 4, "\(String(describing: player.liveLatency))")
            // Before the window: the seek is clamped to its start.
            player.seek(to: -100)
            let adjusted = harness.events.contains { event in
                if case .adjusted(.seek, requested: -100, let applied) = event {
                    return applied > window.lowerBound
                }
                return false
            }
            #expect(adjusted, "\(harness.events.suffix(3))")
            await Self.expectGoingToLiveReturnsToTheEdge(harness)
            await harness.close()
        }

        @Test func aPlaylistThatStopsUpdatingBuffersThenFails() async throws {
            let stream = try LiveHLSStream()
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            stream.stopGrowing()
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .failed(.network(.liveStreamStalled)))
            let statuses = harness.statuses
            // What was read plays out first: the player waits for more, then gives up.
            #expect(statuses.suffix(2) == [.buffering, .failed(.network(.liveStreamStalled))], "\(statuses)")
            await harness.close()
        }

        /// Plays `stream`, whose position 0 is the start of its segment `firstSegment`, until its
        /// demuxer read to the edge and waits there for the next segment, which does not come (the
        /// stream stops growing): a seek into the window opens the stream there at once, rather
        /// than once a segment comes or the stream counts as stalled. Its completion at a time
        /// `completed` accepts of the target is awaited before the stream grows again.
        static func expectASeekAtAStuckEdgeIsNotHeld(
            _ stream: some GrowingLiveStream, firstSegment: Int,
            completed: @escaping (_ time: Double, _ target: Double) -> Bool
        ) async throws {
            let harness = await playing(stream)
            let player = harness.player
            // NB: right after a segment is listed, the most time before the stream counts as stalled.
            let listed = stream.lastSegment
            #expect(await harness.wait { stream.lastSegment > listed })
            stream.stopGrowing()
            let edge = Double(stream.lastSegment + 1 - firstSegment)
            #expect(
                await harness.wait { (player.bufferedRanges.last?.upperBound ?? 0) > edge - 0.2 },
                "\(player.bufferedRanges) of \(edge)")
            let target = try #require(player.seekableRange).lowerBound + 1.5
            player.seek(to: target)
            let done = await harness.wait {
                harness.isFinished
                    || harness.events.contains { event in
                        if case .seekCompleted(let time) = event { return completed(time, target) }
                        return false
                    }
            }
            #expect(done && harness.errors.isEmpty, "\(harness.events.suffix(4))")
            stream.startGrowing()
            let frame = try #require(player.currentFrame?.clipFrameNumber)
            #expect(abs(Double(frame) / 30 - Double(firstSegment) - target) < 0.05, "frame \(frame)")
            #expect(await harness.wait { player.currentTime > target + 1 })
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func aSeekWhileTheDemuxerWaitsAtTheEdgeIsNotHeldUntilTheNextSegment() async throws {
            let stream = try LiveHLSStream()
            defer { stream.stop() }
            try await Self.expectASeekAtAStuckEdgeIsNotHeld(stream, firstSegment: stream.firstSequence) {
                time, target in abs(time - target) < 0.01
            }
        }

        /// Asks thumbnails of `stream`, which must be refused with a typed error: a live stream has
        /// no times to make them of.
        static func expectNoThumbnails(of stream: some GrowingLiveStream) async {
            let generator = ThumbnailGenerator(location: stream.url.absoluteString, width: 64)
            defer { generator.close() }
            for time in [0.0, 2] {
                do {
                    let made = try await generator.thumbnail(at: time)
                    Issue.record("a thumbnail at \(made.time)")
                } catch {
                    let expected =
                        "\(stream.url.absoluteString) is a live stream: no thumbnails are made of it"
                    #expect(error == .unsupportedFormat(expected))
                }
            }
        }

        @Test func thumbnailsOfALiveStreamFailWithATypedError() async throws {
            let stream = try LiveHLSStream()
            defer { stream.stop() }
            await Self.expectNoThumbnails(of: stream)
        }

        @Test func anEventPlaylistKeepsItsStartAndEndsWhenItsListEnds() async throws {
            let stream = try LiveHLSStream(kind: .event)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            #expect(player.isLive && player.seekableRange?.lowerBound == 0)
            #expect(abs(player.currentTime - 7) < 1, "\(player.currentTime)")
            #expect(await harness.wait { (player.seekableRange?.upperBound ?? 0) >= 12 })
            #expect(player.seekableRange?.lowerBound == 0)
            // A seek to the very start of the event.
            player.seek(to: 0.5)
            #expect(await harness.wait { player.currentTime > 1 && player.currentTime < 3 })
            let frame = try #require(player.currentFrame?.clipFrameNumber)
            #expect(
                abs(Double(frame) / 30 - player.currentTime) < 0.2, "frame \(frame) at \(player.currentTime)")
            stream.end()
            #expect(await harness.wait { !player.isLive })
            player.seek(to: Double(stream.lastSegment) - 1)
            #expect(await harness.wait(timeout: 6, for: .ended), "\(harness.errors)")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func aLiveLadderFetchesOneRenditionAtTheEdgeAndAfterASeek() async throws {
            let stream = try LiveHLSStream(duration: 30, ladder: [240, 120])
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            #expect(player.isLive && player.renditions.count == 2)
            let playing = try #require(player.currentRendition?.height)
            let other = playing == 240 ? 120 : 240
            let settled = stream.server.requests.count
            #expect(await harness.wait { player.currentTime > 5 })
            let window = try #require(player.seekableRange)
            let seekAt = stream.server.requests.count
            player.seek(to: window.lowerBound + 0.5)
            // NB: under load the player may wait for a segment a moment (buffering) along the way.
            #expect(
                await harness.wait {
                    player.currentTime > window.lowerBound + 1.5 && player.status == .playing
                })
            #expect(player.isLive && harness.errors.isEmpty, "\(harness.errors)")
            let later = Array(stream.server.requests.dropFirst(settled))
            let segments = { (height: Int) in
                later.numbers(after: "GET /\(TestMedia.hlsRenditionFolder(height: height))/segment")
            }
            // The seek opened the stream anew: the other rendition gives a glimpse of the segment the
            // demuxer begins it with, as when the item opened, and the first bytes of those after
            // it the probe reaches; then only the one playing is read.
            let others = later.filter {
                $0.contains("GET /\(TestMedia.hlsRenditionFolder(height: other))/segment")
            }
            let bitRate = player.renditions.first { $0.height == other }?.bitRate
            let glimpse = "bytes=0-\(RenditionSplice.glimpseBytes(bitRate: bitRate) - 1)"
            let following = "bytes=0-\(RenditionSplice.liveGlimpseBytes - 1)"
            #expect(others.first?.hasSuffix(".ts \(glimpse)") == true, "\(later)")
            #expect(others.dropFirst().allSatisfy { $0.hasSuffix(".ts \(following)") }, "\(later)")
            #expect((1...3).contains(others.count), "\(later)")
            #expect(segments(playing).count >= 3, "\(later)")
            // The demuxer opened with the variant playlists the player had just read: the other one's
            // was fetched once (the one followed may also have been reloaded for the live window).
            let opening = stream.server.requests.dropFirst(seekAt).prefix { !$0.contains("/segment") }
            let playlist = { (height: Int) in
                opening.filter {
                    $0.hasPrefix("GET /\(TestMedia.hlsRenditionFolder(height: height))/live.m3u8")
                }
            }
            #expect(playlist(other).count == 1 && (1...2).contains(playlist(playing).count), "\(opening)")
            await harness.close()
        }

        /// Opening a live ladder reads the other renditions only as far as the demuxer needs to learn
        /// their streams: the first bytes of the segment each begins with, three before the edge,
        /// and of the segments after it as far as the probe reads.
        @Test func aLiveLadderOpensWithAGlimpseOfTheOtherRenditions() async throws {
            let stream = try LiveHLSStream(duration: 30, ladder: [240, 180, 120])
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let playing = try #require(player.currentRendition?.height)
            #expect(player.renditions.count == 3 && player.statistics.renditionSwitches == 0)
            let requests = stream.server.requests
            let following = "bytes=0-\(RenditionSplice.liveGlimpseBytes - 1)"
            for rendition in player.renditions where rendition.height != playing {
                let folder = "/\(TestMedia.hlsRenditionFolder(height: rendition.height ?? 0))/segment"
                let own = requests.filter { $0.contains(folder) }
                let glimpse = "bytes=0-\(RenditionSplice.glimpseBytes(bitRate: rendition.bitRate) - 1)"
                #expect(own.first?.hasSuffix(".ts \(glimpse)") == true, "\(requests)")
                #expect(own.dropFirst().allSatisfy { $0.hasSuffix(".ts \(following)") }, "\(requests)")
                // The demuxer begins three segments before the edge: at segment 7 of 4...9, or 8 when
                // the playlist grew meanwhile; the probe reads a second and a half.
                let numbers = own.numbers(after: "GET \(folder)")
                #expect([7, 8].contains(numbers.first) && numbers.count <= 3, "\(requests)")
            }
            // Each variant playlist was fetched once before the first segment: the demuxer opened
            // with the ones the player had read to choose the rendition.
            let opening = requests.prefix { !$0.contains("/segment") }
            for rendition in player.renditions {
                let playlist = "GET /\(TestMedia.hlsRenditionFolder(height: rendition.height ?? 0))/live.m3u8"
                #expect(opening.filter { $0.hasPrefix(playlist) }.count == 1, "\(opening)")
            }
            // The live window is followed from the playlist the demuxer opened with: the one playing
            // is fetched again only as the demuxer reaches the edge, after the three segments it
            // began with.
            let folder = "GET /\(TestMedia.hlsRenditionFolder(height: playing))"
            let third = requests.indices.filter { requests[$0].hasPrefix("\(folder)/segment") }.dropFirst(2)
                .first
            let beforeEdge = requests[..<(third ?? requests.endIndex)]
            #expect(beforeEdge.filter { $0.hasPrefix("\(folder)/live.m3u8") }.count == 1, "\(requests)")
            // Once the streams are known, the rendition playing follows the edge as it grows.
            let began = player.currentTime
            #expect(await harness.wait { player.currentTime > began + 4 && player.status == .playing })
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        /// On loopback, far faster than any rendition needs, the player steps up to the top and
        /// stays there, although at the edge each rendition waits for its playlist to list the next
        /// segment while the other one's is open during a switch.
        @Test func aLiveLadderOnAFastNetworkStepsUpAndStaysUp() async throws {
            let stream = try LiveHLSStream(duration: 40, ladder: [240, 180, 120], bitsPerPixel: 12)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let start = player.currentTime
            #expect(await harness.wait(timeout: 20) { player.currentTime > start + 12 })
            let heights = harness.renditionChanges(.adaptive).compactMap(\.height)
            #expect(player.currentRendition?.height == 240, "\(heights)")
            #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 }, "stepped down: \(heights)")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        /// Waits up to `timeout` seconds until `done`, noting each new picture whose clip frame is
        /// not that of the position once the position passed `checkedFrom` (`picture` gives the
        /// position a clip frame shows). Returns whether `done` came, and the pictures noted.
        static func watchPictures(
            _ harness: PlayerHarness, timeout: Double, checkedFrom: Double = -.infinity,
            picture: (Int) -> Double, until done: () -> Bool
        ) async -> (done: Bool, mismatches: [String]) {
            let player = harness.player
            var mismatches: [String] = []
            var generation = player.frameGeneration
            let finished = await harness.wait(timeout: timeout) {
                if player.frameGeneration != generation, let frame = player.currentFrame?.clipFrameNumber {
                    generation = player.frameGeneration
                    if player.currentTime > checkedFrom, abs(picture(frame) - player.currentTime) > 0.15 {
                        mismatches.append("frame \(frame) at \(player.currentTime)")
                    }
                }
                return done()
            }
            return (finished, mismatches)
        }

        /// Watches the live ladder `stream` that `harness` plays until the position is 3 s past
        /// where `tookOver` first held, and expects the position never to go back, the pictures to
        /// be those of the positions, no stall after the `stalls` counted before, and no error.
        static func expectTakesOverWithoutAStall(
            _ harness: PlayerHarness, stream: LiveHLSStream, stalls: Int, tookOver: () -> Bool
        ) async {
            await expectTakesOverWithoutAStall(
                harness, picture: { Double($0) / 30 - Double(stream.firstSequence) }, stalls: stalls,
                tookOver: tookOver)
        }

        /// ``expectTakesOverWithoutAStall(_:stream:stalls:tookOver:)`` for any live stream, whose
        /// clip frames show the positions `picture` gives.
        static func expectTakesOverWithoutAStall(
            _ harness: PlayerHarness, picture: (Int) -> Double, stalls: Int, tookOver: () -> Bool
        ) async {
            let player = harness.player
            var positions: [Double] = []
            var switched: Double?
            let (followed, mismatches) = await watchPictures(harness, timeout: 15, picture: picture) {
                positions.append(player.currentTime)
                if switched == nil, tookOver() { switched = player.currentTime }
                return switched.map { player.currentTime > $0 + 3 } ?? false
            }
            #expect(followed, "at \(player.currentTime), \(harness.events.suffix(6))")
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 }, "went back")
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
            #expect(
                player.statistics.stallCount == stalls,
                "\(player.statistics.stallSeconds) s \(harness.events.suffix(8))")
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 4 * 48_000)
        }

        /// Chooses another rendition of the live ladder `harness` plays: it plays from the first
        /// keyframe past the read-ahead kept, with the position going on, never back, and its
        /// pictures those of the positions (`picture` gives the position a clip frame shows).
        /// Returns it.
        static func expectAChoiceIsFollowed(_ harness: PlayerHarness, picture: (Int) -> Double)
            async throws -> Rendition
        {
            let player = harness.player
            let playing = try #require(player.currentRendition)
            let other = try #require(player.renditions.last { $0 != playing })
            var positions: [Double] = []
            player.setQuality(.fixed(other.id))
            let began = player.currentTime
            let (followed, mismatches) = await watchPictures(harness, timeout: 10, picture: picture) {
                positions.append(player.currentTime)
                return player.currentRendition == other && player.currentTime > began + 3
            }
            #expect(followed, "at \(player.currentTime) from \(began), \(harness.events.suffix(6))")
            #expect(harness.renditionChanges(.manual) == [other])
            #expect(zip(positions, positions.dropFirst()).allSatisfy { $0 <= $1 }, "went back: \(positions)")
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 2.5 * 48_000)
            return other
        }

        /// Plays two seconds more, and expects the picture segments `server` sent meanwhile
        /// (`isPicture`) to be all of the rendition chosen (`isChosen`).
        static func expectOnlyTheChosenIsFetched(
            _ harness: PlayerHarness, from server: LocalHTTPServer, isPicture: (String) -> Bool,
            isChosen: (String) -> Bool
        ) async {
            let settled = server.requests.count
            let began = harness.player.currentTime
            #expect(await harness.wait { harness.player.currentTime > began + 2 })
            let later = server.requests.dropFirst(settled).filter(isPicture)
            #expect(!later.isEmpty && later.allSatisfy(isChosen), "\(later)")
        }

        @Test func aRenditionChosenInALiveLadderPlaysOnFromItsNextKeyframe() async throws {
            let stream = try LiveHLSStream(duration: 30, ladder: [240, 120])
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let other = try await Self.expectAChoiceIsFollowed(harness) {
                Double($0) / 30 - Double(stream.firstSequence)
            }
            // From then on, only the one chosen is fetched.
            let folder = TestMedia.hlsRenditionFolder(height: other.height ?? 0)
            await Self.expectOnlyTheChosenIsFetched(
                harness, from: stream.server, isPicture: { $0.contains("/segment") },
                isChosen: { $0.contains("/\(folder)/") })
            await harness.close()
        }

        /// The next segments of the rendition playing come slowly: the lower rendition takes over
        /// from the segment given up, and the position goes on at the live edge, with the pictures
        /// of the positions, not frozen while the slow download lasts.
        @Test func aSegmentGivenUpInALiveLadderComesFromTheLowerRenditionAndPlaybackGoesOn() async throws {
            let stream = try LiveHLSStream(duration: 40, ladder: [240, 120], bitsPerPixel: 12)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            #expect(await harness.wait(timeout: 10) { player.currentRendition?.height == 240 })
            let folder = "/" + TestMedia.hlsRenditionFolder(height: 240)
            stream.server.throttle(folder + "/segment\(stream.lastSegment + 1).ts", bytesPerSecond: 8_000)
            let stalls = player.statistics.stallCount
            await Self.expectTakesOverWithoutAStall(harness, stream: stream, stalls: stalls) {
                player.currentRendition?.height == 120
            }
            await harness.close()
        }

        /// The rendition playing, chosen by hand, fetches its next segment slowly; another is
        /// chosen meanwhile. It takes over from that segment without waiting for it, and the
        /// position goes on with the pictures of the positions.
        @Test func aRenditionChosenWhileTheOnePlayingFetchesSlowlyInALiveLadderTakesOverAtOnce()
            async throws
        {
            let stream = try LiveHLSStream(duration: 40, ladder: [240, 120], bitsPerPixel: 12)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            #expect(await harness.wait(timeout: 10) { player.currentRendition?.height == 240 })
            let top = try #require(player.currentRendition)
            let other = try #require(player.renditions.first { $0 != top })
            player.setQuality(.fixed(top.id))
            let slow = "/\(TestMedia.hlsRenditionFolder(height: 240))/segment\(stream.lastSegment + 1).ts"
            stream.server.throttle(slow, bytesPerSecond: 8_000)
            #expect(await harness.wait(timeout: 5) { stream.server.requests.contains { $0.contains(slow) } })
            let stalls = player.statistics.stallCount
            player.setQuality(.fixed(other.id))
            await Self.expectTakesOverWithoutAStall(harness, stream: stream, stalls: stalls) {
                player.currentRendition == other
            }
            #expect(harness.renditionChanges(.manual) == [other])
            await harness.close()
        }

        @Test func playbackKeepsThePlaylistsHoldBackFromTheEdge() async throws {
            let stream = try LiveHLSStream(kind: .sliding(window: 9), startingAt: 12, holdBack: 6)
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            // The demuxer begins three segments before the edge; the playlist asks for six.
            let latency = { player.liveLatency ?? 0 }
            let began = player.currentTime
            #expect(await harness.wait { player.currentTime > began + 1 && player.currentFrame != nil })
            // The edge moves a whole segment (1 s) at a time, so the latency runs from 5 s (just
            // before the next segment) to 6 s; three segments would be 3 to 4 s.
            #expect(latency() > 4.5 && latency() < 7.5, "\(latency())")
            #expect(player.isAtLiveEdge)
            // The first picture is that of the position, on the window's timeline.
            let frame = try #require(player.currentFrame?.clipFrameNumber)
            let expected = Double(frame) / 30 - Double(stream.firstSequence)
            #expect(abs(expected - player.currentTime) < 0.2, "frame \(frame) at \(player.currentTime)")
            // Going to live after a seek back returns to the hold-back, not three segments.
            let window = try #require(player.seekableRange)
            player.seek(to: window.lowerBound)
            #expect(await harness.wait { latency() > 8 && player.status == .playing })
            #expect(!player.isAtLiveEdge)
            player.seekToLive()
            #expect(await harness.wait { latency() < 7.5 && player.status == .playing })
            #expect(latency() > 5 && player.isAtLiveEdge, "\(latency())")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        /// The rendition playing goes away: its playlist answers 404 from now on, and so do its
        /// next segments when `segmentsToo` (whichever the demuxer asks for first fails).
        @Test(arguments: [false, true])
        func aLiveRenditionThatFailsHandsOverAndTheWindowFollowsTheOneTakingOver(segmentsToo: Bool)
            async throws
        {
            let stream = try LiveHLSStream(duration: 40, ladder: [240, 120])
            defer { stream.stop() }
            let harness = await Self.playing(stream)
            let player = harness.player
            let playing = try #require(player.currentRendition?.height)
            let other = playing == 240 ? 120 : 240
            let folder = "/" + TestMedia.hlsRenditionFolder(height: playing)
            stream.server.overrideStatus(404, for: folder + "/live.m3u8")
            for segment in stream.lastSegment...(stream.lastSegment + 30) where segmentsToo {
                stream.server.overrideStatus(404, for: folder + "/segment\(segment).ts")
            }
            let edge = try #require(player.seekableRange).upperBound
            // The other one takes over, and the window keeps sliding with its playlist, well past
            // the time a playlist that stopped would count as stuck.
            let followed = await harness.wait(timeout: 12) {
                (player.seekableRange?.upperBound ?? 0) > edge + 6 && player.currentTime > edge + 2
            }
            #expect(followed, "\(String(describing: player.seekableRange)) at \(player.currentTime)")
            #expect(player.currentRendition?.height == other, "\(harness.events.suffix(5))")
            #expect(player.isLive && player.status == .playing, "\(player.status)")
            #expect(harness.errors.allSatisfy { $0 == .network(.httpStatus(404)) }, "\(harness.errors)")
            await harness.close()
        }

        @Test func aVideoOnDemandPlaylistIsNotLive() async throws {
            let playlist = try TestMedia.cachedHLS(ClipSpec(duration: 4), segmentDuration: 1)
            let server = LocalHTTPServer(root: playlist.deletingLastPathComponent())
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: server.url(for: "/" + TestMedia.hlsPlaylistName)))
            #expect(await harness.wait { harness.player.duration != nil })
            #expect(!harness.player.isLive && harness.player.liveLatency == nil)
            #expect(harness.player.seekableRange == 0...(harness.player.duration ?? 0))
            await harness.close()
        }
    }
}
