/// Values kept by key up to a capacity, counted by each value's cost (one each, unless told);
/// the least recently used goes first. A value that costs more than the whole capacity is not
/// kept.
struct RecentlyUsed<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private let cost: @Sendable (Value) -> Int
    private var entries: [Key: Value] = [:]
    private var recency: [Key] = []
    private var spent = 0

    init(capacity: Int, cost: @escaping @Sendable (Value) -> Int = { _ in 1 }) {
        self.capacity = max(1, capacity)
        self.cost = cost
    }

    /// The value kept for `key`, marked as used.
    mutating func value(for key: Key) -> Value? {
        guard let hit = entries[key] else { return nil }
        touch(key)
        return hit
    }

    /// Keeps `value` for `key`, giving up the least recently used ones until it fits.
    mutating func insert(_ value: Value, for key: Key) {
        remove(key)
        let needed = cost(value)
        guard needed <= capacity else { return }
        while spent + needed > capacity, let oldest = recency.first { remove(oldest) }
        entries[key] = value
        recency.append(key)
        spent += needed
    }

    private mutating func remove(_ key: Key) {
        guard let value = entries.removeValue(forKey: key) else { return }
        recency.removeAll { $0 == key }
        spent -= cost(value)
    }

    private mutating func touch(_ key: Key) {
        recency.removeAll { $0 == key }
        recency.append(key)
    }
}
