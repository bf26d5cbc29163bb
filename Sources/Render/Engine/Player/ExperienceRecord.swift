import Synchronization

/// What the viewer of the current item went through: how long it took to start, the stalls, the
/// bytes fetched and the rendition switches. The player keeps it up to date; a reopen of the same
/// item (a retry, another audio track) goes on with it.
struct ExperienceRecord {
    /// `MediaPlayer.now` when the item was loaded.
    var loadedAt: Double
    var startupSeconds: Double?
    var stallCount = 0
    /// Seconds of the stalls that ended.
    var endedStallSeconds = 0.0
    /// When the stall going on began.
    var stalledSince: Double?
    var renditionSwitches = 0
    /// Bytes the item's earlier sessions fetched (each reopen starts a session of its own).
    var earlierBytes = 0

    /// Counts a stall when playback stops to wait for data, and its length when it ends.
    mutating func statusChanged(from old: PlayerStatus, to new: PlayerStatus, at now: Double) {
        if old == .playing, new == .buffering {
            stallCount += 1
            stalledSince = now
        } else if old == .buffering, let since = stalledSince {
            endedStallSeconds += now - since
            stalledSince = nil
        }
    }

    /// Records the first picture shown (or the item opened, for sound alone) at `now`.
    mutating func started(at now: Double) {
        if startupSeconds == nil { startupSeconds = max(0, now - loadedAt) }
    }

    /// Seconds stalled in all at `now`, the stall going on included.
    func stallSeconds(at now: Double) -> Double {
        endedStallSeconds + (stalledSince.map { now - $0 } ?? 0)
    }
}

/// Bytes a session's connections read: the network watch adds each connection's count when it
/// closes, the demux thread sets the count of the connection the container was opened with (open
/// until the end) as it reads, and the player reads the total from the main actor.
final class ByteCounter: Sendable {
    private let closed = Atomic<Int>(0)
    private let main = Atomic<Int>(0)

    /// Adds the bytes of a connection that closed.
    func add(_ bytes: Int) {
        guard bytes > 0 else { return }
        closed.add(bytes, ordering: .relaxed)
    }

    /// Sets the bytes read so far on the container's own connection.
    func setMain(_ bytes: Int) {
        main.store(max(0, bytes), ordering: .relaxed)
    }

    var value: Int { closed.load(ordering: .relaxed) + main.load(ordering: .relaxed) }
}
