import Foundation
import Synchronization

/// A named worker thread that can be joined, and a process-wide count of the live ones.
///
/// > Important: `join()` blocks until the body returns; call it off the main actor.
package final class EngineThread: Sendable {
    /// How many engine threads are running now, process-wide.
    static let liveCount = Atomic<Int>(0)

    private final class Completion: Sendable {
        let done = Atomic<Bool>(false)
        let signal = DispatchSemaphore(value: 0)
    }

    private let completion = Completion()

    package init(name: String, body: @escaping @Sendable () -> Void) {
        EngineThread.liveCount.add(1, ordering: .sequentiallyConsistent)
        let completion = completion
        let thread = Thread {
            body()
            EngineThread.liveCount.subtract(1, ordering: .sequentiallyConsistent)
            completion.done.store(true, ordering: .sequentiallyConsistent)
            completion.signal.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Whether the body has returned.
    var isFinished: Bool { completion.done.load(ordering: .sequentiallyConsistent) }

    /// Waits for the body to return; safe to call more than once.
    package func join() {
        completion.signal.wait()
        completion.signal.signal()
    }
}
