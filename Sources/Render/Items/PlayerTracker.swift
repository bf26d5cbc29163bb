/// Something an app attaches to an item to hear what happens to it while it plays, with its
/// metadata: the adapter to an analytics or audience-measurement service, in the manner of
/// Pillarbox's trackers.
///
/// ```swift
/// @MainActor final class Analytics: PlayerTracker {
///     func track(_ event: TrackerEvent, _ report: TrackerReport) {
///         print(report.item.title ?? "", event, report.position)
///     }
/// }
/// let episode = MediaItem(path: "episode.mp4", title: "Episode 1")
/// player.setTrackers([Analytics()], for: episode.id)
/// player.load(episode, autoplay: true)
/// ```
///
/// A player keeps the trackers attached to an item while the item is in its queue (or until it
/// is loaded, for trackers attached beforehand) and lets them go once it has left. Events come on
/// the main actor, in order, before the player's observers hear the event behind them, each with
/// the item as the queue now holds it.
@MainActor
public protocol PlayerTracker: AnyObject, Sendable {
    /// Hears `event` about the item the tracker is attached to; `report` says how playback of it
    /// stands.
    func track(_ event: TrackerEvent, _ report: TrackerReport)
}

/// What a ``PlayerTracker`` hears about its item.
public enum TrackerEvent: Equatable, Sendable {
    /// The item became the current one; it opens now.
    case started
    /// The player's status changed while the item was current.
    case statusChanged(PlayerStatus)
    /// A seek in the item finished at this position (seconds).
    case seeked(to: Double)
    /// A looping item went on from its start.
    case looped
    /// Something failed while the item was current (fatal ones also change the status).
    case error(PlayerError)
    /// The item stopped being the current one, for this reason; the report's position is where it
    /// stopped. Nothing more is heard of it until it starts again.
    case stopped(TrackerStopReason)
}

/// Why an item stopped being the current one.
public enum TrackerStopReason: String, Equatable, Sendable {
    /// It played to its end.
    case ended
    /// Another item of the queue was chosen (next, previous, a pick in a list).
    case skipped
    /// It was taken out of the queue, or the queue was replaced or emptied.
    case removed
    /// The player closed.
    case closed
}

/// How playback of a tracked item stands when its tracker hears an event.
public struct TrackerReport: Sendable {
    /// The item, as the queue holds it now (its title, subtitle and artwork).
    public var item: MediaItem
    /// Where playback of it stands (seconds); for `.stopped`, where it stopped.
    public var position: Double
    /// Its duration, once known.
    public var duration: Double?
    /// Its file's own tags, once it opened.
    public var metadata: MediaMetadata
    /// What the app told about it beyond its fields (its description and chapters), as the
    /// player's ``MediaPlayer/trackerDetails`` gives them: through a render service, what its
    /// loader returned or `setDetails(_:for:)` gave.
    public var details: MediaDetails?

    /// A report of `item` at `position`.
    public init(
        item: MediaItem, position: Double, duration: Double? = nil, metadata: MediaMetadata = MediaMetadata(),
        details: MediaDetails? = nil
    ) {
        self.item = item
        self.position = position
        self.duration = duration
        self.metadata = metadata
        self.details = details
    }
}

/// Hands an engine's events to the trackers of the item they concern; each engine keeps one and
/// gives it every event before its observers hear it.
@MainActor
package final class TrackerRelay {
    /// What the engine holds when an event is sent.
    package struct State {
        package var items: [MediaItem]
        package var currentIndex: Int?
        package var position: Double
        package var duration: Double?
        package var metadata: MediaMetadata

        package init(
            items: [MediaItem], currentIndex: Int?, position: Double, duration: Double?,
            metadata: MediaMetadata
        ) {
            self.items = items
            self.currentIndex = currentIndex
            self.position = position
            self.duration = duration
            self.metadata = metadata
        }
    }

    /// The trackers attached to each item.
    private var attached: [MediaItem.ID: [any PlayerTracker]] = [:]
    /// The item heard now, as last reported.
    private var tracked: TrackerReport?
    /// Whether the tracked item reached its end since it last played or sought.
    private var ended = false
    /// Where reports find the app's details of an item, asked at each event.
    package var details: (@MainActor (MediaItem.ID) -> MediaDetails?)?

    package init() {}

    /// Attaches `trackers` to the item with `id` in place of the ones it had; attached to the
    /// current item, they hear it start at once.
    package func setTrackers(_ trackers: [any PlayerTracker], for id: MediaItem.ID) {
        attached[id] = trackers.isEmpty ? nil : trackers
        guard let report = tracked, report.item.id == id else { return }
        for tracker in trackers { tracker.track(.started, report) }
    }

    /// The trackers attached to the item with `id`.
    package func trackers(for id: MediaItem.ID) -> [any PlayerTracker] {
        attached[id] ?? []
    }

    /// Notes where the current item is left, before the engine resets its state for another.
    package func leave(at position: Double) {
        tracked?.position = position
    }

    /// Tells the current item's trackers that the player closed, and lets every tracker go.
    package func close() {
        stop(.closed)
        attached = [:]
    }

    /// Hands `event` to the trackers it concerns; `state` is read only when an item is tracked or
    /// becomes current.
    package func handle(_ event: PlayerEvent, state: () -> State) {
        if case .itemChanged(let id) = event {
            return change(to: id, state: state())
        }
        if case .queueChanged(let ids) = event { letGo(keeping: ids) }
        guard tracked != nil else { return }
        let now = state()
        if let index = now.currentIndex, now.items[index].id == tracked?.item.id {
            tracked = TrackerReport(
                item: now.items[index], position: now.position, duration: now.duration, metadata: now.metadata
            )
        }
        switch event {
        case .statusChanged(let status):
            if status == .playing { ended = false }
            send(.statusChanged(status))
        case .seekCompleted(let position):
            ended = false
            send(.seeked(to: position))
        case .looped:
            send(.looped)
        case .ended:
            ended = true
        case .error(let error):
            send(.error(error))
        default:
            break
        }
    }

    private func change(to id: MediaItem.ID?, state: State) {
        if let leaving = tracked?.item.id {
            let reason: TrackerStopReason =
                ended ? .ended : state.items.contains { $0.id == leaving } ? .skipped : .removed
            stop(reason)
        }
        letGo(keeping: state.items.map(\.id))
        guard let id, let index = state.currentIndex, state.items[index].id == id else { return }
        tracked = TrackerReport(item: state.items[index], position: state.position, duration: nil)
        send(.started)
    }

    private func stop(_ reason: TrackerStopReason) {
        guard tracked != nil else { return }
        send(.stopped(reason))
        tracked = nil
        ended = false
    }

    private func send(_ event: TrackerEvent) {
        guard var report = tracked else { return }
        report.details = details?(report.item.id)
        for tracker in attached[report.item.id] ?? [] { tracker.track(event, report) }
    }

    /// Lets go of the trackers of items that left the queue, which now holds `ids`; the item heard
    /// now keeps its own until it is told it stopped.
    private func letGo(keeping ids: [MediaItem.ID]) {
        guard !attached.isEmpty else { return }
        let kept = Set(ids + [tracked?.item.id].compactMap { $0 })
        attached = attached.filter { kept.contains($0.key) }
    }
}
