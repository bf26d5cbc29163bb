extension Context {
    /// Replaces one dependency of this context with the value `factory` returns:
    /// `context.withDependency(\.numberClient) { NumberClient { 10 } }`.
    ///
    /// Services read dependencies through their context on every access, so the override is seen
    /// by services created before it as well. Other contexts keep theirs. `keyPath` may name a
    /// property declared with a ``DependencyKey`` or a read-only property (see ``DependencyValues``).
    @discardableResult
    public func withDependency<Value>(
        _ keyPath: KeyPath<DependencyValues, Value>, factory: () -> Value
    ) -> Context {
        withDependency(keyPath, factory())
    }

    /// Replaces one dependency of this context with `value`.
    @discardableResult
    public func withDependency<Value>(
        _ keyPath: KeyPath<DependencyValues, Value>, _ value: Value
    ) -> Context {
        dependencies.replace(keyPath, with: value)
        return self
    }

    /// The current value of one dependency, as services and widgets see it.
    public func dependency<Value>(_ keyPath: KeyPath<DependencyValues, Value>) -> Value {
        dependencies.value(at: keyPath)
    }
}
