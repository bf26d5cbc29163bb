import CFFmpeg
import Foundation
import Synchronization

/// What FFmpeg's blocking I/O polls to know it must give up: the player closed, or a deadline passed.
final class InterruptGuard: Sendable {
    private let aborted = Atomic<Bool>(false)
    private let deadlineNanoseconds = Atomic<UInt64>(0)

    /// Makes every pending and future read return at once.
    func abort() { aborted.store(true, ordering: .sequentiallyConsistent) }

    /// Whether `abort()` was called.
    var isAborted: Bool { aborted.load(ordering: .sequentiallyConsistent) }

    /// Interrupts blocking I/O that is still running `seconds` from now; `nil` clears the deadline.
    func setDeadline(after seconds: Double?) {
        let value = seconds.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) } ?? 0
        deadlineNanoseconds.store(value, ordering: .sequentiallyConsistent)
    }

    fileprivate var shouldInterrupt: Bool {
        if isAborted { return true }
        let deadline = deadlineNanoseconds.load(ordering: .sequentiallyConsistent)
        return deadline != 0 && DispatchTime.now().uptimeNanoseconds > deadline
    }

    /// The C callback FFmpeg calls; `opaque` is an unretained `InterruptGuard` kept alive by its owner.
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(
            callback: { opaque in
                guard let opaque else { return 0 }
                return Unmanaged<InterruptGuard>.fromOpaque(opaque).takeUnretainedValue().shouldInterrupt
                    ? 1 : 0
            },
            opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}
