/// Where session threads drop their events for the main actor, and how they wake it.
///
/// With a host wake handler installed the host pumps; without one, `selfPump` schedules a pump on
/// the main actor (at most one pending at a time).
final class EventInbox: Sendable {
    private struct State {
        var events: [(session: Int, event: SessionEvent)] = []
        var wakeHandler: (@Sendable () -> Void)?
        var pumpScheduled = false
    }

    private let state = Locked(State())
    private let selfPump: @Sendable () -> Void

    init(selfPump: @escaping @Sendable () -> Void) {
        self.selfPump = selfPump
    }

    /// Queues `event` from session `session` and wakes whoever pumps.
    func post(_ event: SessionEvent, from session: Int) {
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            state.events.append((session, event))
            if let handler = state.wakeHandler { return handler }
            guard !state.pumpScheduled else { return nil }
            state.pumpScheduled = true
            return selfPump
        }
        wake?()
    }

    /// Takes every queued event, oldest first.
    func drain() -> [(session: Int, event: SessionEvent)] {
        state.withLock { state in
            state.pumpScheduled = false
            defer { state.events.removeAll() }
            return state.events
        }
    }

    /// The host's wake handler; `nil` makes the player pump itself.
    var wakeHandler: (@Sendable () -> Void)? {
        get { state.withLock { $0.wakeHandler } }
        set { state.withLock { $0.wakeHandler = newValue } }
    }

    /// Wakes the pumper without an event (a timer fired, a command changed what is due).
    func wake() {
        let wake: (@Sendable () -> Void)? = state.withLock { state in
            if let handler = state.wakeHandler { return handler }
            guard !state.pumpScheduled else { return nil }
            state.pumpScheduled = true
            return selfPump
        }
        wake?()
    }
}
