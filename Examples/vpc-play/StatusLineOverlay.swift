import VideoPlayerContainer

/// The video with a one-line status (time, state, errors) along its bottom edge.
struct StatusLineOverlay: Widget {
    let player: MediaPlayer

    var body: some Widget {
        ZStack(alignment: .bottomLeading) {
            VideoSurface(player: player)
            WithService(StatusLineService.self) { service in
                Text(service.line)
                    .font(Font(size: 13, monospacedDigits: true))
                    .foregroundColor(.white)
                    .padding(6)
                    .background(Color(white: 0, alpha: 0.5))
            }
        }
    }
}

/// Mirrors the player's time and status into a line of text, refreshed on every player event.
final class StatusLineService: Service {
    @ViewState var line = "Loading…"
    private var observer: ObserverToken?
    private weak var player: MediaPlayer?

    func attach(to player: MediaPlayer) {
        guard self.player !== player else { return }
        self.player = player
        observer = player.addObserver { [weak self] _ in self?.refresh() }
        refresh()
    }

    private func refresh() {
        guard let player else { return }
        let time = Self.clock(player.currentTime)
        let duration = player.duration.map(Self.clock) ?? "--:--"
        var parts = ["\(time) / \(duration)", "\(player.status)"]
        if player.rate != 1 { parts.append(String(format: "%.2gx", player.rate)) }
        if player.isMuted { parts.append("muted") }
        line = parts.joined(separator: "  ·  ")
    }

    private static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}
