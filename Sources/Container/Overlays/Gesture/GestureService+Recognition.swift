import Foundation

/// What the service adds to the recognizer's press: the video's size and the drag's axis.
struct GesturePress {
    let size: Size
    var direction: DragDirection?
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
        pressInfo = GesturePress(size: size)
        recognizer.thresholds = thresholds
        handle(
            recognizer.pointerDown(at: point, time: clock.now, drag: true, longPress: isObserved(.longPress)))
    }

    private func pressMoved(to point: Point) {
        handle(recognizer.pointerMoved(to: point, time: clock.now))
    }

    private func pressEnded(at point: Point) {
        handle(recognizer.pointerUp(at: point, time: clock.now))
    }

    /// Emits what the recognizer recognised, and follows its next deadline.
    private func handle(_ recognized: [PointerRecognizer<GestureEvent>.Recognized]) {
        for item in recognized {
            switch item {
            case .tap(let tap): emit(tap)
            case .doubleTap(let first):
                var double = first
                double.kind = .doubleTap(first.side)
                emit(double)
            case .released(let press):
                guard let info = pressInfo else { continue }
                let tap = event(.tap, .ended, at: press.start, for: press, info)
                // A tap waits for a second click only when a double tap is observed on its side.
                handle(recognizer.tap(tap, at: clock.now, waitsForSecond: isObserved(.doubleTap(tap.side))))
            case .longPress(let phase, let press):
                guard let info = pressInfo else { continue }
                emit(event(.longPress, phase, at: press.location, for: press, info))
            case .drag(let phase, let press):
                guard var info = pressInfo else { continue }
                if phase == .began {
                    let moved = press.translation
                    info.direction =
                        abs(moved.x) > abs(moved.y)
                        ? .horizontal : .vertical(side(of: press.start, in: info.size))
                    pressInfo = info
                }
                guard let direction = info.direction else { continue }
                emit(event(.drag(direction), phase, at: press.location, for: press, info))
            }
        }
        recognizerTimer.follow(recognizer.deadline, on: clock) { [weak self] in
            guard let self else { return }
            self.handle(self.recognizer.advance(to: self.clock.now))
        }
    }

    private func event(
        _ kind: GestureKind, _ phase: GesturePhase, at point: Point,
        for press: PointerRecognizer<GestureEvent>.Press, _ info: GesturePress
    ) -> GestureEvent {
        var event = GestureEvent(
            kind: kind, phase: phase, location: point, startLocation: press.start,
            side: side(of: press.start, in: info.size), size: info.size)
        event.velocity = press.velocity
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
