import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite @MainActor
    struct PlayerLifecycleTests {
        @Test func closingJoinsEveryThreadOfTheCurrentAndPreloadedItems() async throws {
            let harness = PlayerHarness()
            harness.player.load(
                [try TestClips.standard(), try TestClips.item(ClipSpec(duration: 1))], autoplay: true)
            #expect(await harness.wait { harness.player.isNextPreloaded })
            let sessions = [harness.player.session, harness.player.preload?.session].compactMap { $0 }
            let threads = sessions.flatMap { session in session.runtime.withLock { $0.threads } }
            #expect(sessions.count == 2)
            #expect(threads.count >= 5 && threads.allSatisfy { !$0.isFinished })
            await harness.close()
            #expect(threads.allSatisfy { $0.isFinished })
            #expect(harness.player.status == .idle)
        }

        @Test func commandsBeforeLoadAreReportedAsIgnored() {
            let harness = PlayerHarness()
            harness.player.play()
            harness.player.pause()
            harness.player.seek(to: 2)
            harness.player.stepForward()
            harness.player.next()
            #expect(
                harness.events == [
                    .ignored(.play, reason: "nothing is loaded"),
                    .ignored(.pause, reason: "nothing is loaded"),
                    .ignored(.seek, reason: "nothing is loaded"),
                    .ignored(.step, reason: "nothing is loaded"),
                    .ignored(.next, reason: "no next item"),
                ])
            #expect(harness.player.status == .idle)
        }

        @Test func outOfRangeValuesAreClampedAndReported() async throws {
            let harness = PlayerHarness()
            harness.player.setVolume(2)
            harness.player.setRate(8)
            harness.player.setRate(0.1)
            harness.player.setBrightness(-3)
            #expect(
                harness.player.volume == 1.5 && harness.player.rate == 0.25 && harness.player.brightness == -1
            )
            harness.player.load(try TestClips.standard())
            #expect(await harness.wait { harness.player.duration != nil })
            harness.player.seek(to: -2)
            let adjusted = harness.events.filter { if case .adjusted = $0 { true } else { false } }
            #expect(
                adjusted == [
                    .adjusted(.volume, requested: 2, applied: 1.5),
                    .adjusted(.rate, requested: 8, applied: 4),
                    .adjusted(.rate, requested: 0.1, applied: 0.25),
                    .adjusted(.brightness, requested: -3, applied: -1),
                    .adjusted(.seek, requested: -2, applied: 0),
                ])
            await harness.close()
        }

        @Test func pauseFreezesTimeAndSoundThenResumePlaysToTheEnd() async throws {
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(ClipSpec(duration: 1.5)), autoplay: true)
            #expect(await harness.wait { harness.player.currentTime > 0.4 })
            harness.player.pause()
            #expect(harness.player.status == .paused)
            await harness.wait(timeout: 0.1) { false }
            let (time, samples, generation) =
                (
                    harness.player.currentTime, harness.audio.recordedSamples.count,
                    harness.player.frameGeneration
                )
            await harness.wait(timeout: 0.3) { false }
            #expect(harness.player.currentTime == time)
            #expect(harness.audio.recordedSamples.count == samples)
            #expect(harness.player.frameGeneration == generation)
            #expect(harness.player.nextDueTime == nil, "an idle paused player has nothing due")
            harness.player.togglePlayPause()
            #expect(harness.player.status == .playing)
            #expect(await harness.wait(timeout: 3, for: .ended))
            await harness.close()
        }

        @Test func loopingRestartsInsteadOfEnding() async throws {
            let harness = PlayerHarness()
            harness.player.setLooping(true)
            harness.player.load(try TestClips.item(ClipSpec(duration: 0.6)), autoplay: true)
            var sawLate = false
            let restarted = await harness.wait(timeout: 3) {
                let number = harness.player.currentFrame?.clipFrameNumber ?? 0
                if number >= 15 { sawLate = true }
                return sawLate && number < 5 && harness.events.contains(.looped)
            }
            #expect(restarted)
            // The loop goes on from the start without a seek.
            #expect(!harness.events.contains { if case .seekCompleted = $0 { true } else { false } })
            #expect(!harness.events.contains(.ended))
            #expect(harness.player.status == .playing)
            await harness.close()
        }
    }
}
