/// The reads one widget body made, and what to do when any of them changes.
@MainActor
final class StateSubscription {
    private var cells: [ObjectIdentifier: StateCellBase] = [:]
    private let onChange: @MainActor () -> Void

    init(onChange: @escaping @MainActor () -> Void) {
        self.onChange = onChange
    }

    func record(_ cell: StateCellBase) {
        let key = ObjectIdentifier(cell)
        guard cells[key] == nil else { return }
        cells[key] = cell
        cell.add(self)
    }

    /// Forgets every recorded read; called before a body is evaluated again and when a widget goes away.
    func cancel() {
        for cell in cells.values { cell.remove(self) }
        cells.removeAll(keepingCapacity: true)
    }

    func stateDidChange() {
        onChange()
    }
}

/// The stack of tracking scopes: a body evaluation pushes its subscription, nested evaluations push theirs.
@MainActor
enum StateTracking {
    private static var scopes: [StateSubscription] = []

    static func recordRead(of cell: StateCellBase) {
        scopes.last?.record(cell)
    }

    /// Runs `body`, recording every `@ViewState` it reads into `subscription` (after clearing its old reads).
    static func track<Result>(_ subscription: StateSubscription, _ body: () -> Result) -> Result {
        subscription.cancel()
        scopes.append(subscription)
        defer { scopes.removeLast() }
        return body()
    }

    /// Runs `body`, adding the `@ViewState` it reads to the reads `subscription` already holds (a
    /// lazy stack building rows of its widget's body after the body was evaluated).
    static func adding<Result>(to subscription: StateSubscription, _ body: () -> Result) -> Result {
        scopes.append(subscription)
        defer { scopes.removeLast() }
        return body()
    }
}
