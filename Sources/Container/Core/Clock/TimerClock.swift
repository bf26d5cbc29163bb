/// A monotonic clock that also runs timers: what timers, auto-hide and animations are driven by.
///
/// The host loop fires due timers with ``runDueTimers()`` and sleeps until ``nextDeadline``;
/// ``TestClock`` fires them synchronously in ``TestClock/advance(by:)``.
///
/// > Important: `now` and scheduling are thread-safe; timer actions always run on the main actor.
public protocol TimerClock: AnyObject, Sendable {
    /// Seconds since an arbitrary origin; never goes backwards.
    var now: Double { get }
    /// The deadline (on ``now``'s scale) of the earliest pending timer.
    var nextDeadline: Double? { get }
    /// Runs `action` once, `delay` seconds from now; the token cancels it.
    @discardableResult
    func schedule(after delay: Double, _ action: @escaping @MainActor @Sendable () -> Void) -> TimerToken
    /// Runs the actions of every timer whose deadline has passed, earliest first.
    @MainActor func runDueTimers()
}

/// Identifies one scheduled timer; `cancel()` stops it if it has not fired yet.
public struct TimerToken: Hashable, Sendable {
    let id: UInt64
    let queue: TimerQueue

    /// Stops the timer; does nothing if it already fired or was cancelled.
    public func cancel() {
        queue.cancel(id)
    }

    public static func == (lhs: TimerToken, rhs: TimerToken) -> Bool {
        lhs.id == rhs.id && lhs.queue === rhs.queue
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

/// The `clock` dependency: ``LiveClock`` when live, a fresh ``TestClock`` at time zero in tests.
public enum ClockKey: DependencyKey {
    public static var liveValue: any TimerClock { LiveClock() }
    public static var testValue: any TimerClock { TestClock() }
}

extension DependencyValues {
    /// The clock that drives timers and animations.
    public var clock: any TimerClock {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
}
