import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// `.auto` on an HLS ladder behind a link whose throughput the tests change while it plays.
    @Suite @MainActor
    struct PlayerAdaptiveTests {
        /// A 30 s ladder of 240p, 180p and 120p whose renditions lie far apart (about 1.1, 0.7 and
        /// 0.4 Mbit/s with the sound), served; the server stops when the test ends.
        static func served() throws -> LocalHTTPServer {
            try PlayerTests.PlayerRenditionTests.served(spec: ClipSpec(duration: 30), bitsPerPixel: 12)
        }

        /// The heights of the renditions `.auto` switched to, in order.
        static func adaptiveSwitches(of harness: PlayerHarness) -> [Int] {
            harness.renditionChanges(.adaptive).compactMap(\.height)
        }

        @Test func autoStepsUpOnAFastLinkDownBeforeAStallWhenCappedAndUpAgainWhenLifted() async throws {
            let server = try Self.served()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 5, forwardBuffer: 4)
            let player = harness.player
            player.load(
                MediaItem(url: server.url(for: "/" + TestMedia.hlsMasterPlaylistName)), autoplay: true)
            #expect(await harness.wait { player.status == .playing })
            let bitRates = Dictionary(
                uniqueKeysWithValues: player.renditions.map { ($0.height, $0.bitRate ?? 0) })
            // The top rendition needs more than the first estimate of 1 Mbit/s: the next one starts.
            #expect(player.currentRendition?.height == 180, "\(bitRates)")
            let steps = Task { @MainActor in
                // A fast link: up to the top once that lasted.
                guard await harness.wait(timeout: 12, until: { player.currentRendition?.height == 240 })
                else {
                    return "never stepped up: \(harness.events)"
                }
                // 600 kbit/s: less than the top rendition needs, more than the lowest.
                server.throttle(bytesPerSecond: 75_000)
                guard await harness.wait(timeout: 15, until: { player.currentRendition?.height == 120 })
                else {
                    return "never stepped down to 120p: \(Self.adaptiveSwitches(of: harness))"
                }
                server.throttle(bytesPerSecond: nil)
                guard await harness.wait(timeout: 12, until: { player.currentRendition?.height == 240 })
                else {
                    return "never stepped up again: \(Self.adaptiveSwitches(of: harness))"
                }
                return "stepped"
            }
            let watched = await harness.watchUntilFinished(timeout: 40)
            #expect(await steps.value == "stepped")
            #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
            let switches = Self.adaptiveSwitches(of: harness)
            #expect(switches.first == 240 && switches.last == 240 && switches.contains(120), "\(switches)")
            // No stall, no jump back, no picture twice, every second heard.
            harness.expectPlayedSmoothly(watched, heardLongerThan: 29.5 * 48_000)
            #expect(player.quality == .auto && player.statistics.throughputEstimate != nil)
            await harness.close()
        }
    }
}

extension PlayerTests.PlayerAdaptiveTests {
    @Test func autoPlaysNoRenditionLargerThanTheViewNeeds() async throws {
        let server = try PlayerTests.PlayerRenditionTests.served(spec: ClipSpec(duration: 10))
        defer { server.stop() }
        let harness = PlayerHarness(networkTimeout: 5, forwardBuffer: 3)
        let player = harness.player
        // A 200x150 view: 180p is the smallest rendition that fills it, 240p is left out.
        player.setVideoViewSize(Size(width: 200, height: 150))
        player.load(PlayerTests.PlayerRenditionTests.item(on: server), autoplay: true)
        #expect(await harness.wait { player.status == .playing && player.currentTime > 2.5 })
        #expect(player.currentRendition?.height == 180, "\(harness.events)")
        // A smaller view (fill crops a 4:3 picture to the 160x60 view: 120 pixels high): 120p,
        // after what was read ahead.
        player.setVideoViewSize(Size(width: 160, height: 60), gravity: .fill)
        #expect(
            await harness.wait(timeout: 8) { player.currentRendition?.height == 120 || harness.isFinished })
        #expect(player.currentRendition?.height == 120, "\(harness.events)")
        #expect(Self.adaptiveSwitches(of: harness) == [120])
        #expect(await harness.wait(timeout: 10) { harness.isFinished })
        #expect(player.status == .ended, "errors: \(harness.errors)")
        let requests = server.requests
        let segments = { PlayerTests.PlayerRenditionTests.segments(of: $0, in: requests) }
        #expect(segments(240).allSatisfy { $0 == 0 }, "\(requests)")
        // The switch fetched nothing twice: besides the first segments, which the demuxer reads of
        // every rendition as it opens, each segment came from one rendition.
        #expect(Set(segments(180)).intersection(segments(120)).subtracting([0]).isEmpty, "\(requests)")
        await harness.close()
    }
}

