/// A ready-made reaction to a gesture over the video, installed with ``GestureBehaviorService``.
public enum GestureBehavior: Hashable, Sendable {
    /// A double tap on the left half steps back, on the right half ahead, by the seconds given.
    case doubleTapToStep(Double)
    /// A horizontal drag seeks: the whole width spans the item; the preview shows the target time.
    case horizontalDragToSeek
    /// A vertical drag on that half sets the volume (up is louder).
    case verticalDragVolume(GestureSide)
    /// A vertical drag on that half sets the engine's brightness (`eq` filter, up is brighter).
    case verticalDragBrightness(GestureSide)
    /// Holding a press plays at the given rate until release.
    case longPressForSpeed(Double)
}

/// Installs ``GestureBehavior``s on `context.gesture`:
/// `context[GestureBehaviorService.self].install([.doubleTapToStep(10), .horizontalDragToSeek])`.
///
/// > Important: Main actor only; created by the context. Installing again replaces the behaviours.
public final class GestureBehaviorService: Service {
    private var tokens: [ObservationToken] = []
    private var dragStart = 0.0
    private var rateBeforeLongPress: Double?

    /// Replaces the installed behaviours with `behaviors`.
    public func install(_ behaviors: [GestureBehavior]) {
        tokens.forEach { $0.cancel() }
        guard let gesture = context?.gesture else { return }
        tokens = behaviors.map { observe($0, on: gesture) }
    }

    private func observe(_ behavior: GestureBehavior, on gesture: GestureService) -> ObservationToken {
        switch behavior {
        case .doubleTapToStep(let seconds):
            return gesture.observe(.doubleTap(.all)) { [weak self] event in
                self?.context?[StepService.self].step(by: event.side == .left ? -seconds : seconds)
            }
        case .horizontalDragToSeek:
            return gesture.observe(.drag(.horizontal)) { [weak self] event in self?.dragToSeek(event) }
        case .verticalDragVolume(let side):
            return gesture.observe(.drag(.vertical(side))) { [weak self] event in
                guard let render = self?.context?.render else { return }
                if event.phase == .began { self?.dragStart = render.volume }
                render.setVolume(min(max((self?.dragStart ?? 0) - Self.verticalFraction(event), 0), 1))
            }
        case .verticalDragBrightness(let side):
            return gesture.observe(.drag(.vertical(side))) { [weak self] event in
                guard let render = self?.context?.render else { return }
                if event.phase == .began { self?.dragStart = render.brightness }
                render.setBrightness(min(max((self?.dragStart ?? 0) - Self.verticalFraction(event), -1), 1))
            }
        case .longPressForSpeed(let rate):
            return gesture.observe(.longPress) { [weak self] event in self?.longPress(event, rate: rate) }
        }
    }

    private static func verticalFraction(_ event: GestureEvent) -> Double {
        event.size.height > 0 ? event.translation.y / event.size.height : 0
    }

    private func dragToSeek(_ event: GestureEvent) {
        guard let context, let duration = context.render.duration, event.size.width > 0 else { return }
        if event.phase == .began { dragStart = context.render.currentTime }
        let target = min(max(dragStart + event.translation.x / event.size.width * duration, 0), duration)
        if event.phase == .ended {
            context.seekPreview.hide()
            context.render.seek(to: target, exact: true)
        } else {
            context.seekPreview.show(
                time: target, at: target / duration * event.size.width, barWidth: event.size.width)
        }
    }

    private func longPress(_ event: GestureEvent, rate: Double) {
        guard let render = context?.render else { return }
        switch event.phase {
        case .began:
            rateBeforeLongPress = render.rate
            render.setRate(rate)
            context?.toast.toast("Speed \(SpeedService.label(rate))")
        case .changed:
            break
        case .ended:
            render.setRate(rateBeforeLongPress ?? 1)
            rateBeforeLongPress = nil
        }
    }

    override public func didStop() {
        tokens.forEach { $0.cancel() }
    }
}
