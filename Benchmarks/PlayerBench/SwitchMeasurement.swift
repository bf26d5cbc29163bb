import Foundation
import VideoPlayerContainer

/// Moving to the next item of a queue: from `next()` to the new item's first frame on screen, once
/// with the next item preloaded (opened and decoded ahead) and once without preloading.
@MainActor
struct SwitchMeasurement {
    let url: URL
    /// Switches in each mode.
    let count: Int

    func run() throws(BenchError) -> Metrics {
        var metrics = Metrics()
        metrics.setMilliseconds(.switchPreloadedMs, Statistics.median(try switches(preloading: true)))
        metrics.setMilliseconds(.switchColdMs, Statistics.median(try switches(preloading: false)))
        return metrics
    }

    private func switches(preloading: Bool) throws(BenchError) -> [Double] {
        let configuration = PlayerConfiguration(timeTickInterval: 1, preloadsNext: preloading)
        let stage = try BenchStage(configuration: configuration, title: "Queue")
        defer { stage.close() }
        let player = stage.player
        player.load((0...count).map { MediaItem(url: url, title: "Item \($0)") }, autoplay: true)
        try stage.run(timeout: 15, waitingFor: "the first item's first frame") { $0 != nil }
        var samples: [Double] = []
        for _ in 0..<count {
            // Play a little, as a viewer would, and give the preload time to open and decode.
            stage.run(for: 0.5)
            if preloading {
                try stage.run(timeout: 10, waitingFor: "the next item's preload") { _ in
                    player.isNextPreloaded
                }
            }
            let commandedAt = MediaPlayer.now
            player.next()
            var presentedAt: Double?
            try stage.run(timeout: 10, waitingFor: "the next item's first frame") { frame in
                presentedAt = frame?.presentedAt
                return presentedAt != nil
            }
            if let presentedAt { samples.append(presentedAt - commandedAt) }
        }
        return samples
    }
}
