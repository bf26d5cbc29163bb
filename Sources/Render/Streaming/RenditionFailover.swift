import Logging

/// Another rendition of a ladder takes over when the segments of the one playing cannot be fetched
/// (an HTTP error, a refused or lost connection), instead of the item failing there.
///
/// The network watch asks ``fetchFailed(_:)`` about each segment that failed, and each live
/// playlist that failed to reload. While a rendition that can follow in the same decoders has not
/// failed yet, the one playing is marked failed and a failover is pending: the watch refuses every
/// segment until the demuxer returns, so it skips what is left of the failed rendition at once
/// instead of asking for each segment in turn, and the demux thread then chooses another rendition
/// (``RenditionChangeReason/failover``), which libavformat's HLS demuxer starts at the segment of
/// the position.
final class RenditionFailover: Sendable {
    struct Ladder: Sendable {
        /// The rendition being fetched.
        var playing: Rendition.ID
        /// The renditions that can follow it in the same decoders, itself included.
        var alternatives: [Rendition.ID]
    }

    private struct State {
        var failed: Set<Rendition.ID> = []
        var joining: Rendition.ID?
        var pending = false
        var ladder: (@Sendable () -> Ladder?)?
        var report: (@Sendable (PlayerError) -> Void)?
    }

    private let state = Locked(State())

    /// Lets failures of segments fail over: `ladder` says what plays, `report` tells the app of
    /// each failure that did not end the item.
    func arm(
        ladder: @escaping @Sendable () -> Ladder?, report: @escaping @Sendable (PlayerError) -> Void
    ) {
        state.withLock {
            $0.ladder = ladder
            $0.report = report
        }
    }

    /// Whether playback goes on without the segment (or the live playlist, reloaded) that failed
    /// with `error`: `false` until armed, and when no other rendition is left (the failure then
    /// ends the data, as without a ladder).
    func fetchFailed(_ error: PlayerError) -> Bool {
        let (handled, report) = state.withLock { state -> (Bool, (@Sendable (PlayerError) -> Void)?) in
            if state.pending { return (true, nil) }
            guard let ladder = state.ladder?() else { return (false, nil) }
            // NB: during a switch the segments fetched are the joining rendition's.
            let failed = state.failed.union([state.joining ?? ladder.playing])
            guard ladder.alternatives.contains(where: { !failed.contains($0) }) else { return (false, nil) }
            state.failed = failed
            state.pending = true
            return (true, state.report)
        }
        if handled { Logger.network.warning("failing over to another rendition after: \(error)") }
        report?(error)
        return handled
    }

    /// Says which rendition a switch is joining (its segments are the ones fetched), `nil` once it
    /// joined or was called off.
    func setJoining(_ rendition: Rendition.ID?) { state.withLock { $0.joining = rendition } }

    /// Whether a failover waits for the demux thread: segments are refused meanwhile.
    var isPending: Bool { state.withLock { $0.pending } }

    /// Ends the pending failover, if any, and says whether there was one.
    func takePending() -> Bool {
        state.withLock { state in
            defer { state.pending = false }
            return state.pending
        }
    }

    /// The renditions whose segments failed.
    var failed: Set<Rendition.ID> { state.withLock { $0.failed } }
}
