import Foundation
import Testing

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite
    struct PacketReadAheadTests {
        @Test func aQueueAddsUpTheWeightOfWhatWaits() {
            let queue = BoundedQueue<Int>(capacity: 4) { $0 }
            queue.push(10)
            queue.forcePush(20)
            queue.push(30)
            #expect(queue.weight == 60)
            _ = queue.pop()
            _ = queue.tryPop()
            #expect(queue.weight == 30)
            queue.removeAll()
            #expect(queue.weight == 0)
            queue.push(5)
            queue.abort()
            #expect(queue.weight == 0)
        }

        @Test func aQueueIsDrainedAndAwaitedOnlyWhileItsConsumerWaitsInPop() async {
            let queue = BoundedQueue<Int>(capacity: 4)
            #expect(queue.backlog == .empty)
            let popped = Task.detached { queue.pop() }
            while queue.backlog != .drainedAndAwaited { await Task.yield() }
            queue.push(7)
            #expect(await popped.value == 7)
            #expect(queue.backlog == .empty)
            queue.push(8)
            #expect(queue.backlog == .holding)
            queue.abort()
            #expect(queue.backlog == .empty)
        }

        @Test func theDemuxerStopsAtTheByteLimitWhateverTheCounts() {
            let roomy = [(count: 10, capacity: 48), (count: 20, capacity: 96)]
            #expect(!PlaybackSession.queuesAreFull(counts: roomy, bytes: 1_000_000))
            #expect(PlaybackSession.queuesAreFull(counts: roomy, bytes: PlaybackSession.packetBytesAhead))
            let starving = [(count: 2, capacity: 48), (count: 100, capacity: 96)]
            #expect(!PlaybackSession.queuesAreFull(counts: starving, bytes: 1_000_000))
            #expect(PlaybackSession.queuesAreFull(counts: starving, bytes: PlaybackSession.packetBytesAhead))
        }
    }
}

extension PlayerTests {
    @Suite
    struct QueueDrainSignalTests {
        @Test func aQueueSignalsOnceWhenItDrainsToTheLevel() {
            let queue = BoundedQueue<Int>(capacity: 8) { $0 }
            for weight in [10, 20, 30, 40] { queue.push(weight) }
            let semaphore = DispatchSemaphore(value: 0)
            queue.signal(semaphore, whenDrainedTo: DrainLevel(count: 2, weight: -1))
            _ = queue.pop()
            #expect(semaphore.wait(timeout: .now()) == .timedOut)
            _ = queue.tryPop()
            #expect(semaphore.wait(timeout: .now()) == .success)
            _ = queue.pop()
            #expect(semaphore.wait(timeout: .now()) == .timedOut)
        }

        @Test func aQueueAlreadyAtTheLevelOrAbortedSignalsAtOnce() {
            let queue = BoundedQueue<Int>(capacity: 8) { $0 }
            queue.push(100)
            queue.push(5)
            let semaphore = DispatchSemaphore(value: 0)
            queue.signal(semaphore, whenDrainedTo: DrainLevel(count: -1, weight: 105))
            #expect(semaphore.wait(timeout: .now()) == .success)
            queue.signal(semaphore, whenDrainedTo: DrainLevel(count: -1, weight: 10))
            #expect(semaphore.wait(timeout: .now()) == .timedOut)
            _ = queue.removeFrom(first: { $0 == 100 })
            #expect(semaphore.wait(timeout: .now()) == .success)
            queue.signal(semaphore, whenDrainedTo: DrainLevel(count: -1, weight: -1))
            queue.abort()
            #expect(semaphore.wait(timeout: .now()) == .success)
        }

