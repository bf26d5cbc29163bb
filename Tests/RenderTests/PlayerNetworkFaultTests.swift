import Foundation
import Testing

@testable import VideoPlayerRender

extension PlayerTests {
    /// Faults a local server injects while an HLS or a progressive item plays.
    @Suite(.serialized) @MainActor
    struct PlayerNetworkFaultTests {
        /// Six one-second segments (or one 6 s file) of about 30 KB/s, sound included.
        static let spec = ClipSpec(width: 160, height: 96, duration: 6, gopSeconds: 1)

        @Test(arguments: ServedClip.Delivery.allCases)
        func aServerSlowerThanTheBitRateMakesThePlayerBufferThenPlayOn(_ delivery: ServedClip.Delivery)
            async throws
        {
            let clip = try ServedClip(delivery, spec: Self.spec)
            let harness = try await Self.play(clip, networkTimeout: 3)
            clip.server.throttle(bytesPerSecond: clip.bytesPerSecond / 4)
            #expect(await harness.wait(timeout: 6, for: .buffering))
            clip.server.throttle(bytesPerSecond: nil)
            #expect(await harness.wait(timeout: 4, for: .playing))
            #expect(harness.statuses.suffix(3) == [.playing, .buffering, .playing])
            #expect(harness.errors.isEmpty)
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
    }
}
