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
