import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// Random seeks during playback, alternating keyframe and exact: from the command to the window
/// presenting the new position's first frame.
@MainActor
struct SeekMeasurement {
    let spec: ClipSpec
    let url: URL
    /// Seeks of each kind.
    let count: Int

    func run() throws(BenchError) -> Metrics {
        let stage = try BenchStage(configuration: PlayerConfiguration(timeTickInterval: 1), title: "Seeks")
        defer { stage.close() }
        stage.player.load(MediaItem(url: url, title: "Seeks"), autoplay: true)
        try stage.run(timeout: 15, waitingFor: "the first frame") { $0 != nil }
        var generator = SplitMix(seed: 2024)
        var latencies: [Bool: [Double]] = [false: [], true: []]
        var timeouts = 0
        // Targets stop short of the end so playback never ends between two seeks.
        let latest = max(spec.duration - 1.5, 0.1)
        for index in 0..<(2 * count) {
            let exact = index % 2 == 1
            let target = Double.random(in: 0...latest, using: &generator)
            if let latency = try seek(stage, to: target, exact: exact) {
                latencies[exact, default: []].append(latency)
            } else {
                timeouts += 1
            }
            // Let playback settle on the new position before the next command.
            stage.run(for: 0.2)
        }
        var metrics = Metrics()
        metrics.setMilliseconds(.keyframeSeekP50Ms, Statistics.percentile(50, of: latencies[false] ?? []))
        metrics.setMilliseconds(.keyframeSeekP95Ms, Statistics.percentile(95, of: latencies[false] ?? []))
        metrics.setMilliseconds(.exactSeekP50Ms, Statistics.percentile(50, of: latencies[true] ?? []))
        metrics.setMilliseconds(.exactSeekP95Ms, Statistics.percentile(95, of: latencies[true] ?? []))
        metrics[.seekTimeouts] = Double(timeouts)
        return metrics
    }

    /// Seconds from the command to the present of the seek's first frame; `nil` after 3 s without one.
    private func seek(_ stage: BenchStage, to target: Double, exact: Bool) throws(BenchError) -> Double? {
        let completedBefore = stage.seeksCompleted
        let commandedAt = MediaPlayer.now
        stage.player.seek(to: target, exact: exact)
        var presentedAt: Double?
        do {
            try stage.run(timeout: 3, waitingFor: "a seek") { frame in
                if stage.seeksCompleted > completedBefore, let frame { presentedAt = frame.presentedAt }
                return presentedAt != nil
            }
        } catch .timedOut {
            return nil
        }
        return presentedAt.map { $0 - commandedAt }
    }
}