extension PlayerTests.PlayerAdaptiveTests {
    /// A 20 s ladder of 360p and 120p in 2 s segments (about 2.2 and 0.4 Mbit/s with the sound),
    /// served.
    static func servedFarApart() throws -> LocalHTTPServer {
        let master = try TestMedia.cachedHLSLadder(
            ClipSpec(duration: 20), heights: [360, 120], bitsPerPixel: 12, segmentDuration: 2)
        let server = LocalHTTPServer(root: master.deletingLastPathComponent())
        try server.start()
        return server
    }

    @Test func aSegmentThatWouldComeAfterTheReadAheadRunsDryIsGivenUpAndFetchedAtALowerRendition()
        async throws
    {
        let server = try Self.servedFarApart()
        defer { server.stop() }
        let harness = PlayerHarness(networkTimeout: 10, forwardBuffer: 4)
        let player = harness.player
        player.load(PlayerTests.PlayerRenditionTests.item(on: server), autoplay: true)
        #expect(await harness.wait(timeout: 15) { player.currentRendition?.height == 360 })
        // 600 kbit/s: a 360p segment would take over 7 s, with 4 s read ahead at most; a 120p one
        // takes about 1.3 s.
        server.throttle(bytesPerSecond: 75_000)
        let watched = await harness.watchUntilFinished(timeout: 40)
        #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
        #expect(Self.adaptiveSwitches(of: harness).last == 120, "\(harness.events)")
        // The 360p segment given up on came again from 120p: the only one fetched from both,
        // besides the first, which the demuxer reads of every rendition as it opens.
        let requests = server.requests
        let segments = { PlayerTests.PlayerRenditionTests.segments(of: $0, in: requests) }
        #expect(Set(segments(360)).intersection(segments(120)).subtracting([0]).count == 1, "\(requests)")
        // No stall, no jump back, no picture twice, every second heard.
        harness.expectPlayedSmoothly(watched, heardLongerThan: 19.5 * 48_000)
        await harness.close()
    }
}

extension PlayerTests.PlayerAdaptiveTests {
    @Test func aSegmentOfWhichNoPictureCameBeforeItWasGivenUpIsReadWholeFromTheLowerRendition()
        async throws
    {
        let server = try Self.servedFarApart()
        defer { server.stop() }
        let harness = PlayerHarness(networkTimeout: 10, forwardBuffer: 4)
        let player = harness.player
        player.load(PlayerTests.PlayerRenditionTests.item(on: server), autoplay: true)
        #expect(await harness.wait(timeout: 15) { player.currentRendition?.height == 360 })
        // The next 360p segment comes at 64 kbit/s, on a fast link otherwise: given up after a
        // second, with a few kilobytes read, before its first picture (a keyframe of tens of
        // kilobytes) could reach the decoder.
        let segments = { PlayerTests.PlayerRenditionTests.segments(of: $0, in: server.requests) }
        let slow = (segments(360).max() ?? 0) + 1
        server.throttle(
            "/\(TestMedia.hlsRenditionFolder(height: 360))/segment\(slow).ts", bytesPerSecond: 8_000)
        let watched = await harness.watchUntilFinished(timeout: 40)
        #expect(watched.finished && player.status == .ended, "errors: \(harness.errors)")
        #expect(Self.adaptiveSwitches(of: harness).contains(120), "\(harness.events)")
        #expect(segments(360).contains(slow) && segments(120).contains(slow), "\(server.requests)")
        // No stall, no jump back, no picture twice, every second heard.
        harness.expectPlayedSmoothly(watched, heardLongerThan: 19.5 * 48_000)
        await harness.close()
    }
}

extension PlayerTests.PlayerAdaptiveTests {
    @Test func onAFastLinkAutoReachesTheTopWithinTheFirstSegmentsNotAfterTheReadAhead() async throws {
        let server = try Self.served()
        defer { server.stop() }
        let harness = PlayerHarness(networkTimeout: 5)
        let player = harness.player
        player.load(PlayerTests.PlayerRenditionTests.item(on: server), autoplay: true)
        #expect(await harness.wait(timeout: 15) { player.currentRendition?.height == 240 })
        // The item opens with 180p. The probe reads little of it, and three fast downloads in a
        // row step up without waiting seconds: the 10 s read ahead is not all of 180p.
        let requests = server.requests
        let segments = { PlayerTests.PlayerRenditionTests.segments(of: $0, in: requests) }
        let firstOfTop = try #require(segments(240).first { $0 > 0 }, "\(requests)")
        #expect(firstOfTop <= 6, "\(requests)")
        #expect(segments(180).filter { $0 > 0 }.allSatisfy { $0 < firstOfTop }, "\(requests)")
        await harness.close()
    }
}
