import Foundation

/// How far a ``BoundedQueue`` drains before it signals: to at most `count` elements, or to at most
/// `weight`; a negative count or weight is never reached.
struct DrainLevel: Equatable {
    var count: Int
    var weight: Int
}

/// What a ``BoundedQueue`` holds, seen from its consumer.
enum QueueBacklog: Equatable {
    /// Elements wait to be taken.
    case holding
    /// None wait; the consumer may still work on the last one it took (or the queue is aborted).
    case empty
    /// None wait and the consumer waits in ``BoundedQueue/pop()`` for the next: it is done with
    /// every element it took before (a decoder holds no packet it could still make a picture of).
    case drainedAndAwaited
}

/// A FIFO shared by one producer and one consumer thread, with a capacity and an abort switch.
///
/// `push` waits while the queue is full (it holds `capacity` elements, or the element would take
/// its weight past `weightLimit`; an empty queue takes any element) and `pop` while it is empty;
/// `abort()` wakes both for good.
/// `tryPop`/`peek` never wait, so the audio callback and the main actor can use them. A producer
/// that waits for room on something else (the demuxer fills several queues) asks the queue to
/// signal it once it has drained to a level (``signal(_:whenDrainedTo:)``).
///
/// > Important: `@unchecked Sendable` because every access to `items` and `aborted` holds `condition`.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var aborted = false
    private var limit: Int
    private let weightLimit: Int
    private let weigh: @Sendable (Element) -> Int
    private var totalWeight = 0
    private var drainWatch: (level: DrainLevel, semaphore: DispatchSemaphore)?
    private var consumerWaits = false

    /// A queue of at most `capacity` elements, weighing at most `weightLimit` unless it holds one
    /// alone; `weight` tells what each one costs (bytes, say).
    init(capacity: Int, weightLimit: Int = .max, weight: @escaping @Sendable (Element) -> Int = { _ in 0 }) {
        limit = max(1, capacity)
        self.weightLimit = weightLimit
        weigh = weight
    }

    /// The weights of the elements waiting, added up (none once aborted).
    var weight: Int {
        condition.lock()
        defer { condition.unlock() }
        return aborted ? 0 : totalWeight
    }

    /// How many elements `push` lets wait in the queue.
    var capacity: Int {
        condition.lock()
        defer { condition.unlock() }
        return limit
    }

    /// Whether `push` would wait now for an element weighing as much as the last one in the queue.
    var isFull: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !aborted, let last = items.last else { return false }
        return wouldOverflow(adding: weigh(last))
    }

    /// Whether an element of `weight` finds no room. Called with `condition` held.
    private func wouldOverflow(adding weight: Int) -> Bool {
        items.count >= limit || (!items.isEmpty && weight > weightLimit - totalWeight)
    }

    /// Changes the capacity; a producer waiting for room continues once there is some.
    func setCapacity(_ capacity: Int) {
        condition.lock()
        defer { condition.unlock() }
        limit = max(1, capacity)
        condition.broadcast()
    }

    /// Appends `element`, waiting while the queue is full; `false` when the queue was aborted.
    @discardableResult
    func push(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        let weight = weigh(element)
        while wouldOverflow(adding: weight) && !aborted { condition.wait() }
        guard !aborted else { return false }
        items.append(element)
        totalWeight += weight
        condition.broadcast()
        return true
    }

    /// Appends `element` even when the queue is full (end markers must never be lost).
    func forcePush(_ element: Element) {
        condition.lock()
        defer { condition.unlock() }
        guard !aborted else { return }
        items.append(element)
        totalWeight += weigh(element)
        condition.broadcast()
    }

    /// Removes the oldest element, waiting while the queue is empty; `nil` once aborted.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty && !aborted {
            consumerWaits = true
            condition.wait()
        }
        consumerWaits = false
        guard !aborted else { return nil }
        condition.broadcast()
        let element = items.removeFirst()
        totalWeight -= weigh(element)
        checkDrainWatch()
        return element
    }

    /// Removes the oldest element if there is one, without waiting; `nil` once aborted.
    func tryPop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        guard !aborted, !items.isEmpty else { return nil }
        condition.broadcast()
        let element = items.removeFirst()
        totalWeight -= weigh(element)
        checkDrainWatch()
        return element
    }

    /// The element at `offset` from the head, without removing it; `nil` once aborted.
    func peek(_ offset: Int = 0) -> Element? {
        condition.lock()
        defer { condition.unlock() }
        return !aborted && offset < items.count ? items[offset] : nil
    }

    /// How many elements wait in the queue (none once aborted).
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return aborted ? 0 : items.count
    }

    /// What the queue holds, seen from its consumer, in one look under the lock.
    var backlog: QueueBacklog {
        condition.lock()
        defer { condition.unlock() }
        if aborted { return .empty }
        return !items.isEmpty ? .holding : consumerWaits ? .drainedAndAwaited : .empty
    }

    /// Drops every element (a seek makes them stale) and wakes a waiting producer.
    func removeAll() {
        condition.lock()
        defer { condition.unlock() }
        items.removeAll()
        totalWeight = 0
        checkDrainWatch()
        condition.broadcast()
    }

    /// Removes the first element `isCut` accepts and every element after it, and wakes a waiting
    /// producer; returns the element cut at, or `nil` (and removes nothing) when none is accepted.
    func removeFrom(first isCut: (Element) -> Bool) -> Element? {
        removeSuffix { $0.firstIndex(where: isCut) }
    }

    /// Removes the last element `isCut` accepts and every element after it, as
    /// ``removeFrom(first:)`` does from the first.
    func removeFrom(last isCut: (Element) -> Bool) -> Element? {
        removeSuffix { $0.lastIndex(where: isCut) }
    }

    private func removeSuffix(from index: ([Element]) -> Int?) -> Element? {
        condition.lock()
        defer { condition.unlock() }
        guard !aborted, let cut = index(items) else { return nil }
        let element = items[cut]
        totalWeight -= items[cut...].reduce(0) { $0 + weigh($1) }
        items.removeSubrange(cut...)
        checkDrainWatch()
        condition.broadcast()
        return element
    }

    /// Removes every element `isDoomed` accepts.
    func removeAll(where isDoomed: (Element) -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        totalWeight -= items.filter(isDoomed).reduce(0) { $0 + weigh($1) }
        items.removeAll(where: isDoomed)
        checkDrainWatch()
        condition.broadcast()
    }

    /// Whether an element `test` accepts waits in the queue.
    func contains(where test: (Element) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return !aborted && items.contains(where: test)
    }

    /// Wakes every waiter for good; later pushes are ignored and pops return `nil`.
    ///
    /// The elements left are released with the queue, not here: aborting a closing session's queues
    /// on the main actor must not free its pictures and packets there.
    func abort() {
        condition.lock()
        defer { condition.unlock() }
        aborted = true
        checkDrainWatch()
        condition.broadcast()
    }

    /// Signals `semaphore` once, as soon as the queue holds at most `level.count` elements or weighs
    /// at most `level.weight`: at once when it does already or was aborted. Replaces the signal
    /// asked for before, if it has not been given.
    func signal(_ semaphore: DispatchSemaphore, whenDrainedTo level: DrainLevel) {
        condition.lock()
        defer { condition.unlock() }
        drainWatch = (level, semaphore)
        checkDrainWatch()
    }

    /// Gives the signal asked for once the queue reached its level. Called with `condition` held.
    private func checkDrainWatch() {
        guard let watch = drainWatch,
            aborted || items.count <= watch.level.count || totalWeight <= watch.level.weight
        else { return }
        drainWatch = nil
        watch.semaphore.signal()
    }
}
