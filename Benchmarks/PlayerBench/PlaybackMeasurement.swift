import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// Plays one clip to its end in real time and measures presentation, A/V sync and the overlay.
@MainActor
struct PlaybackMeasurement {
    /// A flash and a click belong together when they are at most this far apart.
    private static let pairingWindow = 0.25

    let spec: ClipSpec
    let url: URL
    let title: String
    /// What lies over the video besides the controls.
    var overlay = BenchStage.Overlay.none

    func run() throws(BenchError) -> Metrics {
        let clicks = ClickLog()
        let configuration = PlayerConfiguration(
            timeTickInterval: 1, audioSink: { ClickTimingSink(log: clicks) }, preloadsNext: false)
        let stage = try BenchStage(configuration: configuration, title: title, overlay: overlay)
        defer { stage.close() }
        var frames: [PresentedFrame] = []
        // Steady playback for the redraw rate: after the iteration that shows the first frame (the
        // first full paint and the loading state come before) and before the one that ends the clip
        // (its status change repaints the play button).
        var redrawsAtFirstFrame = 0
        var steady: (redraws: Int, until: Double)?
        // When the clock started: the item stays loading, its first picture shown, until the
        // pictures after it are decoded.
        var startedAt: Double?
        let loadedAt = MediaPlayer.now
        stage.player.load(MediaItem(url: url, title: title), autoplay: true)
        try stage.run(timeout: spec.duration + 15, waitingFor: "the end of \(title)") { frame in
            if startedAt == nil, stage.player.status == .playing { startedAt = MediaPlayer.now }
            let redraws = stage.window.statistics.overlayRedraws
            if let frame {
                if frames.isEmpty {
                    redrawsAtFirstFrame = redraws
                    if overlay == .slidingComment {
                        SlidingComment.start(in: stage.context, sliding: spec.duration)
                    }
                }
                frames.append(frame)
            }
            guard stage.player.status != .ended else { return true }
            if !frames.isEmpty { steady = (redraws - redrawsAtFirstFrame, MediaPlayer.now) }
            return false
        }
        let endedAt = MediaPlayer.now
        var metrics = Metrics()
        metrics[.framesPresented] = Double(stage.player.framesPresented)
        metrics[.framesDropped] = Double(stage.player.framesDropped)
        let shown = stage.player.framesPresented + stage.player.framesDropped
        metrics[.dropPercent] = shown > 0 ? Double(stage.player.framesDropped) / Double(shown) * 100 : nil
        metrics[.wallSeconds] = endedAt - loadedAt
        let clipFrames = spec.duration * spec.frameRate.value
        metrics[.shownPercent] = Double(stage.player.framesPresented) / clipFrames * 100
        // The waits between pictures while the clock runs, the first from its start.
        let start = startedAt ?? frames.first?.presentedAt ?? 0
        let moving = [start] + frames.map(\.presentedAt).filter { $0 > start }
        let gaps = zip(moving, moving.dropFirst()).map { $1 - $0 }
        metrics.setMilliseconds(.longestFrameGapMs, gaps.max())
        if let first = frames.first, let startedAt {
            metrics.setMilliseconds(.prerollMs, max(0, startedAt - first.presentedAt))
        }
        let statistics = stage.player.statistics
        metrics[.soundGaps] = Double(statistics.audioUnderruns)
        metrics[.stalls] = Double(statistics.stallCount)
        metrics[.picturesSkipped] = Double(statistics.picturesSkipped)
        if let first = frames.first {
            metrics.setMilliseconds(.firstFrameMs, first.presentedAt - loadedAt)
        }
        if let first = frames.first, let steady {
            metrics[.overlayRedrawsPerSecond] =
                Double(steady.redraws) / max(steady.until - first.presentedAt, 0.001)
        }
        metrics.setMilliseconds(.composeMeanMs, Statistics.mean(stage.composeSeconds))
        metrics.setMilliseconds(.composeP95Ms, Statistics.percentile(95, of: stage.composeSeconds))
        if !spec.syncMarks.isEmpty { addSyncOffsets(frames: frames, clicks: clicks.onsets, to: &metrics) }
        return metrics
    }

    /// Pairs each presented flash with the click heard nearest to it; positive offsets mean the
    /// picture came after the sound.
    private func addSyncOffsets(frames: [PresentedFrame], clicks: [Double], to metrics: inout Metrics) {
        let halfFrame = spec.time(ofFrame: 1) / 2
        let flashTimes = spec.flashFrames.map { spec.time(ofFrame: $0) }
        let flashes = frames.filter { frame in flashTimes.contains { abs($0 - frame.mediaTime) < halfFrame } }
        let offsets = flashes.compactMap { flash -> Double? in
            guard let click = clicks.min(by: { abs($0 - flash.presentedAt) < abs($1 - flash.presentedAt) }),
                abs(click - flash.presentedAt) <= Self.pairingWindow
            else { return nil }
            return flash.presentedAt - click
        }
        let magnitudes = offsets.map(abs)
        metrics[.avPairs] = Double(offsets.count)
        metrics.setMilliseconds(.avP50Ms, Statistics.percentile(50, of: magnitudes))
        metrics.setMilliseconds(.avP99Ms, Statistics.percentile(99, of: magnitudes))
        metrics.setMilliseconds(.avMaxMs, magnitudes.max())
        metrics.setMilliseconds(.avMeanSignedMs, Statistics.mean(offsets))
    }
}
