import CFFmpeg
import Synchronization
import Testing

@testable import VideoPlayerRender

/// Which segments are kept, for how long, and what a glimpse of one kept gives.
struct KeptSegmentsTests {
    @Test func aSegmentReadToItsEndIsKeptAndOneLeftBeforeIsNot() throws {
        let segments = KeptSegments()
        let bytes = (0..<5000).map { UInt8(truncatingIfNeeded: $0) }
        let connection = try #require(MemoryInput.open(bytes))
        defer { MemoryInput.close(connection) }
        let context = try #require(KeepingInput.open(connection, url: "http://a/1.m4s", segments: segments))
        #expect(PaddedInputTests.readAll(context) == bytes)
        #expect(KeepingInput.close(context) == connection)
        #expect(segments.bytes(of: "http://a/1.m4s") == bytes)

        let other = try #require(MemoryInput.open(bytes))
        defer { MemoryInput.close(other) }
        let partly = try #require(KeepingInput.open(other, url: "http://a/2.m4s", segments: segments))
        var chunk = [UInt8](repeating: 0, count: 1000)
        #expect(avio_read(partly, &chunk, 1000) == 1000)
        _ = KeepingInput.close(partly)
        #expect(segments.bytes(of: "http://a/2.m4s") == nil)
    }

    @Test func theOldestAreGivenUpPastTheCapacityAndAllPastTheirLifetime() {
        let clock = Mutex(0.0)
        let segments = KeptSegments { clock.withLock { $0 } }
        let large = [UInt8](repeating: 1, count: KeptSegments.largestSegment)
        segments.keep(large, of: "a")
        segments.keep(large, of: "b")
        #expect(segments.bytes(of: "a") != nil && segments.bytes(of: "b") != nil)
        segments.keep([2], of: "c")
        #expect(segments.bytes(of: "a") == nil)
        #expect(segments.bytes(of: "b") != nil && segments.bytes(of: "c") == [2])
        // A segment larger than any kept is not.
        segments.keep(large + [0], of: "d")
        #expect(segments.bytes(of: "d") == nil)
        // A segment read again is kept for another lifetime.
        clock.withLock { $0 = KeptSegments.lifetime }
        #expect(segments.bytes(of: "c") == [2])
        clock.withLock { $0 = KeptSegments.lifetime + 1 }
        #expect(segments.bytes(of: "c") == [2] && segments.bytes(of: "b") == nil)
        clock.withLock { $0 = 2 * KeptSegments.lifetime + 2 }
        #expect(segments.bytes(of: "c") == nil)
    }

    @Test func aGlimpseOfASegmentKeptGivesItsFirstBytesThenZerosWhenItKeepsItsLength() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5]
        #expect(KeptSegments.glimpse(of: bytes, end: 2, keepsLength: false) == [1, 2])
        #expect(KeptSegments.glimpse(of: bytes, end: 2, keepsLength: true) == [1, 2, 0, 0, 0])
        #expect(KeptSegments.glimpse(of: bytes, end: 9, keepsLength: true) == bytes)
    }
}
