import CFFmpeg
import Foundation
import Synchronization

/// What FFmpeg's blocking I/O polls to know it must give up: the player closed, or a network
/// failure made the item unplayable (a deadline passed: the server stalled).
final class InterruptGuard: Sendable {
    private let aborted = Atomic<Bool>(false)
    private let deadlineNanoseconds = Atomic<UInt64>(0)
    private let recordedFailure = Locked<PlayerError?>(nil)
    /// The guard whose abort or failure interrupts this one too.
    private let parent: InterruptGuard?

    /// A guard of its own; with a `parent`, also aborted when the parent is, and failed with it.
    init(parent: InterruptGuard? = nil) { self.parent = parent }

    /// Makes every pending and future read return at once.
    func abort() { aborted.store(true, ordering: .sequentiallyConsistent) }

    /// Whether `abort()` was called.
    var isAborted: Bool { aborted.load(ordering: .sequentiallyConsistent) || parent?.isAborted == true }

    /// Fails with `.network(.timeout)` when blocking I/O is still running `seconds` from now; `nil`
    /// clears the deadline.
    ///
    /// > Important: only around a network item's open. A missed deadline fails the item for good:
    /// > libavformat keeps the interrupted read's error, so later reads of that context fail too.
    func setDeadline(after seconds: Double?) {
        let value = seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) } ?? 0
        deadlineNanoseconds.store(value, ordering: .sequentiallyConsistent)
    }

    /// Interrupts every pending and future read because `error` makes the item unplayable; the first
    /// one is kept.
    func fail(with error: PlayerError) {
        recordedFailure.withLock { $0 = $0 ?? error }
    }

    /// The failure passed to `fail(with:)`, or to the parent's, if any.
    var failure: PlayerError? { recordedFailure.withLock { $0 } ?? parent?.failure }

    /// Whether FFmpeg's blocking I/O must give up now.
    var interrupts: Bool {
        if isAborted || failure != nil { return true }
        let deadline = deadlineNanoseconds.load(ordering: .sequentiallyConsistent)
        guard deadline != 0 && DispatchTime.now().uptimeNanoseconds > deadline else { return false }
        fail(with: .network(.timeout))
        return true
    }

    /// The C callback FFmpeg calls; `opaque` is an unretained `InterruptGuard` kept alive by its owner.
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(
            callback: { opaque in
                guard let opaque else { return 0 }
                return Unmanaged<InterruptGuard>.fromOpaque(opaque).takeUnretainedValue().interrupts
                    ? 1 : 0
            },
            opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}
