import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// Faults a local server injects while an HLS or a progressive item plays: the player buffers,
    /// plays what it read, then fails with a typed network error where the data stops; it never hangs.
    @Suite(.serialized) @MainActor
    struct PlayerNetworkFaultTests {
        /// Six one-second segments (or one 6 s file) of about 30 KB/s, sound included.
        static let spec = ClipSpec(width: 160, height: 96, duration: 6, gopSeconds: 1)

        @Test(arguments: ServedClip.Delivery.allCases)
        func aServerSlowerThanTheBitRateMakesThePlayerBufferThenPlayOn(_ delivery: ServedClip.Delivery)
            async throws
        {
            let clip = try ServedClip(delivery, spec: Self.spec)
            // A packet takes longer than the timeout to arrive at a quarter of the bit rate, but data
            // keeps flowing: that is slow, not stalled.
            let harness = try await Self.play(clip, networkTimeout: 1)
            clip.server.throttle(bytesPerSecond: clip.bytesPerSecond / 4)
            #expect(await harness.wait(timeout: 6, for: .buffering))
            await harness.wait(timeout: 1.5) { harness.isFinished }
            clip.server.throttle(bytesPerSecond: nil)
            #expect(await harness.wait(timeout: 4, for: .playing))
            #expect(harness.statuses.suffix(3) == [.playing, .buffering, .playing])
            #expect(harness.errors.isEmpty)
            await harness.close()
        }

        @Test(arguments: ServedClip.Delivery.allCases)
        func aStallLongerThanTheTimeoutBuffersThenFailsWithATimeout(_ delivery: ServedClip.Delivery)
            async throws
        {
            let clip = try ServedClip(delivery, spec: Self.spec)
            // The server stalls once it sent about 1.5 s of the clip: the player plays that, waits,
            // and fails when the read waiting since the stall times out. NB: a count of bytes, not
            // a moment, so that a machine slow to start playing holds no more than that when the
            // stall begins; it runs dry before the timeout if it starts playing within 3.5 s.
            clip.server.stall(afterSending: clip.bytesPerSecond * 3 / 2)
            let harness = try await Self.play(clip, networkTimeout: 4)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            let detected = MediaPlayer.now - (clip.server.stalledSince ?? .infinity)
            #expect(harness.player.status == .failed(.network(.timeout)))
            // NB: when the read times out, the MPEG-TS demuxer hands over the packets it still held
            // (the last picture and sound begun before the stall): they play, as everything read
            // does, so the player may leave buffering for a moment before it fails.
            let sincePlaying = harness.statuses.drop { $0 != .playing }
            #expect(sincePlaying.last == .failed(.network(.timeout)))
            #expect(sincePlaying.contains(.buffering), "statuses: \(harness.statuses)")
            #expect(
                sincePlaying.dropLast().allSatisfy { $0 == .playing || $0 == .buffering },
                "statuses: \(harness.statuses)")
            // The read in progress when the server stalled started a little earlier.
            #expect(detected > 3.5 && detected < 5.5, "stall to error: \(detected) s")
            print("NETWORK \(delivery): stall to error \(String(format: "%.2f", detected)) s (timeout 4 s)")
            await harness.close()
        }

        /// A playlist whose server sets a cookie that every later request must send back, as a
        /// CDN's signed cookies do: every segment is fetched with it.
        @Test func aCookieThePlaylistSetsGoesWithEveryLaterRequest() async throws {
            let clip = try ServedClip(.hls, spec: Self.spec)
            clip.server.requireCookie(name: "token", value: UUID().uuidString, setBy: clip.url.path)
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(clip.item, autoplay: true)
            #expect(await harness.wait(timeout: 12) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors: \(harness.errors)")
            #expect(clip.server.requests.filter { $0.contains("/segment") }.count >= 6)
            await harness.close()
        }

        @Test(arguments: [404, 500])
        func anHLSSegmentAnsweringAnErrorPlaysUpToItThenFailsWithItsStatus(_ status: Int) async throws {
            let (_, harness) = try await Self.playUntilFailing(atSegment: 2, status: status)
            #expect(harness.player.status == .failed(.network(.httpStatus(status))))
            #expect(harness.errors == [.network(.httpStatus(status))])
            // Segments 0 and 1 played; the position is the start of the missing segment, and stays.
            let position = harness.player.currentTime
            #expect(abs(position - 2) < 0.1, "failed at \(position)")
            #expect(harness.player.framesPresented > 50)
            #expect(try #require(harness.player.session).clock.isPaused)
            await harness.wait(timeout: 0.2) { false }
            #expect(harness.player.currentTime == position)
            await harness.close()
        }

        @Test func aProgressiveFileAnsweringAServerErrorFailsWithItsStatus() async throws {
            let clip = try ServedClip(.progressive, spec: Self.spec)
            clip.server.overrideStatus(500, for: clip.url.path)
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(clip.item, autoplay: true)
            #expect(await harness.wait(timeout: 4) { harness.isFinished })
            #expect(harness.player.status == .failed(.network(.httpStatus(500))))
            await harness.close()
        }

        @Test(arguments: ServedClip.Delivery.allCases)
        func killingTheServerMidStreamFailsWithALostConnection(_ delivery: ServedClip.Delivery) async throws {
            // NB: 12 s, so that a machine slow to start playing has not read it all by the kill.
            var long = Self.spec
            long.duration = 12
            let clip = try ServedClip(delivery, spec: long)
            let harness = try await Self.play(clip, networkTimeout: 10)
            let player = harness.player
            #expect(await harness.wait { player.currentTime > 1 })
            let position = player.currentTime
            let readAhead = (player.bufferedRanges.last?.upperBound ?? position) - position
            clip.server.stop()
            let killed = MediaPlayer.now
            // Far less than the 10 s timeout: a closed connection is noticed at once, what was read
            // plays, then the player fails where the data stops.
            let finished = await harness.wait(timeout: readAhead + 3) { harness.isFinished }
            #expect(finished, "\(readAhead) s read ahead")
            let failure = player.status
            #expect(failure == .failed(.network(.connectionLost)) || failure == .failed(.network(.refused)))
            #expect(player.currentTime >= position && player.currentTime < 11)
            print(
                "NETWORK \(delivery): killed to error \(String(format: "%.2f", MediaPlayer.now - killed)) s")
            await harness.close()
        }

        /// When the server stalls, the pictures run out with the data: the player reports buffering
        /// and stops the clock soon after the shown picture's end (with sound, the sound stops
        /// there too), instead of running on past a frozen picture for a quarter of a second. The
        /// clip is silent, so that the pictures, not the sound, are what runs out.
        @Test(arguments: ServedClip.Delivery.allCases)
        func aStallStopsTheClockSoonAfterTheLastPicture(_ delivery: ServedClip.Delivery) async throws {
            var silent = Self.spec
            silent.tone = nil
            let clip = try ServedClip(delivery, spec: silent)
            let harness = try await Self.play(clip, networkTimeout: 5)
            clip.server.stall()
            #expect(await harness.wait(timeout: 6, for: .buffering))
            let player = harness.player
            let shownUntil = try #require(player.currentFrame.map { $0.time + $0.duration })
            let pastPicture = player.currentTime - shownUntil
            #expect(pastPicture < 0.2, "the clock ran \(pastPicture) s past the last picture")
            print(
                "NETWORK \(delivery): clock stopped \(String(format: "%.3f", pastPicture)) s after the last picture"
            )
            await harness.close()
        }

        /// Serves `clip` a little faster than its bit rate (so the player reads ahead only a little)
        /// and waits until it plays.
        static func play(_ clip: ServedClip, networkTimeout: Double) async throws -> PlayerHarness {
            clip.server.throttle(bytesPerSecond: clip.bytesPerSecond * 3 / 2)
            let harness = PlayerHarness(networkTimeout: networkTimeout)
            harness.player.load(clip.item, autoplay: true)
            try #require(await harness.wait(timeout: 5, for: .playing))
            return harness
        }

        /// Plays the HLS clip at full speed, HLS segment `index` answering `status`, until it fails.
        static func playUntilFailing(atSegment index: Int, status: Int) async throws -> (
            ServedClip, PlayerHarness
        ) {
            let clip = try ServedClip(.hls, spec: spec)
            clip.server.overrideStatus(status, for: ServedClip.segmentPath(index))
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(clip.item, autoplay: true)
            try #require(await harness.wait(timeout: 6) { harness.isFinished })
            return (clip, harness)
        }
    }
}
