import Foundation
import FuzzKit
import VideoPlayerContainer
import VideoPlayerFixtures

/// What a worker process does: one scenario, measured in this process alone, so its CPU time and
/// peak RSS belong to that scenario.
@MainActor
enum Worker {
    /// - Parameter xWindow: whether the window is a real X window on `DISPLAY` (otherwise offscreen).
    static func measure(_ scenario: Scenario, smoke: Bool, cache: URL, xWindow: Bool = false)
        throws(BenchError)
        -> Metrics
    {
        // NB: SDL reads these when it starts; the benchmark has no sound card and, unless told to use
        // an X display, no display, whatever the shell says.
        setenv("SDL_VIDEODRIVER", xWindow ? "x11" : "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let spec = scenario.clip(smoke: smoke)
        let url = try clipURL(spec, cache: cache)
        var metrics: Metrics
        switch scenario {
        case .hd30, .hd60, .portrait, .sync, .overload:
            metrics = try PlaybackMeasurement(spec: spec, url: url, title: "\(scenario.rawValue) clip").run()
        case .subtitles:
            metrics = try PlaybackMeasurement(
                spec: spec, url: url, title: "\(scenario.rawValue) clip", overlay: .subtitles
            ).run()
        case .movingOverlay:
            metrics = try PlaybackMeasurement(
                spec: spec, url: url, title: "\(scenario.rawValue) clip", overlay: .slidingComment
            ).run()
        case .seek:
            metrics = try SeekMeasurement(spec: spec, url: url, count: smoke ? 4 : 30).run()
        case .queueSwitch:
            metrics = try SwitchMeasurement(url: url, count: smoke ? 2 : 5).run()
        case .loop:
            metrics = try LoopMeasurement(spec: spec, url: url, joint: .loopPoint, loops: smoke ? 2 : 5).run()
        case .gapless:
            metrics = try LoopMeasurement(spec: spec, url: url, joint: .queueItem, loops: smoke ? 2 : 5).run()
        case .network:
            metrics = try NetworkMeasurement(spec: spec).run()
        case .streaming:
            metrics = try StreamingMeasurement(smoke: smoke, cache: cache).run()
        case .live:
            metrics = try LiveMeasurement(kind: .hls, smoke: smoke, cache: cache).run()
        case .liveDASH:
            metrics = try LiveMeasurement(kind: .dash, smoke: smoke, cache: cache).run()
        case .idle:
            metrics = try IdleMeasurement(url: url, idleSeconds: smoke ? 1 : 5, redraws: smoke ? 5 : 20).run()
        case .lists:
            metrics = ListMeasurement(frames: smoke ? 20 : 200, eagerFrames: smoke ? 2 : 20).run()
        }
        metrics[.cpuSeconds] = ProcessResources.cpuSeconds
        metrics[.peakRSSMiB] = ProcessUsage.selfPeakRSSMiB
        return metrics
    }

    /// The clip's file in the cache, encoded on first use.
    nonisolated static func clipURL(_ spec: ClipSpec, cache: URL) throws(BenchError) -> URL {
        do {
            return try TestMedia.cachedClip(spec, in: cache)
        } catch {
            throw .clipUnavailable("\(error)")
        }
    }
}
