import VideoPlayerRender

/// The dependencies of one context, reached by key type or by the computed properties declared in extensions.
///
/// A dependency is declared in one of two styles. With a key (swift-dependencies' style), a
/// ``DependencyKey`` gives its live and test values and a settable property reads and writes it.
/// As the SwiftUI original declares them, a read-only computed property gives the value itself,
/// used in apps and tests alike until a context replaces it:
///
/// ```swift
/// struct NumberClient {
///     var fetch: () -> Int
/// }
///
/// extension DependencyValues {
///     var numberClient: NumberClient { NumberClient { 42 } }
/// }
///
/// context.withDependency(\.numberClient) { NumberClient { 10 } }
/// ```
///
/// A read-only property is read once per context and its value kept, as a key's default is.
public struct DependencyValues: Sendable {
    /// Whether keys without an override resolve to their live or test values.
    public let mode: Context.Mode
    /// Values replacing keys' defaults, and read-only properties.
    // NB: one dictionary for both. With the build's Swift (6.3.1), adding a fourth stored property
    // to this struct made every read through a key path (`swift_getAtKeyPath`) reach a broken
    // `defaults` and crash; keep the struct at these three.
    private var overrides: [OverrideKey: any Sendable] = [:]
    private let defaults = DefaultValueCache()

    /// Empty values: every key resolves to its default for `mode`.
    public init(mode: Context.Mode) {
        self.mode = mode
    }

    /// Set while an override is written, see `DefaultValueCache`.
    @TaskLocal static var isOverriding = false

    /// The override for `key`, or its default for this mode (resolved once, then cached).
    public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
        get {
            // NB: every look-up here casts inside `flatMap`: for an optional `Value`, a missing
            // entry cast `as? Value` would succeed as `nil` and hide the default.
            if let value = overrides[.key(ObjectIdentifier(key))].flatMap({ $0 as? Key.Value }) {
                return value
            }
            return defaults.value(for: key, mode: mode)
        }
        set {
            overrides[.key(ObjectIdentifier(key))] = newValue
        }
    }

    /// The dependency at `keyPath`: what replaced it in this context, else the property's own value
    /// (a key's override or default, or a read-only property's value, read once and kept).
    public func value<Value>(at keyPath: KeyPath<DependencyValues, Value>) -> Value {
        // NB: a settable property is replaced through its setter, never by key path, so the
        // common read (the clock, on every state change) hashes no key path.
        if keyPath is WritableKeyPath<DependencyValues, Value> { return self[keyPath: keyPath] }
        if let replaced = (overrides[.property(PropertyKey(keyPath))] as? UncheckedDependency)
            .flatMap({ $0.value as? Value })
        {
            return replaced
        }
        return defaults.value(of: keyPath, in: self)
    }

    /// Replaces the dependency at `keyPath`: through its setter when it has one (a key's
    /// override), else for the read-only property.
    mutating func replace<Value>(_ keyPath: KeyPath<DependencyValues, Value>, with value: Value) {
        if let writable = keyPath as? WritableKeyPath<DependencyValues, Value> {
            Self.$isOverriding.withValue(true) { self[keyPath: writable] = value }
        } else {
            overrides[.property(PropertyKey(keyPath))] = UncheckedDependency(value: value)
        }
    }
}

/// What an override replaces: a key's value, or a read-only property.
private enum OverrideKey: Hashable, Sendable {
    case key(ObjectIdentifier)
    case property(PropertyKey)
}

/// The key path of a read-only dependency property, as a dictionary key.
///
/// NB: `@unchecked`: a key path is immutable once made; the standard library does not mark
/// `AnyKeyPath` `Sendable` yet.
private struct PropertyKey: Hashable, @unchecked Sendable {
    let keyPath: AnyKeyPath

    init(_ keyPath: AnyKeyPath) {
        self.keyPath = keyPath
    }
}

/// A dependency declared as a read-only property, whose type need not be `Sendable` (the SwiftUI
/// original's clients are structs of plain closures).
///
/// NB: `@unchecked`: dependency values are set and read on the main actor, where contexts live;
/// the struct is `Sendable` only so that `DependencyValues`, which holds it, stays `Sendable`.
private struct UncheckedDependency: @unchecked Sendable {
    let value: Any
}

/// Default values resolved so far; shared by copies of the same `DependencyValues`.
private final class DefaultValueCache: Sendable {
    private let values = Locked<[ObjectIdentifier: any Sendable]>([:])
    private let properties = Locked<[PropertyKey: UncheckedDependency]>([:])

    /// The value of the read-only property at `keyPath`, read at the first request.
    func value<Value>(of keyPath: KeyPath<DependencyValues, Value>, in values: DependencyValues) -> Value {
        if let cached = properties.withLock({ $0[PropertyKey(keyPath)] }).flatMap({ $0.value as? Value }) {
            return cached
        }
        // NB: read outside the lock: the property may read other dependencies.
        let resolved = values[keyPath: keyPath]
        return properties.withLock { cache in
            if let raced = cache[PropertyKey(keyPath)].flatMap({ $0.value as? Value }) { return raced }
            cache[PropertyKey(keyPath)] = UncheckedDependency(value: resolved)
            return resolved
        }
    }

    func value<Key: DependencyKey>(for key: Key.Type, mode: Context.Mode) -> Key.Value {
        if DependencyValues.isOverriding {
            // NB: writing through a key path reads the computed property first; that read is not a
            // use of the default, so it neither reports nor caches.
            return mode == .test
                ? DependencyIssue.$reporter.withValue({ _ in }) { Key.testValue } : Key.liveValue
        }
        if let cached = values.withLock({ $0[ObjectIdentifier(key)] }).flatMap({ $0 as? Key.Value }) {
            return cached
        }
        // NB: resolved outside the lock: a default may itself report an issue or read other keys.
        let resolved = mode == .test ? Key.testValue : Key.liveValue
        return values.withLock { cache in
            if let raced = cache[ObjectIdentifier(key)].flatMap({ $0 as? Key.Value }) { return raced }
            cache[ObjectIdentifier(key)] = resolved
            return resolved
        }
    }
}
