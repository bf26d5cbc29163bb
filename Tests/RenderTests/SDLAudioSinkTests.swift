import Foundation
import Testing

@testable import VideoPlayerRender

/// The SDL device sink on SDL's dummy driver (see `make test`): its real callback thread.
@Suite struct SDLAudioSinkTests {
    /// Callbacks that ran, counted from the device thread.
    final class Callbacks: Sendable {
        let count = Locked(0)
    }

    @Test func pausingWhileTheCallbackReadsTheLatencyNeverDeadlocks() throws {
        let sink = SDLAudioSink()
        let callbacks = Callbacks()
        // As the engine's renderer does, the callback reads the sink's latency; it lingers a little
        // so pauses land while SDL holds the device for it.
        _ = try sink.open(preferred: .standard) { [weak sink] buffer in
            usleep(500)
            _ = sink?.latency
            for index in buffer.indices { buffer[index] = 0 }
            callbacks.count.withLock { $0 += 1 }
        }
        // The device runs before the pauses start, so they race its callbacks even on a machine
        // too busy to call back within the pausing rounds.
        sink.setPaused(false)
        let deadline = Date().addingTimeInterval(10)
        while callbacks.count.withLock({ $0 }) == 0 && Date() < deadline { usleep(1000) }
        try #require(callbacks.count.withLock { $0 } > 0, "the device never called back")
        let finished = DispatchSemaphore(value: 0)
        Thread {
            for round in 0..<400 {
                sink.setPaused(round.isMultiple(of: 2))
                usleep(200)
            }
            finished.signal()
        }.start()
        guard finished.wait(timeout: .now() + 20) == .success else {
            // NB: closing (here or in `deinit`) would wait for the stuck callback: keep the sink.
            _ = Unmanaged.passRetained(sink)
            Issue.record("setPaused and the device callback deadlocked")
            return
        }
        sink.close()
    }
}
