/// Handlers registered with one object, called in the order they were added: the one observer
/// list of the engine and of the container's services.
///
/// A handler may add or remove handlers while it is called: one added then is called from the
/// next call on, one removed then is not called again, not even later in the same call.
@MainActor
package final class HandlerList<Argument, Result> {
    private var entries: [(id: Int, call: @MainActor (Argument) -> Result)] = []
    private var nextID = 0
    /// Counts removals, so that a call sees whether handlers went while it ran.
    private var removals = 0

    package init() {}

    /// Whether no handler is registered.
    package var isEmpty: Bool { entries.isEmpty }

    /// Adds `handler` after the others; the id it returns is what ``remove(_:)`` takes.
    @discardableResult
    package func add(_ handler: @escaping @MainActor (Argument) -> Result) -> Int {
        nextID += 1
        entries.append((nextID, handler))
        return nextID
    }

    /// Removes the handler that ``add(_:)`` gave `id`; nothing when it is gone already.
    package func remove(_ id: Int) {
        removals += 1
        entries.removeAll { $0.id == id }
    }

    /// Removes every handler.
    package func removeAll() {
        removals += 1
        entries.removeAll()
    }

    /// Calls every handler with `argument`, in order.
    package func callAsFunction(_ argument: Argument) {
        _ = results(of: argument)
    }

    /// Calls every handler with `argument`, in order, and returns what each returned.
    package func results(of argument: Argument) -> [Result] {
        let called = entries
        let removalsBefore = removals
        var results: [Result] = []
        results.reserveCapacity(called.count)
        for entry in called {
            if removals != removalsBefore, !entries.contains(where: { $0.id == entry.id }) { continue }
            results.append(entry.call(argument))
        }
        return results
    }
}

/// Handlers of an event that return nothing.
package typealias Observers<Event> = HandlerList<Event, Void>
