/// Reads one dependency of the enclosing service's context: `@Dependency(\.clock) var clock`.
///
/// Every access goes to the context, so `context.withDependency(\.clock, TestClock())` is seen by
/// services created before the override too.
///
/// > Important: Only valid on properties of a `Service` subclass. A service whose context is gone
/// > gets the default value for the current process mode.
@MainActor
@propertyWrapper
public struct Dependency<Value> {
    let keyPath: KeyPath<DependencyValues, Value>

    /// Reads the dependency at `keyPath` of `DependencyValues`.
    public init(_ keyPath: KeyPath<DependencyValues, Value>) {
        self.keyPath = keyPath
    }

    /// Unavailable: the value is reached through the enclosing service.
    @available(*, unavailable, message: "@Dependency is only available on properties of a Service")
    public var wrappedValue: Value {
        preconditionFailure("@Dependency is only available on properties of a Service")
    }

    /// Reads the dependency from the enclosing service's context.
    public static subscript<Owner: Service>(
        _enclosingInstance owner: Owner,
        wrapped wrappedKeyPath: KeyPath<Owner, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<Owner, Dependency<Value>>
    ) -> Value {
        let keyPath = owner[keyPath: storageKeyPath].keyPath
        guard let context = owner.context else {
            return DependencyValues(mode: .automatic).value(at: keyPath)
        }
        return context.dependencies.value(at: keyPath)
    }
}
