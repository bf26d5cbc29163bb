/// A value that a widget reads and writes but does not own: a service's `@ViewState`, usually.
///
/// ```swift
/// TextField("Search", text: search.binding(\.query))
/// TextField("Name", text: Binding(get: { profile.name }, set: { profile.name = $0 }))
/// ```
@MainActor
public struct Binding<Value> {
    private let get: @MainActor () -> Value
    private let set: @MainActor (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding to a value that never changes; writes are dropped.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value now; setting it writes through.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}

/// Objects whose properties widgets can bind to; every `Service` is one.
@MainActor
public protocol BindingSource: AnyObject {}

extension BindingSource {
    /// A binding to the property at `keyPath` (a `@ViewState`, so that widgets reading it follow).
    ///
    /// > Important: The binding holds the object weakly; once it is gone, reads give the value
    /// > last read and writes are dropped.
    public func binding<Value>(_ keyPath: ReferenceWritableKeyPath<Self, Value>) -> Binding<Value> {
        var last = self[keyPath: keyPath]
        return Binding(
            get: { [weak self] in
                if let self { last = self[keyPath: keyPath] }
                return last
            },
            set: { [weak self] in self?[keyPath: keyPath] = $0 })
    }
}

extension Service: BindingSource {}
