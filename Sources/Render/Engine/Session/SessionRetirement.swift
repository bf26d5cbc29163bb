import Foundation

/// Where a player's replaced sessions end: stopped at once, then joined, and their audio devices
/// closed, in the background; a newer session opens its device only once those are closed.
///
/// > Important: closing a device waits for its audio thread (tens of milliseconds), so it never
/// > happens on the main actor; and some audio drivers open one device at a time, so a new item's
/// > device must wait for the old one.
final class SessionRetirement: Sendable {
    private let group = DispatchGroup()

    /// Stops `session` now and joins it (closing its audio device) in the background.
    func retire(_ session: PlaybackSession) {
        session.close()
        inBackground("retirement") { session.join() }
    }

    /// Gives back the player's hold on `output` in the background: when it was the last one, the
    /// device closes there, and sessions that open a device wait for it.
    func release(_ output: AudioOutput) {
        inBackground("audio-release") { output.release() }
    }

    /// Blocks until every session retired so far has closed its device, or until `interrupt` is
    /// aborted (the waiting session was retired itself). Off the main actor.
    func waitForClosedDevices(unless interrupt: InterruptGuard) {
        while group.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
            if interrupt.isAborted { return }
        }
    }

    /// Returns once every session retired so far has ended.
    func waitForAll() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // NB: a thread of its own, outside the group it waits for.
            _ = EngineThread(name: "retirement-wait") { [group] in
                group.wait()
                continuation.resume()
            }
        }
    }

    /// Runs `work`, which blocks, on a thread of its own, counted in the group until it returns.
    ///
    /// NB: not on a global dispatch queue: on Linux, once its workers block, libdispatch adds one
    /// a second, so joins queued behind each other when items changed quickly, and every new
    /// device waited for them.
    private func inBackground(_ name: String, _ work: @escaping @Sendable () -> Void) {
        group.enter()
        _ = EngineThread(name: name) { [group] in
            work()
            group.leave()
        }
    }
}
