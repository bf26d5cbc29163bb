/// Recognises the gestures of one pointer (taps, double taps, long presses and drags) from its
/// presses, moves and releases: the one recognizer of the widget host and of the gesture overlay.
///
/// It is a value with no timers. Each call carries the clock's time, and ``deadline`` says when
/// something happens with no input (a long press begins, a tap stops waiting for a second click):
/// the owner calls ``advance(to:)`` then. Every call first catches up with the deadlines its time
/// passed, so what it returns is in the order it happened, however late the owner's timer fired.
///
/// `Tap` is what the owner attaches to a tap, and gets back with it: the widget's handlers, or the
/// gesture event.
struct PointerRecognizer<Tap> {
    /// What a call recognised, with the press it concerns.
    enum Recognized {
        /// A drag, from `began` (the move that went far enough) to `ended` (the release).
        case drag(DragPhase, Press)
        /// A long press, from `began` (the time held) to `ended` (the release).
        case longPress(DragPhase, Press)
        /// The button came up with neither a drag nor a long press: a click, for
        /// ``tap(_:at:waitsForSecond:pairs:)``.
        case released(Press)
        /// A click that is not the first of a double tap.
        case tap(Tap)
        /// A second click on what `first` was attached to, within the double-tap interval.
        case doubleTap(first: Tap)
    }

    /// The press in progress, from the button going down to its release.
    struct Press: Equatable {
        let start: Point
        let startTime: Double
        /// Whether a long move becomes a drag (when not, the press stays a click wherever it goes).
        let recognizesDrag: Bool
        var location: Point
        var time: Double
        /// Points per second over the last move, on the clock.
        var velocity = Point.zero
        var isDragging = false
        var isLongPressed = false
        /// When the press becomes a long press, if it is wanted and has not moved away.
        var longPressDeadline: Double?

        /// How far the pointer moved since the press.
        var translation: Point { location - start }
        /// The straight distance from the start.
        var distance: Double { (translation.x * translation.x + translation.y * translation.y).squareRoot() }
    }

    var thresholds: GestureThresholds
    private(set) var press: Press?
    private var pendingTap: (tap: Tap, time: Double)?

    init(thresholds: GestureThresholds) {
        self.thresholds = thresholds
    }

    /// When ``advance(to:)`` has something to report: a long press beginning or a waiting tap.
    var deadline: Double? {
        let tap = pendingTap.map { $0.time + thresholds.doubleTapInterval }
        switch (press?.longPressDeadline, tap) {
        case (let press?, let tap?): return min(press, tap)
        case (let press, let tap): return press ?? tap
        }
    }

    /// The button went down at `point`. A press still held is forgotten.
    mutating func pointerDown(at point: Point, time: Double, drag: Bool = true, longPress: Bool = false)
        -> [Recognized]
    {
        let passed = advance(to: time)
        press = Press(
            start: point, startTime: time, recognizesDrag: drag, location: point, time: time,
            longPressDeadline: longPress ? time + thresholds.longPressDuration : nil)
        return passed
    }

    /// The pointer moved with the button down: a long press or a drag goes on; a press that has
    /// gone ``GestureThresholds/dragDistance`` from its start begins a drag (when it recognises
    /// drags) and can no longer become a long press.
    mutating func pointerMoved(to point: Point, time: Double) -> [Recognized] {
        var recognized = advance(to: time)
        guard var state = press else { return recognized }
        defer { press = state }
        if time > state.time {
            let elapsed = time - state.time
            state.velocity = Point(
                x: (point.x - state.location.x) / elapsed, y: (point.y - state.location.y) / elapsed)
        }
        state.location = point
        state.time = time
        if state.isLongPressed {
            recognized.append(.longPress(.changed, state))
        } else if state.isDragging {
            recognized.append(.drag(.changed, state))
        } else if state.recognizesDrag, state.distance >= thresholds.dragDistance {
            state.longPressDeadline = nil
            state.isDragging = true
            recognized.append(.drag(.began, state))
        }
        return recognized
    }

    /// The button came up at `point`: the long press or drag ends, or the press was a click.
    mutating func pointerUp(at point: Point, time: Double) -> [Recognized] {
        var recognized = advance(to: time)
        guard var state = press else { return recognized }
        press = nil
        state.location = point
        state.time = time
        state.longPressDeadline = nil
        if state.isLongPressed {
            recognized.append(.longPress(.ended, state))
        } else if state.isDragging {
            recognized.append(.drag(.ended, state))
        } else {
            recognized.append(.released(state))
        }
        return recognized
    }

    /// A click on something that `tap` stands for. It pairs with a waiting click when `pairs` says
    /// they were on the same thing (a double tap); a waiting click on something else is a tap now.
    /// When `waitsForSecond`, this click waits a double-tap interval for its second.
    mutating func tap(
        _ tap: Tap, at time: Double, waitsForSecond: Bool, pairs: (Tap) -> Bool = { _ in true }
    ) -> [Recognized] {
        var recognized = advance(to: time)
        if let pending = pendingTap {
            pendingTap = nil
            if pairs(pending.tap) { return recognized + [.doubleTap(first: pending.tap)] }
            recognized.append(.tap(pending.tap))
        }
        if waitsForSecond {
            pendingTap = (tap, time)
        } else {
            recognized.append(.tap(tap))
        }
        return recognized
    }

    /// Reports what the passing of time up to `time` recognised: a held press that becomes a long
    /// press, a click whose wait for a second ran out.
    mutating func advance(to time: Double) -> [Recognized] {
        var due: [(time: Double, event: Recognized)] = []
        if var state = press, let deadline = state.longPressDeadline, deadline <= time {
            state.longPressDeadline = nil
            state.isLongPressed = true
            press = state
            due.append((deadline, .longPress(.began, state)))
        }
        if let pending = pendingTap, pending.time + thresholds.doubleTapInterval <= time {
            pendingTap = nil
            due.append((pending.time + thresholds.doubleTapInterval, .tap(pending.tap)))
        }
        return due.sorted { $0.time < $1.time }.map(\.event)
    }

    /// Forgets the press and the waiting click, reporting nothing.
    mutating func reset() {
        press = nil
        pendingTap = nil
    }
}

extension PointerRecognizer.Recognized: Equatable where Tap: Equatable {}

/// The one clock timer that calls a recognizer's owner back at the recognizer's deadline.
struct DeadlineTimer {
    private var deadline: Double?
    private var token: TimerToken?

    /// Runs `action` at `deadline` on `clock`, instead of at the deadline followed before; nothing
    /// when `deadline` is `nil`.
    mutating func follow(
        _ deadline: Double?, on clock: any TimerClock, _ action: @escaping @MainActor @Sendable () -> Void
    ) {
        guard deadline != self.deadline else { return }
        token?.cancel()
        self.deadline = deadline
        token = deadline.map { clock.schedule(after: max(0, $0 - clock.now), action) }
    }

    /// Stops the timer.
    mutating func cancel() {
        token?.cancel()
        token = nil
        deadline = nil
    }
}
