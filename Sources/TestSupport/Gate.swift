import Foundation

/// A point a worker thread waits at until the test lets it through: holds back work done in the
/// background (a sample being encoded, a download) so a test sees the state before it ends.
///
/// ```swift
/// let gate = Gate()
/// Thread.detachNewThread { gate.pass(); work() }
/// // ... check what shows while the work waits ...
/// gate.open()
/// ```
public final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// A closed gate.
    public init() {}

    /// Lets one waiting (or the next) worker through.
    public func open() { semaphore.signal() }

    /// Waits until the gate is opened.
    public func pass() { semaphore.wait() }
}
