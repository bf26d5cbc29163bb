/// The real clock: `now` is monotonic system time; timers fire when the host loop calls ``runDueTimers()``.
public final class LiveClock: TimerClock {
    private let origin = ContinuousClock.now
    private let queue = TimerQueue()

    /// A clock whose origin is the moment it was created.
    public init() {}

    public var now: Double {
        let elapsed = ContinuousClock.now - origin
        let parts = elapsed.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

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
}
