/// Events collected for one batched observer of a ``RenderService``, handed over when its interval
/// ends.
@MainActor
final class EventBatch {
    private let interval: Double
    private let clock: any TimerClock
    private let deliver: @MainActor ([PlayerEvent]) -> Void
    private var pending: [PlayerEvent] = []
    private var timer: TimerToken?

    init(interval: Double, clock: any TimerClock, deliver: @escaping @MainActor ([PlayerEvent]) -> Void) {
        self.interval = interval
        self.clock = clock
        self.deliver = deliver
    }

    /// Keeps `event` for the batch, starting the interval when it is the first one.
    func add(_ event: PlayerEvent) {
        pending.append(event)
        guard timer == nil else { return }
        timer = clock.schedule(after: interval) { [weak self] in self?.flush() }
    }

    /// Forgets the events kept and stops the interval.
    func drop() {
        timer?.cancel()
        timer = nil
        pending = []
    }

    private func flush() {
        timer = nil
        let batch = pending
        pending = []
        if !batch.isEmpty { deliver(batch) }
    }
}
