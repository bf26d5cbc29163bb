import Foundation

/// The press in progress, from the button going down to its release.
struct PressState {
    let start: Point
    let size: Size
    var location: Point
    var time: Double
    var velocity = Point.zero
    var drag: DragDirection?
    var isLongPressed = false
    var longPressTimer: TimerToken?
}

/// A tap waiting for a possible second click.
struct PendingTap {
    let event: GestureEvent
    let time: Double
    let timer: TimerToken
}

/// A control + wheel zoom in progress.
struct PinchState {
    var event: GestureEvent
    var endTimer: TimerToken?
}

extension GestureService {
    /// Recognises gestures from the gesture overlay's raw pointer events.
    func handlePointer(_ value: PointerValue) {
        switch value.phase {
        case .down: pressBegan(at: value.location, in: value.size)
        case .moved: pressMoved(to: value.location)
        case .up: pressEnded(at: value.location)
        case .hovered:
            emit(event(.hover, isHovering ? .changed : .began, at: value.location, in: value.size))
            isHovering = true
        case .exited:
            isHovering = false
            emit(event(.hover, .ended, at: value.location, in: value.size))
        }
    }

    /// Scrolls, or pinches when control is held; `false` when nothing observes that gesture, so
    /// that the wheel passes on to what lies around the player (a page's scroll view).
    func handleScroll(_ value: ScrollValue) -> Bool {
        let size = value.size
        guard value.modifiers.contains(.control) else {
            guard isObserved(.scroll) else { return false }
            var scroll = event(.scroll, .changed, at: value.location, in: size)
            scroll.scrollDelta = Point(x: value.dx, y: value.dy)
            emit(scroll)
            return true
        }
        guard isObserved(.pinch) else { return false }
        var state = pinch ?? PinchState(event: event(.pinch, .began, at: value.location, in: size))
        state.endTimer?.cancel()
        // Each wheel step down zooms out by a tenth, up zooms in.
        state.event.scale *= pow(1.1, -value.dy)
        state.event.location = value.location
        emit(state.event)
        state.event.phase = .changed
        state.endTimer = clock.schedule(after: pinchEndDelay) { [weak self] in
            guard let self, var ended = self.pinch?.event else { return }
            self.pinch = nil
            ended.phase = .ended
            self.emit(ended)
        }
        pinch = state
        return true
    }

    private func pressBegan(at point: Point, in size: Size) {
        press?.longPressTimer?.cancel()
        var state = PressState(start: point, size: size, location: point, time: clock.now)
        if isObserved(.longPress) {
            state.longPressTimer = clock.schedule(after: longPressDuration) { [weak self] in
                self?.longPressFired()
            }
        }
        press = state
    }

    private func longPressFired() {
        guard var state = press, state.drag == nil else { return }
        state.isLongPressed = true
        press = state
        emit(event(.longPress, .began, at: state.location, for: state))
    }

    private func pressMoved(to point: Point) {
        guard var state = press else { return }
        let now = clock.now
        if now > state.time {
            let elapsed = now - state.time
            state.velocity = Point(
                x: (point.x - state.location.x) / elapsed, y: (point.y - state.location.y) / elapsed)
        }
        state.location = point
        state.time = now
        defer { press = state }
        if state.isLongPressed {
            return emit(event(.longPress, .changed, at: point, for: state))
        }
        if let direction = state.drag {
            return emit(event(.drag(direction), .changed, at: point, for: state))
        }
        let moved = point - state.start
        guard (moved.x * moved.x + moved.y * moved.y).squareRoot() >= dragThreshold else { return }
        state.longPressTimer?.cancel()
        let direction: DragDirection =
            abs(moved.x) > abs(moved.y) ? .horizontal : .vertical(side(of: state.start, in: state.size))
        state.drag = direction
        emit(event(.drag(direction), .began, at: point, for: state))
    }

    private func pressEnded(at point: Point) {
        guard var state = press else { return }
        press = nil
        state.longPressTimer?.cancel()
        state.location = point
        if state.isLongPressed {
            emit(event(.longPress, .ended, at: point, for: state))
        } else if let direction = state.drag {
            emit(event(.drag(direction), .ended, at: point, for: state))
        } else {
            tapped(event(.tap, .ended, at: state.start, for: state))
        }
    }

    /// A tap fires at once unless a double tap is observed on its side: then it waits the interval,
    /// and a second click within it makes a double tap instead.
    private func tapped(_ tap: GestureEvent) {
        let now = clock.now
        if let pending = pendingTap, now - pending.time <= doubleTapInterval {
            pending.timer.cancel()
            pendingTap = nil
            var double = pending.event
            double.kind = .doubleTap(pending.event.side)
            return emit(double)
        }
        pendingTap?.timer.cancel()
        pendingTap = nil
        guard isObserved(.doubleTap(tap.side)) else { return emit(tap) }
        let timer = clock.schedule(after: doubleTapInterval) { [weak self] in
            self?.pendingTap = nil
            self?.emit(tap)
        }
        pendingTap = PendingTap(event: tap, time: now, timer: timer)
    }

    private func event(_ kind: GestureKind, _ phase: GesturePhase, at point: Point, for state: PressState)
        -> GestureEvent
    {
        var event = GestureEvent(
            kind: kind, phase: phase, location: point, startLocation: state.start,
            side: side(of: state.start, in: state.size), size: state.size)
        event.velocity = state.velocity
        return event
    }

    private func event(_ kind: GestureKind, _ phase: GesturePhase, at point: Point, in size: Size)
        -> GestureEvent
    {
        GestureEvent(
            kind: kind, phase: phase, location: point, startLocation: point, side: side(of: point, in: size),
            size: size)
    }

    private func side(of point: Point, in size: Size) -> GestureSide {
        point.x < size.width / 2 ? .left : .right
    }
}
