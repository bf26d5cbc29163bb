/// Keeps a handler registered with a player service; `cancel()` unregisters it.
///
/// Dropping the token does not cancel: handlers set up once for the player's life need not keep it.
///
/// > Important: Main actor only, like the services that hand it out.
@MainActor
public final class ObservationToken {
    private var onCancel: (@MainActor () -> Void)?

    init(onCancel: @escaping @MainActor () -> Void) {
        self.onCancel = onCancel
    }

    /// Stops the handler; later calls do nothing.
    public func cancel() {
        onCancel?()
        onCancel = nil
    }
}

/// Handlers of one kind of event, called in the order they were added.
@MainActor
struct HandlerList<Argument> {
    private var handlers: [(id: Int, call: @MainActor (Argument) -> Void)] = []
    private var nextID = 0

    var isEmpty: Bool { handlers.isEmpty }

    /// Adds `handler`; `remove` is given the id to pass back to ``remove(_:)``.
    mutating func add(_ handler: @escaping @MainActor (Argument) -> Void) -> Int {
        nextID += 1
        handlers.append((nextID, handler))
        return nextID
    }

    mutating func remove(_ id: Int) {
        handlers.removeAll { $0.id == id }
    }

    /// Calls every handler with `argument`; a handler added or removed meanwhile takes effect next time.
    func callAsFunction(_ argument: Argument) {
        for handler in handlers { handler.call(argument) }
    }
}
