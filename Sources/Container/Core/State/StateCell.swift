/// The storage of one `@ViewState` of one service: its identity is the (service, property) key
/// that widget dependencies are recorded against.
@MainActor
class StateCellBase {
    private var subscriptions: [ObjectIdentifier: StateSubscription] = [:]
    var isAdopted = false

    func add(_ subscription: StateSubscription) {
        subscriptions[ObjectIdentifier(subscription)] = subscription
    }

    func remove(_ subscription: StateSubscription) {
        subscriptions[ObjectIdentifier(subscription)] = nil
    }

    /// Tells every reader that the value changed; a reader rebuilds (and re-subscribes) later.
    func notifyObservers() {
        guard !subscriptions.isEmpty else { return }
        // NB: copy first: a reader may unsubscribe while being notified.
        let readers = subscriptions.values
        for reader in readers { reader.stateDidChange() }
    }
}

/// A typed cell; reads are recorded by the innermost tracking scope, changed writes notify readers.
@MainActor
final class StateCell<Value>: StateCellBase {
    private var storage: Value

    init(_ value: Value) {
        storage = value
    }

    var value: Value {
        get {
            StateTracking.recordRead(of: self)
            return storage
        }
        set {
            let unchanged = isEqualIfEquatable(storage, newValue)
            storage = newValue
            if !unchanged { notifyObservers() }
        }
    }
}
