import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// The full stack (``BenchStage``) playing ``StreamingLadder`` in `.auto` while its throughput cap
/// comes and goes: startup time, stalls, rendition switches, the lowest rendition played, and the
/// bytes fetched over the bytes the renditions played need.
@MainActor
struct StreamingMeasurement {
    let smoke: Bool
    let cache: URL

    func run() throws(BenchError) -> Metrics {
        let ladder = try StreamingLadder(smoke: smoke, cache: cache)
        defer { ladder.stop() }
        let stage = try BenchStage(configuration: PlayerConfiguration(), title: "streaming")
        defer { stage.close() }
        let player = stage.player
        ladder.startSchedule()
        player.load(MediaItem(url: ladder.url), autoplay: true)
        var heights: Set<Int> = []
        try stage.run(timeout: ladder.duration + 30, waitingFor: "the end of the stream") { _ in
            if let height = player.currentRendition?.height { heights.insert(height) }
            return player.status == .ended
        }
        let statistics = player.statistics
        var metrics = Metrics()
        metrics.setMilliseconds(.streamStartupMs, statistics.startupSeconds)
        metrics[.streamStalls] = Double(statistics.stallCount)
        metrics.setMilliseconds(.streamStallMs, statistics.stallSeconds)
        metrics[.streamSwitches] = Double(statistics.renditionSwitches)
        metrics[.streamLowestHeight] = Double(heights.min() ?? 0)
        let needed = ladder.neededBytes()
        if needed > 0 { metrics[.streamBytesRatio] = Double(ladder.server.bodyBytesSent) / Double(needed) }
        return metrics
    }
}
