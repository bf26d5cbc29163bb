import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// Seeks as a viewer means them: precise by default, skips that never go the wrong way, and the end
    /// reached by seeking.
    @Suite @MainActor
    struct PlayerSkipTests {
        /// 4 s at 30 fps with a single keyframe at 0:00, as ffmpeg's defaults make short clips.
        private static let oneKeyframe = ClipSpec(duration: 4, gopSeconds: 10, tone: nil)
        private static let frame = 1.0 / 30

        private func loaded(_ spec: ClipSpec = oneKeyframe) async throws -> PlayerHarness {
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(spec))
            #expect(await harness.wait { harness.player.currentFrame != nil })
            return harness
        }

        private func completedSeek(_ harness: PlayerHarness) async -> Bool {
            await harness.wait { harness.player.pendingSeek == nil && !harness.player.awaitingFirstFrame }
        }

        @Test func anAbsoluteSeekLandsWithinOneFrameOfItsTarget() async throws {
            let harness = try await loaded()
            for target in [2.5, 0.7, 3.2, 1.05] {
                harness.player.seek(to: target)
                #expect(await completedSeek(harness))
                let shown = try #require(harness.player.currentFrame?.clipFrameNumber)
                #expect(abs(Double(shown) * Self.frame - target) <= Self.frame + 0.001, "seek to \(target)")
                #expect(abs(harness.player.currentTime - target) <= Self.frame + 0.001)
            }
            await harness.close()
        }

        @Test(arguments: [0.0, 0.9, 1.6, 2.4])
        func aForwardSkipOnAOneKeyframeClipLandsAheadOfWhereItStarted(_ start: Double) async throws {
            let harness = try await loaded()
            harness.player.seek(to: start)
            #expect(await completedSeek(harness))
            let before = harness.player.currentTime
            harness.player.skip(by: 1)
            #expect(await completedSeek(harness))
            #expect(harness.player.currentTime >= before)
            #expect(abs(harness.player.currentTime - (before + 1)) <= Self.frame + 0.001)
            let shown = try #require(harness.player.currentFrame?.clipFrameNumber)
            #expect(Double(shown) * Self.frame >= before)
            harness.player.skip(by: -0.5)
            #expect(await completedSeek(harness))
            #expect(abs(harness.player.currentTime - (before + 0.5)) <= Self.frame + 0.001)
            await harness.close()
        }

        @Test func skipsSentBeforeTheFirstCompletesAddUp() async throws {
            let harness = try await loaded()
            harness.player.skip(by: 1)
            harness.player.skip(by: 1)
            harness.player.skip(by: -0.5)
            #expect(await completedSeek(harness))
            #expect(abs(harness.player.currentTime - 1.5) <= Self.frame + 0.001)
            await harness.close()
        }

        @Test func aSkipPastTheEndWhilePausedEndsTheItem() async throws {
            let harness = try await loaded()
            harness.player.seek(to: 3)
            #expect(await completedSeek(harness))
            harness.player.skip(by: 10)
            #expect(await harness.wait(for: .ended))
            #expect(harness.events.contains(.ended))
            #expect(harness.player.currentTime == harness.player.duration)
            #expect(harness.player.currentFrame?.clipFrameNumber == 119)
            await harness.close()
        }

        @Test func aSkipBeforeTheStartGoesToTheStart() async throws {
            let harness = try await loaded()
            harness.player.seek(to: 2)
            #expect(await completedSeek(harness))
            harness.player.skip(by: -10)
            #expect(await completedSeek(harness))
            #expect(harness.player.currentTime == 0)
            #expect(harness.player.currentFrame?.clipFrameNumber == 0)
            #expect(harness.events.contains(.adjusted(.seek, requested: -8, applied: 0)))
            await harness.close()
        }

        @Test func seekingToTheEndWhilePausedMovesToTheNextItemStillPaused() async throws {
            let harness = PlayerHarness()
            let first = try TestClips.item(ClipSpec(duration: 1, tone: nil))
            let second = try TestClips.item(ClipSpec(duration: 2, tone: nil))
            harness.player.load([first, second])
            #expect(await harness.wait { harness.player.currentFrame != nil })
            harness.player.seek(to: 1)
            #expect(await harness.wait { harness.player.currentIndex == 1 })
            #expect(harness.events.contains(.ended))
            #expect(await harness.wait(for: .ready))
            #expect(!harness.player.wantsPlay)
            await harness.close()
        }

        @Test func seekingToTheEndOfALoopingItemStartsItAgain() async throws {
            let harness = try await loaded(ClipSpec(duration: 1, tone: nil))
            harness.player.setLooping(true)
            harness.player.seek(to: 1)
            #expect(
                await harness.wait { harness.player.currentTime == 0 && harness.player.pendingSeek == nil })
            #expect(await harness.wait { harness.player.currentFrame?.clipFrameNumber == 0 })
            #expect(!harness.events.contains(.ended))
            #expect(harness.player.status != .ended)
            await harness.close()
        }
    }
}
