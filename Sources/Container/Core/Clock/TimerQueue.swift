import VideoPlayerRender

/// Pending timers ordered by deadline; the shared engine of every ``TimerClock``.
final class TimerQueue: Sendable {
    typealias Action = @MainActor @Sendable () -> Void

    private struct Entry {
        let id: UInt64
        let deadline: Double
        let action: Action
    }

    private struct State {
        var nextID: UInt64 = 1
        // Sorted by deadline, then by scheduling order: timers due together fire in the order they were set.
        var entries: [Entry] = []
    }

    private let state = Locked(State())

    /// Schedules `action` `delay` seconds (at least zero) after `now`.
    func schedule(after delay: Double, from now: Double, _ action: @escaping Action) -> TimerToken {
        let deadline = now + max(0, delay)
        let id = state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            let index = state.entries.firstIndex { $0.deadline > deadline } ?? state.entries.endIndex
            state.entries.insert(Entry(id: id, deadline: deadline, action: action), at: index)
            return id
        }
        return TimerToken(id: id, queue: self)
    }

    func cancel(_ id: UInt64) {
        state.withLock { $0.entries.removeAll { $0.id == id } }
    }

    var nextDeadline: Double? {
        state.withLock { $0.entries.first?.deadline }
    }

    /// Removes and returns the earliest timer due at `time`, or `nil`.
    func popDue(at time: Double) -> (deadline: Double, action: Action)? {
        state.withLock { state in
            guard let first = state.entries.first, first.deadline <= time else { return nil }
            state.entries.removeFirst()
            return (first.deadline, first.action)
        }
    }

    /// Fires, earliest first, every timer due at `time`, including ones those timers schedule.
    @MainActor
    func runDue(at time: Double) {
        while let due = popDue(at: time) { due.action() }
    }
}
