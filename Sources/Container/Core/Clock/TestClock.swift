import VideoPlayerRender

/// A clock that only moves when told to: ``advance(by:)`` fires due timers synchronously, in order.
///
/// ```swift
/// let clock = TestClock()
/// let context = Context(mode: .test).withDependency(\.clock, clock)
/// clock.advance(by: 5)   // the control overlay's auto-hide timer has fired
/// ```
public final class TestClock: TimerClock {
    private let time: Locked<Double>
    private let queue = TimerQueue()

    /// A clock standing at `now` seconds.
    public init(now: Double = 0) {
        time = Locked(now)
    }

    public var now: Double { time.withLock { $0 } }

    public var nextDeadline: Double? { queue.nextDeadline }

    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping @MainActor @Sendable () -> Void)
        -> TimerToken
    {
        queue.schedule(after: delay, from: now, action)
    }

    @MainActor
    public func runDueTimers() {
        queue.runDue(at: now)
    }

    /// Moves time forward by `seconds`, stopping at each due timer's deadline to fire it.
    @MainActor
    public func advance(by seconds: Double) {
        let target = now + max(0, seconds)
        while let due = queue.popDue(at: target) {
            time.withLock { $0 = max($0, due.deadline) }
            due.action()
        }
        time.withLock { $0 = target }
    }
}
