import Foundation
import Testing
import VideoPlayerDBus

@Suite struct DBusSocketWatchTests {
    /// A watch goes away while its socket has data and its handler runs on its own queue: the
    /// handler must not leave the source suspended for its release (libdispatch traps on that).
    /// The window is a few instructions wide; this stress did not hit it before the fix either.
    @Test func aWatchGoesAwayWhileItsSocketHasDataAndItsHandlerRuns() throws {
        // NB: every pipe stays open to the end: a descriptor must outlive its cancelled source.
        var descriptors: [Int32] = []
        defer { for descriptor in descriptors { close(descriptor) } }
        for round in 0..<400 {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            descriptors += ends
            let fired = DispatchSemaphore(value: 0)
            var watch: DBusSocketWatch? = DBusSocketWatch(descriptor: ends[0], label: "watch-test") {
                fired.signal()
            }
            var byte: UInt8 = 1
            #expect(write(ends[1], &byte, 1) == 1)
            #expect(fired.wait(timeout: .now() + 5) == .success)
            // With the data unread, rearmed or not: the source, resumed, fires again at once on its
            // queue, racing the release.
            if round.isMultiple(of: 2) { watch?.rearm() }
            watch = nil
        }
    }
}
