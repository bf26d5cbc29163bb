/// State of a ``Service`` that widgets draw from: a change redraws exactly the widgets that read it.
///
/// ```swift
/// final class PlaybackService: Service {
///     @ViewState var isPlaying = false
/// }
/// ```
/// Writing an `Equatable` value that equals the current one changes nothing; any other write counts
/// as a change. `$isPlaying` is a ``ViewStateReference`` another service can mirror with ``StateSync``.
///
/// > Important: Only valid on properties of a `Service` subclass, on the main actor.
@MainActor
@propertyWrapper
public struct ViewState<Value> {
    let cell: StateCell<Value>

    /// Creates the state with its initial value.
    public init(wrappedValue: Value) {
        cell = StateCell(wrappedValue)
    }

    /// Unavailable: the value is reached through the enclosing service.
    @available(*, unavailable, message: "@ViewState is only available on properties of a Service")
    public var wrappedValue: Value {
        get { preconditionFailure("@ViewState is only available on properties of a Service") }
        set { preconditionFailure("@ViewState is only available on properties of a Service") }
    }

    /// A reference to this state, for ``StateSync`` in another service.
    public var projectedValue: ViewStateReference<Value> {
        ViewStateReference(cell: cell)
    }

    /// Reads and writes through the enclosing service, recording reads and notifying readers.
    public static subscript<Owner: Service>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, ViewState<Value>>
    ) -> Value {
        get { owner[keyPath: storageKeyPath].cell(adoptedBy: owner).value }
        set { owner[keyPath: storageKeyPath].cell(adoptedBy: owner).value = newValue }
    }

    private func cell(adoptedBy owner: Service) -> StateCell<Value> {
        if !cell.isAdopted {
            cell.isAdopted = true
            owner.adopt(cell)
        }
        return cell
    }
}

/// A handle on one `@ViewState` of a service (its `$name`), read and written with tracking.
@MainActor
public struct ViewStateReference<Value> {
    let cell: StateCell<Value>

    /// The current value; reading it inside a widget body makes the widget depend on it.
    public var value: Value {
        get { cell.value }
        nonmutating set { cell.value = newValue }
    }
}