        @Test func theDemuxerWaitsUntilAFullQueueDrainsToThreeQuartersOrAnotherStarves() {
            let full = [(count: 48, capacity: 48), (count: 30, capacity: 96)]
            #expect(
                PlaybackSession.drainLevels(counts: full, weights: [1000, 1000])
                    == [DrainLevel(count: 36, weight: -1), DrainLevel(count: 7, weight: -1)])
            let roomy = [(count: 47, capacity: 48), (count: 30, capacity: 96)]
            #expect(PlaybackSession.drainLevels(counts: roomy, weights: [1000, 1000]) == nil)
            // While the sound starves, the picture's queue fills to 4x and drains to just under it.
            let starving = [(count: 192, capacity: 48), (count: 3, capacity: 96)]
            #expect(
                PlaybackSession.drainLevels(counts: starving, weights: [1000, 1000])
                    == [DrainLevel(count: 191, weight: -1), DrainLevel(count: -1, weight: -1)])
            #expect(
                PlaybackSession.drainLevels(
                    counts: [(count: 191, capacity: 48), (count: 3, capacity: 96)], weights: [0, 0]) == nil)
            // A queue at 4x with the others not starving yet: first one of them must starve.
            let overfilled = [(count: 200, capacity: 48), (count: 10, capacity: 96)]
            #expect(
                PlaybackSession.drainLevels(counts: overfilled, weights: [1000, 1000])
                    == [DrainLevel(count: 36, weight: -1), DrainLevel(count: 7, weight: -1)])
        }

        @Test func overTheByteLimitEachQueueDrainsUntilAQuarterOfItIsFree() {
            let limit = PlaybackSession.packetBytesAhead
            let roomy = [(count: 10, capacity: 48), (count: 20, capacity: 96)]
            let levels = PlaybackSession.drainLevels(counts: roomy, weights: [limit - 1000, 1000])
            let excess = limit / 4
            #expect(
                levels == [
                    DrainLevel(count: -1, weight: limit - 1000 - excess), DrainLevel(count: -1, weight: 0),
                ])
        }
    }
}

extension PlayerTests {
    /// The demux thread and the presenter sleep until something they wait for comes.
    @Suite @MainActor
    struct SleepingThreadsTests {
        @Test func theDemuxThreadSleepsWhilePausedAndAtTheEndAndReadsOnWhenPlayed() async throws {
            let harness = PlayerHarness()
            harness.player.load(try TestClips.standard())
            #expect(await harness.wait { harness.player.status == .ready })
            let session = try #require(harness.player.session)
            #expect(await harness.wait { session.isReadAheadFull })
            // NB: the decoders may still take a packet or two as their pictures and sound fill up,
            // which makes room and wakes it once more: it settles, then stays asleep.
            var waits = session.demuxWaits.load(ordering: .relaxed)
            for _ in 0..<20 {
                await harness.wait(timeout: 0.1) { false }
                let now = session.demuxWaits.load(ordering: .relaxed)
                if now == waits { break }
                waits = now
            }
            await harness.wait(timeout: 0.5) { false }
            #expect(session.demuxWaits.load(ordering: .relaxed) == waits)
            harness.player.play()
            #expect(await harness.watchUntilFinished().finished)
            #expect(harness.player.status == .ended && session.demuxerReachedEnd)
            let waitsAtEnd = session.demuxWaits.load(ordering: .relaxed)
            await harness.wait(timeout: 1) { false }
            #expect(session.demuxWaits.load(ordering: .relaxed) == waitsAtEnd)
            // A seek wakes it: the item plays again from there to the end.
            harness.player.seek(to: 3)
            harness.player.play()
            #expect(await harness.wait { harness.player.status == .playing })
            #expect(await harness.watchUntilFinished().finished)
            #expect(harness.player.status == .ended)
            await harness.close()
        }

        @Test func aPausedPlayerDoesNotLookForThePictureOfASeekItIsWokenByIt() async throws {
            let harness = PlayerHarness()
            harness.player.load(try TestClips.standard())
            #expect(await harness.wait { harness.player.currentFrame != nil })
            for target in [2.0, 1.0, 3.0] {
                harness.player.seek(to: target)
                harness.player.pump()
                #expect(harness.player.nextDueTime == nil)
                #expect(await harness.wait { abs((harness.player.currentFrame?.time ?? -1) - target) < 0.01 })
                #expect(harness.player.nextDueTime == nil && harness.player.status == .ready)
            }
            await harness.close()
        }
    }
}

extension PlayerTests {
    @Suite
    struct PacketCountTests {
        @Test func aQueueHoldsThePacketsOfItsSecondsAheadWithinBounds() {
            let count = { (seconds: Double, interval: Double?) in
                PlaybackSession.packetCapacity(seconds: seconds, interval: interval, atLeast: 48)
            }
            #expect(count(2, 1.0 / 24) == 48)
            #expect(count(2, 1.0 / 60) == 120)
            #expect(count(10, 1.0 / 25) == 250)
            #expect(count(2, 0.5) == 48)
            #expect(count(2, nil) == 48)
            #expect(count(2, 0) == 48)
            #expect(count(10, 1e-6) == PlaybackSession.mostPacketsAhead)
            #expect(count(.infinity, 1.0 / 30) == 48)
        }
    }
}
