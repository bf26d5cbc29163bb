import VideoPlayerWidgets

/// The video, its subtitles, toasts, and a one-line status (time, state, errors) along the bottom edge.
struct StatusLineOverlay: Widget {
    var body: some Widget {
        ZStack(alignment: .bottomLeading) {
            WithService(RenderService.self) { render in render.surface() }
            SubtitleWidget()
            WithService(StatusLineService.self) { service in
                Text(service.line)
                    .font(Font(size: 13, monospacedDigits: true))
                    .foregroundColor(.white)
                    .padding(6)
                    .background(Color(white: 0, alpha: 0.5))
            }
            ToastOverlay()
        }
    }
}

/// The player's time and status as a line of text, redrawn when they change.
final class StatusLineService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$currentTime) var currentTime
    @StateSync(serviceType: RenderService.self, keyPath: \.$duration) var duration
    @StateSync(serviceType: RenderService.self, keyPath: \.$status) var status
    @StateSync(serviceType: RenderService.self, keyPath: \.$rate) var rate
    @StateSync(serviceType: RenderService.self, keyPath: \.$isMuted) var isMuted
    @StateSync(serviceType: RenderService.self, keyPath: \.$subtitleDelay) var subtitleDelay
    @StateSync(serviceType: RenderService.self, keyPath: \.$audioDelay) var audioDelay
    @StateSync(serviceType: RenderService.self, keyPath: \.$currentRendition) var currentRendition
    @StateSync(serviceType: RenderService.self, keyPath: \.$quality) var quality
    @StateSync(serviceType: RenderService.self, keyPath: \.$liveLatency) var liveLatency

    var line: String {
        let time = Self.clock(currentTime)
        let total = duration.map(Self.clock) ?? "--:--"
        // A live stream: how far behind its edge the position is.
        let position = liveLatency.map { "live -" + Self.clock($0) } ?? "\(time) / \(total)"
        var parts = [position, "\(status)"]
        if let currentRendition {
            parts.append(currentRendition.label + (quality == .auto ? " (auto)" : ""))
        }
        if rate != 1 { parts.append(String(format: "%.2gx", rate)) }
        if isMuted { parts.append("muted") }
        if subtitleDelay != 0 { parts.append("sub \(KeyboardShortcutsService.label(delay: subtitleDelay))") }
        if audioDelay != 0 { parts.append("audio \(KeyboardShortcutsService.label(delay: audioDelay))") }
        return parts.joined(separator: "  ·  ")
    }

    private static func clock(_ seconds: Double) -> String {
        let total = max(0, Int(seconds.isFinite ? seconds : 0))
        return String(format: "%d:%02d", total / 60, total % 60)
    }
}
