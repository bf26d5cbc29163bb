import Foundation
import FuzzKit
import VideoPlayerContainer

/// A paused player with a static interface: what a full redraw of the layout costs, then the CPU
/// the process uses while nothing changes.
@MainActor
struct IdleMeasurement {
    let url: URL
    /// Seconds of idling measured.
    let idleSeconds: Double
    /// Full redraws timed.
    let redraws: Int

    func run() throws(BenchError) -> Metrics {
        let stage = try BenchStage(configuration: PlayerConfiguration(timeTickInterval: 1), title: "Idle")
        defer { stage.close() }
        stage.player.load(MediaItem(url: url, title: "Idle"), autoplay: true)
        try stage.run(timeout: 15, waitingFor: "the first frame") { $0 != nil }
        // Play past one time tick, then pause and let the play/pause icon settle.
        stage.run(for: 1.2)
        stage.player.pause()
        stage.run(for: 0.6)
        var metrics = fullRedraws(stage)
        let window = stage.window
        let cpuBefore = ProcessResources.cpuSeconds
        let iterationsBefore = window.statistics.iterations
        let startedAt = MediaPlayer.now
        stage.run(for: idleSeconds)
        let elapsed = MediaPlayer.now - startedAt
        metrics[.idleCPUPercent] = (ProcessResources.cpuSeconds - cpuBefore) / elapsed * 100
        metrics[.idleWakeupsPerSecond] = Double(window.statistics.iterations - iterationsBefore) / elapsed
        return metrics
    }

    /// Repaints the whole overlay: `fullPaintMs` is the Cairo paint alone (`WidgetHost.update()`),
    /// `fullRedrawMs` the window's whole present with it (paint, overlay upload, compose).
    private func fullRedraws(_ stage: BenchStage) -> Metrics {
        guard let host = stage.window.host else { return [:] }
        var paints: [Double] = []
        var presents: [Double] = []
        // NB: assigning the clear colour is the host's public way to ask for a full repaint.
        let clearColor = host.clearColor
        for _ in 0..<redraws {
            host.clearColor = clearColor
            let paintStarted = MediaPlayer.now
            host.update()
            paints.append(MediaPlayer.now - paintStarted)
            host.clearColor = clearColor
            let presentsBefore = stage.window.statistics.presents
            _ = stage.step()
            if stage.window.statistics.presents > presentsBefore {
                presents.append(stage.window.statistics.lastComposeSeconds)
            }
        }
        var metrics = Metrics()
        metrics.setMilliseconds(.fullPaintMs, Statistics.median(paints))
        metrics.setMilliseconds(.fullRedrawMs, Statistics.median(presents))
        metrics.setMilliseconds(.fullRedrawP95Ms, Statistics.percentile(95, of: presents))
        return metrics
    }
}
