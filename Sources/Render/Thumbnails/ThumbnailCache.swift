/// The thumbnails made so far, keyed by their keyframe's timestamp; the least recently used goes first.
///
/// > Important: used by the generator's thread only.
struct ThumbnailCache {
    let capacity: Int
    private var entries: [Int64: Thumbnail] = [:]
    private var recency: [Int64] = []

    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The thumbnail of the keyframe at `timestamp`, marked as used.
    mutating func value(for timestamp: Int64) -> Thumbnail? {
        guard let hit = entries[timestamp] else { return nil }
        touch(timestamp)
        return hit
    }

    /// Keeps `thumbnail`, evicting the least recently used one when full.
    mutating func insert(_ thumbnail: Thumbnail, for timestamp: Int64) {
        if entries[timestamp] == nil, entries.count >= capacity, let oldest = recency.first {
            recency.removeFirst()
            entries[oldest] = nil
        }
        entries[timestamp] = thumbnail
        touch(timestamp)
    }

    private mutating func touch(_ timestamp: Int64) {
        recency.removeAll { $0 == timestamp }
        recency.append(timestamp)
    }
}
