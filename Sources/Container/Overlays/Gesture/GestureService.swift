import Logging

/// Gestures over the video: `context.gesture.observe(.doubleTap(.left)) { event in ... }`.
///
/// The gesture overlay (inside the render overlay, over the video) feeds the service raw pointer,
/// wheel and key input; the service recognises taps, double taps, long presses, drags, pinches,
/// hovers and scrolls and calls every matching handler, in the order they were added.
///
/// ```swift
/// context.gesture.observe(.doubleTap(.right)) { [weak context] _ in context?.render.skip(by: 10) }
/// context.gesture.observe(.drag(.vertical(.right))) { event in volume(by: -event.translation.y) }
/// ```
/// The service keeps its handlers as long as the context: one that captures the context strongly
/// keeps it alive for good, so capture it weakly.
/// Time (double-tap interval, long-press duration) runs on the injected `clock` dependency; the
/// thresholds are the `gestureThresholds` dependency, which the widgets of a host use too.
///
/// > Important: Main actor only. Handlers stay registered until their token is cancelled or the
/// > service stops.
public final class GestureService: Service {
    /// Seconds without a control + wheel event after which a pinch ends.
    public var pinchEndDelay = 0.3

    @Dependency(\.clock) var clock
    @Dependency(\.gestureThresholds) var thresholds
    /// The observers, each under the kind of gesture it asked for.
    private let observers = KeyedHandlerList<GestureKind, GestureEvent, Void>()
    private let keyTakers = HandlerList<KeyPress, Bool>()
    var recognizer = PointerRecognizer<GestureEvent>(thresholds: .standard)
    var recognizerTimer = DeadlineTimer()
    var pressInfo: GesturePress?
    var pinch: PinchState?
    var isHovering = false

    /// Calls `handler` for every recognised gesture of `kind`; `.doubleTap(.all)` and
    /// `.drag(.vertical(.all))` match both halves.
    @discardableResult
    public func observe(_ kind: GestureKind, _ handler: @escaping @MainActor (GestureEvent) -> Void)
        -> ObservationToken
    {
        let id = observers.add(key: kind, handler)
        return ObservationToken { [weak self] in self?.observers.remove(id) }
    }

    /// Calls `handler` for every key press; shorthand for `observe(.key)`.
    @discardableResult
    public func observeKey(_ handler: @escaping @MainActor (KeyPress) -> Void) -> ObservationToken {
        observe(.key) { event in
            if let key = event.key { handler(key) }
        }
    }

    /// Offers every key press to `handler`, which returns whether it took the key. A key that no
    /// such handler takes (and no `.key` observer hears) goes on to the page: Page Down scrolls it.
    ///
    /// ```swift
    /// context.gesture.observeKey(taking: { [weak context] press in
    ///     guard press.key == "J" else { return false }
    ///     context?.render.skip(by: -10)
    ///     return true
    /// })
    /// ```
    @discardableResult
    public func observeKey(taking handler: @escaping @MainActor (KeyPress) -> Bool) -> ObservationToken {
        let id = keyTakers.add(handler)
        return ObservationToken { [weak self] in self?.keyTakers.remove(id) }
    }

    /// Whether some handler observes a gesture matching `kind`.
    func isObserved(_ kind: GestureKind) -> Bool {
        observers.keys.contains { $0.matches(kind) }
    }

    /// Calls the handlers that match the event's kind.
    func emit(_ event: GestureEvent) {
        Logger.input.debug(
            "\(event.kind) \(event.phase) at \(Int(event.location.x)),\(Int(event.location.y))")
        observers(event) { $0.matches(event.kind) }
    }

    /// Reports a key press to `.key` observers and offers it to the `observeKey(taking:)`
    /// handlers; `true` when there are observers or a handler took it.
    func handleKey(_ key: KeyPress) -> Bool {
        let taken = keyTakers.results(of: key).contains(true)
        guard isObserved(.key) else { return taken }
        var event = GestureEvent(
            kind: .key, phase: .ended, location: .zero, startLocation: .zero, side: .all, size: .zero)
        event.key = key
        emit(event)
        return true
    }

    /// Cancels the pending timers and forgets every handler.
    override public func didStop() {
        recognizer.reset()
        recognizerTimer.cancel()
        pinch?.endTimer?.cancel()
        observers.removeAll()
        keyTakers.removeAll()
    }
}
