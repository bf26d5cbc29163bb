import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// Queues on SDL's dummy driver, which opens one output device at a time as some hardware and
    /// sound servers do: the preloaded item cannot open a second one while the first plays.
    @Suite @MainActor
    struct PlayerOneDeviceTests {
        init() {
            setenv("SDL_AUDIODRIVER", "dummy", 0)
        }

        private func playedIntoTheSecondItem(_ harness: PlayerHarness) async -> Bool {
            await harness.wait(timeout: 6) {
                harness.player.currentIndex == 1 && harness.player.status == .playing
                    && harness.player.currentTime > 0.2
            }
        }

        @Test func aTwoItemQueuePlaysBothWithSoundAndReportsNoError() async throws {
            let harness = PlayerHarness(audioSink: { SDLAudioSink() })
            let spec = ClipSpec(width: 160, height: 96, duration: 1)
            harness.player.load([try TestClips.item(spec), try TestClips.item(spec)], autoplay: true)
            #expect(await playedIntoTheSecondItem(harness))
            let session = try #require(harness.player.session)
            #expect(session.info?.rendersAudio == true)
            #expect(session.renderer.map { $0.samplesRendered > 0 } == true)
            #expect(await harness.wait(timeout: 4, for: .ended))
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func skippingToAPreloadedItemOpensItsDeviceOnceTheFirstOneCloses() async throws {
            let harness = PlayerHarness(audioSink: { SDLAudioSink() })
            let spec = ClipSpec(width: 160, height: 96, duration: 2)
            harness.player.load([try TestClips.item(spec), try TestClips.item(spec)], autoplay: true)
            #expect(await harness.wait { harness.player.isNextPreloaded })
            harness.player.next()
            #expect(await playedIntoTheSecondItem(harness))
            #expect(harness.player.session?.info?.rendersAudio == true)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }
    }
}
