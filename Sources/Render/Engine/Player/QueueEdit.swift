/// A change to a player's queue, worked out on the items alone: the engines apply the outcome to
/// what plays.
package enum QueueEdit {
    /// Puts `items` before the one at `index` (at the end for the queue's count).
    case insert([MediaItem], at: Int)
    /// Puts `items` after the item with `id`.
    case insertAfter([MediaItem], id: MediaItem.ID)
    /// Takes out the item at `index`.
    case remove(at: Int)
    /// Takes the item at `from` out and puts it back so that it is at `to`.
    case move(from: Int, to: Int)
    /// Empties the queue.
    case removeAll

    /// The queue after an edit, and where its current item went.
    package struct Outcome {
        /// The items, in order.
        package var items: [MediaItem]
        /// Where the current item is now; `nil` when there was none or the edit took it out.
        package var currentIndex: Int?
        /// Where the current item was taken out, if the edit took it out: the item now there
        /// followed it.
        package var removedAt: Int?
        /// The ids of the items the edit took out, in queue order.
        package var removed: [MediaItem.ID] = []
        /// Whether the edit took the current item out.
        package var removedCurrent: Bool { removedAt != nil }
    }

    /// The command named in the events the edit reports.
    package var command: PlayerCommand {
        switch self {
        case .insert, .insertAfter: .insert
        case .remove: .remove
        case .move: .move
        case .removeAll: .removeAll
        }
    }

    /// The edit applied to `items`, whose current item is at `currentIndex`; `nil` when it cannot
    /// be made (no items to insert, an index outside the queue, an unknown id).
    ///
    /// - Parameter report: receives `.ignored` for an edit that cannot be made and `.adjusted` for an
    ///   index it clamped.
    package func applied(
        to items: [MediaItem], currentIndex: Int?, report: (PlayerEvent) -> Void
    ) -> Outcome? {
        var outcome = Outcome(items: items, currentIndex: currentIndex)
        func ignore(_ reason: String) -> Outcome? {
            report(.ignored(command, reason: reason))
            return nil
        }
        func outside(_ index: Int) -> String { "index \(index) is outside the queue of \(items.count) items" }
        switch self {
        case .insert(let added, let index):
            guard !added.isEmpty else { return ignore("no items") }
            let at = clamped(index, to: 0...items.count, report: report)
            outcome.insert(added, at: at)
        case .insertAfter(let added, let id):
            guard !added.isEmpty else { return ignore("no items") }
            guard let index = items.firstIndex(where: { $0.id == id }) else {
                return ignore("no item of the queue has that id")
            }
            outcome.insert(added, at: index + 1)
        case .remove(let index):
            guard items.indices.contains(index) else { return ignore(outside(index)) }
            outcome.removed = [outcome.items.remove(at: index).id]
            guard let current = currentIndex else { break }
            if index == current {
                outcome.currentIndex = nil
                outcome.removedAt = index
            } else if index < current {
                outcome.currentIndex = current - 1
            }
        case .move(let from, let to):
            guard items.indices.contains(from) else { return ignore(outside(from)) }
            let target = clamped(to, to: 0...items.count - 1, report: report)
            outcome.items.insert(outcome.items.remove(at: from), at: target)
            guard var current = currentIndex else { break }
            if current == from {
                current = target
            } else {
                if from < current { current -= 1 }
                if target <= current { current += 1 }
            }
            outcome.currentIndex = current
        case .removeAll:
            guard !items.isEmpty else { return ignore("the queue is empty") }
            outcome.removed = items.map(\.id)
            outcome.items = []
            outcome.currentIndex = nil
            outcome.removedAt = currentIndex.map { _ in 0 }
        }
        return outcome
    }

    private func clamped(_ index: Int, to range: ClosedRange<Int>, report: (PlayerEvent) -> Void) -> Int {
        let applied = min(max(index, range.lowerBound), range.upperBound)
        if applied != index { report(.adjusted(command, requested: Double(index), applied: Double(applied))) }
        return applied
    }
}

extension QueueEdit.Outcome {
    fileprivate mutating func insert(_ added: [MediaItem], at index: Int) {
        items.insert(contentsOf: added, at: index)
        if let current = currentIndex, current >= index { currentIndex = current + added.count }
    }
}

/// Where a queue goes from its current item, by its repeat mode: what both engines' next,
/// previous and end of item follow.
package struct QueueNavigation {
    /// How many items the queue has.
    package var count: Int
    /// Where the current item is.
    package var currentIndex: Int?
    /// What happens at the end of an item.
    package var repeatMode: RepeatMode

    package init(count: Int, currentIndex: Int?, repeatMode: RepeatMode) {
        self.count = count
        self.currentIndex = currentIndex
        self.repeatMode = repeatMode
    }

    /// The item after `index`: the next one, or the first after the last when the queue repeats
    /// (an item alone follows itself).
    package func following(_ index: Int) -> Int? {
        if index + 1 < count { return index + 1 }
        return repeatMode == .all ? 0 : nil
    }

    /// The item before `index`: the previous one, or the last before the first when the queue
    /// repeats.
    package func preceding(_ index: Int) -> Int? {
        if index > 0 { return index - 1 }
        return repeatMode == .all ? count - 1 : nil
    }

    /// The item after the current one.
    package var next: Int? { currentIndex.flatMap(following) }
    /// The item before the current one.
    package var previous: Int? { currentIndex.flatMap(preceding) }

    /// Whether going back at `position` starts the current item again rather than going to the
    /// previous one.
    package static func restarts(at position: Double, mode: NavigationMode) -> Bool {
        guard case .smart(let interval) = mode else { return false }
        return position > interval
    }

    /// Whether going back does something at `position`: there is a previous item, or it restarts
    /// the current one.
    package func canReturn(at position: Double, mode: NavigationMode) -> Bool {
        currentIndex != nil && (previous != nil || Self.restarts(at: position, mode: mode))
    }

    /// The item that plays after the current one was taken out at `removedAt`: the one that
    /// followed it, or the first when the queue repeats; `nil` when none.
    package func successor(ofRemovedAt removedAt: Int) -> Int? {
        if removedAt < count { return removedAt }
        return repeatMode == .all && count > 0 ? 0 : nil
    }
}
