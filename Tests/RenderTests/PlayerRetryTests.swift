import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// `retry()` after a failure: the item opens again and plays on from where it failed.
    @Suite(.serialized) @MainActor
    struct PlayerRetryTests {
        @Test func aRetryOnceTheSegmentIsBackPlaysOnFromWhereTheItemFailed() async throws {
            let (clip, harness) = try await PlayerNetworkFaultTests.playUntilFailing(
                atSegment: 2, status: 404)
            #expect(harness.player.status == .failed(.network(.httpStatus(404))))
            let failedAt = harness.player.currentTime
            clip.server.overrideStatus(nil, for: ServedClip.segmentPath(2))
            let retried = MediaPlayer.now
            harness.player.retry()
            #expect(await harness.wait(timeout: 4) { harness.player.framesPresented > 0 })
            let firstFrame = MediaPlayer.now - retried
            let first = try #require(harness.player.currentFrame)
            #expect(abs(first.time - failedAt) < 0.05, "failed at \(failedAt), went on at \(first.time)")
            // NB: the item stays loading on its first picture until the pictures after it are decoded.
            #expect(await harness.wait(timeout: 4) { harness.player.status == .playing })
            #expect(harness.statuses.suffix(2) == [.loading, .playing])
            #expect(await harness.wait(timeout: 4) { harness.player.currentTime > failedAt + 1 })
            #expect(harness.player.status == .playing)
            print("NETWORK hls: retry to first frame \(String(format: "%.2f", firstFrame)) s")
            await harness.close()
        }

        @Test func aRetryOfAnItemThatNeverOpenedStartsAtItsStartPosition() async throws {
            let clip = try ServedClip(.progressive, spec: PlayerNetworkFaultTests.spec)
            clip.server.stop()
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: clip.url, startPosition: 3), autoplay: true)
            #expect(await harness.wait { harness.isFinished })
            #expect(harness.player.status == .failed(.network(.refused)))
            try clip.server.start()
            harness.player.retry()
            #expect(await harness.wait(timeout: 4) { harness.player.framesPresented > 0 })
            let first = try #require(harness.player.currentFrame)
            #expect(abs(first.time - 3) < 0.05)
            await harness.close()
        }

        @Test func aRetryWithNothingLoadedIsIgnored() async {
            let harness = PlayerHarness()
            harness.player.retry()
            #expect(harness.events == [.ignored(.retry, reason: "nothing is loaded")])
            #expect(harness.player.status == .idle)
        }
    }
}
