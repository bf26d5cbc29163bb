import Foundation
import Logging

extension MediaPlayer {
    /// Puts `items` into the queue before the one at `index` (at the end for `items.count`); the
    /// current item plays on.
    ///
    /// An index outside `0...items.count` is clamped and reported with `.adjusted`; no items is
    /// ignored (and reported).
    public func insert(_ items: [MediaItem], at index: Int) {
        edit(.insert(items, at: index))
    }

    /// Puts `items` into the queue right after the item with `id`; the current item plays on.
    /// Items put after the current one play next.
    ///
    /// An id no item of the queue has, or no items, is ignored (and reported).
    public func insert(_ items: [MediaItem], after id: MediaItem.ID) {
        edit(.insertAfter(items, id: id))
    }

    /// Takes the item at `index` out of the queue.
    ///
    /// Taking out the current item plays the one that followed it (the first, when the queue
    /// repeats), as the current one was playing or paused; when none followed it, playback stops
    /// and no item is current (``status`` is `.idle`) until one is chosen or appended. An index
    /// outside the queue is ignored (and reported).
    public func remove(at index: Int) {
        edit(.remove(at: index))
    }

    /// Moves the item at `from` so that it is at `to` in the queue; the current item plays on,
    /// wherever it moves.
    ///
    /// A `from` outside the queue is ignored (and reported); a `to` outside it is clamped and
    /// reported with `.adjusted`.
    public func move(from: Int, to: Int) {
        edit(.move(from: from, to: to))
    }

    /// Empties the queue and stops playback; ignored (and reported) when it is empty already.
    public func removeAll() {
        edit(.removeAll)
    }

    /// Attaches `trackers` to the item with `id`, in place of the ones it had (none detaches
    /// them): they hear what happens to it while it is current, with its metadata
    /// (``PlayerTracker``). Attach them before the item is loaded, appended or inserted, or while
    /// it is in the queue; attached to the current item, they hear it start at once. The player
    /// lets them go once the item has left its queue, or when it closes.
    public func setTrackers(_ trackers: [any PlayerTracker], for id: MediaItem.ID) {
        self.trackers.setTrackers(trackers, for: id)
    }

    /// The trackers attached to the item with `id`.
    public func trackers(for id: MediaItem.ID) -> [any PlayerTracker] {
        trackers.trackers(for: id)
    }

    /// Where trackers' reports find what the app told about an item beyond its fields
    /// (``TrackerReport/details``), asked at each event they hear; a render service points it at
    /// its own details. Without it, reports carry none.
    public var trackerDetails: (@MainActor (MediaItem.ID) -> MediaDetails?)? {
        get { trackers.details }
        set { trackers.details = newValue }
    }

    /// Applies `edit` to the queue and to what plays; reports `.queueChanged`.
    private func edit(_ edit: QueueEdit) {
        guard let outcome = edit.applied(to: items, currentIndex: currentIndex, report: emit) else { return }
        Logger.engine.debug("queue \(edit.command.rawValue): \(items.count) → \(outcome.items.count) item(s)")
        trackers.leave(at: currentTime)
        items = outcome.items
        currentIndex = outcome.currentIndex
        if !outcome.removed.isEmpty { emit(.itemsRemoved(outcome.removed)) }
        guard let removedAt = outcome.removedAt else {
            realignPreload()
            emit(.queueChanged(items.map(\.id)))
            return
        }
        let keepPlaying = wantsPlay || status == .playing
        let successor = navigation.successor(ofRemovedAt: removedAt)
        // The item preloaded to follow the removed one keeps its session at its new place, for the
        // switch to take; any other preload closes.
        if let successor, preload?.itemID == items[successor].id {
            preload?.index = successor
        } else {
            discardPreload()
        }
        emit(.queueChanged(items.map(\.id)))
        if let successor {
            switchToItem(at: successor, playing: keepPlaying)
        } else {
            closeCurrentSession()
            resetItemState()
            wantsPlay = false
            emit(.itemChanged(nil))
            setStatus(.idle)
        }
    }
}
