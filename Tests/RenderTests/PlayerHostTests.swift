import Foundation
import Synchronization
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// The contract a windowed host relies on: wake handler, pump, nextDueTime, frameGeneration.
    @Suite @MainActor
    struct PlayerHostTests {
        final class WakeCounter: Sendable {
            let count = Atomic<Int>(0)
        }

        @Test func aHostDrivenByWakesAndDueTimesPlaysToTheEnd() async throws {
            let harness = PlayerHarness()
            let wakes = WakeCounter()
            harness.player.wakeHandler = { wakes.count.add(1, ordering: .relaxed) }
            harness.player.load(try TestClips.item(ClipSpec(duration: 1)), autoplay: true)
            var generations = Set<Int>()
            var pumps = 0
            let deadline = MediaPlayer.now + 4
            while harness.player.status != .ended && MediaPlayer.now < deadline {
                harness.player.pump()
                pumps += 1
                generations.insert(harness.player.frameGeneration)
                let due = harness.player.nextDueTime ?? MediaPlayer.now + 0.01
                let sleep = min(max(due - MediaPlayer.now, 0), 0.01)
                try await Task.sleep(nanoseconds: UInt64(sleep * 1e9) + 100_000)
            }
            #expect(harness.player.status == .ended)
            #expect(wakes.count.load(ordering: .relaxed) > 0)
            #expect(harness.player.framesPresented + harness.player.framesDropped >= 28)
            #expect(generations.count >= harness.player.framesPresented / 2)
            #expect(abs(harness.player.avOffset) < 0.1, "offset \(harness.player.avOffset)")
            await harness.close()
        }

        @Test func timeTicksArriveAtTheConfiguredIntervalAndNotOtherwise() async throws {
            let ticking = PlayerHarness(timeTick: 0.25)
            ticking.player.load(try TestClips.item(ClipSpec(duration: 1)), autoplay: true)
            #expect(await ticking.wait(timeout: 3, for: .ended))
            let ticks = ticking.events.compactMap { if case .timeTick(let time) = $0 { time } else { nil } }
            #expect((3...6).contains(ticks.count), "\(ticks)")
            #expect(ticks == ticks.sorted())
            let silent = PlayerHarness()
            silent.player.load(try TestClips.item(ClipSpec(duration: 0.5)), autoplay: true)
            #expect(await silent.wait(timeout: 3, for: .ended))
            #expect(!silent.events.contains { if case .timeTick = $0 { true } else { false } })
            await ticking.close()
            await silent.close()
        }

        @Test func timeTicksFollowTheMediaTimeAtEveryMultipleOfTheInterval() async throws {
            let harness = PlayerHarness(timeTick: 0.25)
            harness.player.setRate(2)
            harness.player.load(try TestClips.item(ClipSpec(duration: 2)), autoplay: true)
            #expect(await harness.wait(timeout: 4, for: .ended))
            let ticks = harness.events.compactMap { if case .timeTick(let time) = $0 { time } else { nil } }
            let multiples = ticks.map { Int(($0 / 0.25).rounded(.down)) }
            #expect(Array(multiples.prefix(8)) == Array(0..<8), "\(ticks)")
            let lateness = ticks.map { $0 - ($0 / 0.25).rounded(.down) * 0.25 }
            #expect(lateness.allSatisfy { $0 < 0.1 }, "\(ticks)")
            await harness.close()
        }

        @Test func aSeekIsReportedOnceItLandsAndTicksResumeAtTheNextMultiple() async throws {
            let harness = PlayerHarness(timeTick: 0.25)
            harness.player.load(try TestClips.standard(), autoplay: true)
            #expect(await harness.wait { harness.player.currentTime > 0.3 })
            let seekedAt = harness.events.count
            harness.player.seek(to: 2.6)
            #expect(await harness.wait { harness.player.currentTime > 2.85 })
            let after = Array(harness.events[seekedAt...])
            let landed = try #require(
                after.firstIndex { if case .seekCompleted = $0 { true } else { false } })
            #expect(
                after[..<landed].allSatisfy { if case .timeTick = $0 { false } else { true } }, "\(after)")
            let ticks = after[landed...].compactMap { if case .timeTick(let time) = $0 { time } else { nil } }
            // A precise seek lands at 2.6, inside the multiple 2.5 ... 2.75, so the next tick is at 2.75.
            #expect(ticks.first.map { $0 >= 2.75 } ?? false, "\(after)")
            await harness.close()
        }

        @Test func theEventStreamDeliversTheSameOrder() async throws {
            let harness = PlayerHarness()
            let stream = harness.player.events
            harness.player.load(try TestClips.item(ClipSpec(duration: 0.5)), autoplay: true)
            var received: [PlayerEvent] = []
            for await event in stream {
                received.append(event)
                if event == .ended { break }
            }
            let observed = Array(harness.events.prefix(received.count))
            #expect(received == observed)
            #expect(
                received.firstIndex(of: .statusChanged(.playing)) ?? 99 < received.firstIndex(of: .ended) ?? 0
            )
            await harness.close()
        }

        @Test func aVideoFilterChangesThePictureAndABadOneIsReported() async throws {
            let harness = PlayerHarness()
            harness.player.setVideoFilter("negate")
            harness.player.load(try TestClips.standard())
            #expect(await harness.wait { harness.player.currentFrame != nil })
            let frame = try #require(harness.player.currentFrame)
            let pixels = try #require(frame.rgbaPixels())
            let centre = pixels.pixel(x: pixels.width / 2, y: pixels.height / 4)
            let expected = TestMedia.colour(forFrame: 0)
            #expect(abs(Int(centre.r) - (255 - Int(expected.r))) < 24, "\(centre) vs negated \(expected)")
            #expect(abs(Int(centre.g) - (255 - Int(expected.g))) < 24)
            harness.player.setVideoFilter("nosuchfilter")
            harness.player.seek(to: 1, exact: true)
            #expect(await harness.wait { harness.events.contains(.seekCompleted(1)) })
            #expect(harness.errors.contains { if case .invalidArgument = $0 { true } else { false } })
            #expect(harness.player.currentFrame?.clipFrameNumber == 30)
            await harness.close()
        }
    }
}
