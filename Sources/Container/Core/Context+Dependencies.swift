extension Context {
    /// Replaces one dependency of this context with the value `makeValue` returns.
    ///
    /// Services read dependencies through their context on every access, so the override is seen
    /// by services created before it as well.
    @discardableResult
    public func withDependency<Value>(
        _ keyPath: WritableKeyPath<DependencyValues, Value>, _ makeValue: () -> Value
    ) -> Context {
        withDependency(keyPath, makeValue())
    }

    /// Replaces one dependency of this context with `value`.
    @discardableResult
    public func withDependency<Value>(
        _ keyPath: WritableKeyPath<DependencyValues, Value>, _ value: Value
    ) -> Context {
        DependencyValues.$isOverriding.withValue(true) { dependencies[keyPath: keyPath] = value }
        return self
    }

    /// The current value of one dependency, as services and widgets see it.
    public func dependency<Value>(_ keyPath: KeyPath<DependencyValues, Value>) -> Value {
        dependencies[keyPath: keyPath]
    }
}
