import VideoPlayerRender

/// The dependencies of one context, reached by key type or by the computed properties declared in extensions.
public struct DependencyValues: Sendable {
    /// Whether keys without an override resolve to their live or test values.
    public let mode: Context.Mode
    private var overrides: [ObjectIdentifier: any Sendable] = [:]
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
            if let value = overrides[ObjectIdentifier(key)] as? Key.Value { return value }
            return defaults.value(for: key, mode: mode)
        }
        set {
            overrides[ObjectIdentifier(key)] = newValue
        }
    }
}

/// Default values resolved so far; shared by copies of the same `DependencyValues`.
private final class DefaultValueCache: Sendable {
    private let values = Locked<[ObjectIdentifier: any Sendable]>([:])

    func value<Key: DependencyKey>(for key: Key.Type, mode: Context.Mode) -> Key.Value {
        if DependencyValues.isOverriding {
            // NB: writing through a key path reads the computed property first; that read is not a
            // use of the default, so it neither reports nor caches.
            return mode == .test
                ? DependencyIssue.$reporter.withValue({ _ in }) { Key.testValue } : Key.liveValue
        }
        if let cached = values.withLock({ $0[ObjectIdentifier(key)] }) as? Key.Value { return cached }
        // NB: resolved outside the lock: a default may itself report an issue or read other keys.
        let resolved = mode == .test ? Key.testValue : Key.liveValue
        return values.withLock { cache in
            if let raced = cache[ObjectIdentifier(key)] as? Key.Value { return raced }
            cache[ObjectIdentifier(key)] = resolved
            return resolved
        }
    }
}
