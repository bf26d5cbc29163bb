import VideoPlayerContainer

/// The view model of the benchmark's controls: the time label, the seek bar's progress and the
/// play/pause state, all updated from player events (the time only on `.timeTick`, once a second).
final class BenchControlsService: Service {
    @ViewState var timeLabel = "0:00 / --:--"
    @ViewState var progress = 0.0
    @ViewState var isPlaying = false
    private var duration: Double?
    private var observer: ObserverToken?

    /// Follows `player`'s events from now on.
    func attach(to player: MediaPlayer) {
        observer = player.addObserver { [weak self] event in self?.apply(event) }
    }

    private func apply(_ event: PlayerEvent) {
        switch event {
        case .durationKnown(let known):
            duration = known
        case .statusChanged(let status):
            isPlaying = status == .playing || status == .buffering
        case .timeTick(let time), .seekCompleted(let time):
            timeLabel = "\(Self.clock(time)) / \(duration.map(Self.clock) ?? "--:--")"
            if let duration, duration > 0 { progress = min(max(time / duration, 0), 1) }
        default:
            break
        }
    }

    private static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        let secondsPart = total % 60
        return "\(total / 60):\(secondsPart < 10 ? "0" : "")\(secondsPart)"
    }
}
