import Foundation
import Testing

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite(.enabled(if: SharedMedia.shouldRun)) @MainActor
    struct PlayerPlaybackTests {
        @Test func playsBaselineMP4ToTheEndWithEventsInOrder() async throws {
            let harness = PlayerHarness()
            let item = MediaItem(path: try SharedMedia.path("av/sample.mp4"))
            harness.player.load(item, autoplay: true)
            let started = MediaPlayer.now
            #expect(await harness.wait(timeout: 5, for: .ended))
            let elapsed = MediaPlayer.now - started
            #expect(elapsed > 0.9 && elapsed < 2.5, "real-time playback of 1.02 s took \(elapsed) s")
            let duration = try #require(harness.player.duration)
            #expect(abs(duration - 1.024) < 0.05)
            #expect(harness.player.hasVideo && harness.player.hasAudio)
            #expect(harness.player.framesPresented > 20)
            let names = harness.events.compactMap { event -> String? in
                switch event {
                case .itemChanged: "item"
                case .statusChanged(let status): "\(status)"
                case .durationKnown: "duration"
                case .tracksChanged: "tracks"
                case .ended: "ended"
                default: nil
                }
            }
            #expect(names == ["item", "loading", "tracks", "duration", "playing", "ended", "ended"])
            #expect(
                harness.audio.recordedSamples.contains { abs($0) > 0.001 },
                "the quiet track (-51 dB peak) reached the sink")
            await harness.close()
        }
    }
}
