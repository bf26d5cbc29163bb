import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// A whole player in a window on the live clock playing ``StreamingLadder`` in `.auto` while its
/// throughput cap comes and goes: startup time, stalls, rendition switches, and the bytes fetched
/// over the bytes the renditions played need.
@MainActor
struct StreamingMeasurement {
    let smoke: Bool
    let cache: URL

    func run() throws(BenchError) -> Metrics {
        let ladder = try StreamingLadder(smoke: smoke, cache: cache)
        defer { ladder.stop() }
        let context = Context()
        let window = PlayerWindow(title: "Streaming", size: Size(width: 640, height: 360), context: context) {
            PlayerWidget(context)
        }
        do {
            try window.open()
        } catch {
            throw .windowUnavailable("\(error)")
        }
        defer {
            context.render.load([])
            window.close()
        }
        let render = context.render
        ladder.startSchedule()
        render.load(MediaItem(url: ladder.url), autoplay: true)
        let deadline = MediaPlayer.now + ladder.duration + 30
        var heights: Set<Int> = []
        while render.status != .ended {
            if case .failed(let error) = render.status { throw .playbackFailed("\(error)") }
            guard MediaPlayer.now < deadline else { throw .timedOut("the end of the stream") }
            window.runOnce(maxWait: 0.01)
            if let height = render.currentRendition?.height { heights.insert(height) }
        }
        let statistics = render.statistics
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
