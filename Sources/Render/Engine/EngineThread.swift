import Foundation
import Synchronization

/// A named worker thread that can be joined, and a process-wide count of the live ones.
///
/// > Important: `join()` blocks until the body returns; call it off the main actor.
final class EngineThread: Sendable {
    /// How many engine threads are running now; tests use it to prove that closing joins them.
    static let liveCount = Atomic<Int>(0)

    private let finished = DispatchSemaphore(value: 0)

    init(name: String, body: @escaping @Sendable () -> Void) {
        EngineThread.liveCount.add(1, ordering: .sequentiallyConsistent)
        let finished = finished
        let thread = Thread {
            body()
            EngineThread.liveCount.subtract(1, ordering: .sequentiallyConsistent)
            finished.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Waits for the body to return; safe to call more than once.
    func join() {
        finished.wait()
        finished.signal()
    }
}
