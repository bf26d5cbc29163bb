/// Mirrors a `@ViewState` of another service of the same context.
///
/// ```swift
/// final class SeekBarService: Service {
///     @StateSync(serviceType: PlaybackService.self, keyPath: \.$isPlaying) var isPlaying
/// }
/// ```
/// Reads go through the context to the other service every time, so a widget reading the mirror
/// redraws when the other service changes; writes change the other service's state.
///
/// > Important: Only valid on properties of a `Service` subclass whose context is alive.
@MainActor
@propertyWrapper
public struct StateSync<Source: Service, Value> {
    let keyPath: KeyPath<Source, ViewStateReference<Value>>

    /// Mirrors the state `keyPath` (a `\.$name` projection) of the service `serviceType`.
    public init(serviceType: Source.Type, keyPath: KeyPath<Source, ViewStateReference<Value>>) {
        self.keyPath = keyPath
    }

    /// Unavailable: the value is reached through the enclosing service.
    @available(*, unavailable, message: "@StateSync is only available on properties of a Service")
    public var wrappedValue: Value {
        get { preconditionFailure("@StateSync is only available on properties of a Service") }
        set { preconditionFailure("@StateSync is only available on properties of a Service") }
    }

    /// Reads and writes the other service's state through the enclosing service's context.
    public static subscript<Owner: Service>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, StateSync<Source, Value>>
    ) -> Value {
        get { owner[keyPath: storageKeyPath].reference(from: owner).value }
        set { owner[keyPath: storageKeyPath].reference(from: owner).value = newValue }
    }

    private func reference(from owner: Service) -> ViewStateReference<Value> {
        guard let context = owner.context else {
            preconditionFailure("@StateSync used on \(type(of: owner)) after its Context was released")
        }
        return context[Source.self][keyPath: keyPath]
    }
}
