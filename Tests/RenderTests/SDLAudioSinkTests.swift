import Foundation
import Synchronization
import Testing

@testable import VideoPlayerRender

@Suite struct SDLAudioSinkTests {
    /// Sinks left open by a failed run: closing a deadlocked one would hang the test process.
    private static let abandoned = Mutex<[SDLAudioSink]>([])

    /// The player's renderer reads the sink's latency inside the device callback while the main actor
    /// pauses and resumes the device; neither may wait for the other.
    @Test func pausingWhileTheCallbackReadsTheLatencyNeverDeadlocks() async throws {
        let sink = SDLAudioSink()
        _ = try sink.open(preferred: .standard) { [weak sink] buffer in
            // A render that takes a while, as SDL holds the device's lock around it.
            usleep(1_000)
            _ = sink?.latency
            buffer.update(repeating: 0)
        }
        let toggled = Mutex(0)
        Thread.detachNewThread {
            for round in 1...200 {
                sink.setPaused(round % 2 == 0)
                usleep(300)
                toggled.withLock { $0 = round }
            }
        }
        let deadline = MediaPlayer.now + 10
        while toggled.withLock({ $0 }) < 200, MediaPlayer.now < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        let rounds = toggled.withLock { $0 }
        #expect(rounds == 200, "setPaused and the device callback deadlocked after \(rounds) rounds")
        if rounds == 200 { sink.close() } else { Self.abandoned.withLock { $0.append(sink) } }
    }
}
