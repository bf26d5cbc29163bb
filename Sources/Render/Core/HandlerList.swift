/// Handlers registered with one object, each under a key, called in the order they were added: the
/// one observer list of the engine and of the container's services.
///
/// The key tells what a handler asked for (the gesture service keeps the kind of gesture each
/// observer wants), so a call can pass over the handlers whose key does not match and the owner can
/// ask what is observed; most lists need no key (``HandlerList``).
///
/// A handler may add or remove handlers while it is called: one added then is called from the
/// next call on, one removed then is not called again, not even later in the same call.
@MainActor
package final class KeyedHandlerList<Key, Argument, Result> {
    private var entries: [(id: Int, key: Key, call: @MainActor (Argument) -> Result)] = []
    private var nextID = 0
    /// Counts removals, so that a call sees whether handlers went while it ran.
    private var removals = 0

    package init() {}

    /// Whether no handler is registered.
    package var isEmpty: Bool { entries.isEmpty }

    /// The keys of the handlers registered, in order.
    package var keys: [Key] { entries.map(\.key) }

    /// Adds `handler` under `key` after the others; the id it returns is what ``remove(_:)`` takes.
    @discardableResult
    package func add(key: Key, _ handler: @escaping @MainActor (Argument) -> Result) -> Int {
        nextID += 1
        entries.append((nextID, key, handler))
        return nextID
    }

    /// Removes the handler that ``add(key:_:)`` gave `id`; nothing when it is gone already.
    package func remove(_ id: Int) {
        removals += 1
        entries.removeAll { $0.id == id }
    }

    /// Removes every handler.
    package func removeAll() {
        removals += 1
        entries.removeAll()
    }

    /// Calls every handler whose key `matches` accepts with `argument`, in order.
    package func callAsFunction(_ argument: Argument, where matches: (Key) -> Bool = { _ in true }) {
        _ = results(of: argument, where: matches)
    }

    /// Calls every handler whose key `matches` accepts with `argument`, in order, and returns what
    /// each returned.
    package func results(of argument: Argument, where matches: (Key) -> Bool = { _ in true }) -> [Result] {
        let called = entries
        let removalsBefore = removals
        var results: [Result] = []
        results.reserveCapacity(called.count)
        for entry in called where matches(entry.key) {
            if removals != removalsBefore, !entries.contains(where: { $0.id == entry.id }) { continue }
            results.append(entry.call(argument))
        }
        return results
    }
}

extension KeyedHandlerList where Key == Void {
    /// Adds `handler` after the others; the id it returns is what ``remove(_:)`` takes.
    @discardableResult
    package func add(_ handler: @escaping @MainActor (Argument) -> Result) -> Int {
        add(key: (), handler)
    }
}

/// Handlers with no key.
package typealias HandlerList<Argument, Result> = KeyedHandlerList<Void, Argument, Result>

/// Handlers of an event that return nothing.
package typealias Observers<Event> = HandlerList<Event, Void>
