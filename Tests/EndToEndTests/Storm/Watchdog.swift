import Foundation
import VideoPlayerRender
import VideoPlayerTestSupport

/// Turns a hang into a failure: a thread that aborts the test process, naming the phase, when the
/// main actor has not called `beat` for `timeout` seconds.
///
/// A deadlocked main actor cannot run a timeout task of its own, so the watch runs on a thread of
/// its own. Awaiting something that never returns (a player whose threads do not end) stops the
/// beats as well. The thread holds the watchdog until `stop()`.
final class Watchdog: Sendable {
    private struct State {
        var lastBeat: Double
        var phase: String
        var stopped = false
    }

    private let state: Locked<State>
    private let timeout: Double

    /// 10 s, or `STORM_WATCHDOG` seconds: a sanitized build runs the engine several times slower.
    static var defaultTimeout: Double {
        ProcessInfo.processInfo.environment["STORM_WATCHDOG"].flatMap(Double.init) ?? 10
    }

    init(timeout: Double, phase: String) {
        self.timeout = timeout
        state = Locked(State(lastBeat: MediaPlayer.now, phase: phase))
        Thread.detachNewThread { [self] in watch() }
    }

    /// Records progress, and the phase a stall would be reported in.
    func beat(_ phase: String? = nil) {
        state.withLock { state in
            state.lastBeat = MediaPlayer.now
            if let phase { state.phase = phase }
        }
    }

    /// Ends the watch.
    func stop() {
        state.withLock { $0.stopped = true }
    }

    private func watch() {
        while true {
            Thread.sleep(forTimeInterval: 0.05)
            let (stopped, stalled, phase) = state.withLock { state in
                (state.stopped, MediaPlayer.now - state.lastBeat > timeout, state.phase)
            }
            if stopped { return }
            guard stalled else { continue }
            FileHandle.standardError.write(
                Data("WATCHDOG: no progress for \(timeout) s while \(phase)\n".utf8))
            abort()
        }
    }
}
