import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures
import VideoPlayerWidgets

/// A whole player, with its spinner and error overlay, in a window on the live clock while the
/// server slows, stalls and comes back (both deliveries, progressive MP4 and HLS): how steadily the
/// spinner turns while buffering, how long the main thread is held at once and how long the window
/// goes without a present while the engine waits for data, and how long commands and taps take on
/// the main thread. The worse delivery counts.
@MainActor
struct NetworkMeasurement {
    let spec: ClipSpec

    /// What one pass of the loop saw while a condition was awaited.
    private struct Watch {
        var longestIteration = 0.0
        var longestWithoutPresent = 0.0
        var longestWithoutSpinnerStep = 0.0
    }

    func run() throws(BenchError) -> Metrics {
        var metrics = Metrics()
        for delivery in ServedClip.Delivery.allCases {
            let measured = try measure(delivery)
            for (metric, value) in measured { metrics[metric] = max(metrics[metric] ?? 0, value) }
        }
        return metrics
    }

    private func measure(_ delivery: ServedClip.Delivery) throws(BenchError) -> Metrics {
        let clip: ServedClip
        do {
            clip = try ServedClip(delivery, spec: spec)
        } catch {
            throw .clipUnavailable("\(error)")
        }
        let context = Context()
        context.render.configuration = PlayerConfiguration(networkTimeout: 1.5, timeTickInterval: 0.25)
        context.container.insert(overlay: "loading", above: .render) { LoadingWidget() }
        context.container.insert(overlay: "error", above: .control) { ErrorWidget() }
        let window = PlayerWindow(title: "Network", size: Size(width: 320, height: 180), context: context) {
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
        var metrics = Metrics()
        var commands: [Double] = []

        clip.server.throttle(bytesPerSecond: clip.bytesPerSecond * 3 / 2)
        commands.append(Self.seconds { render.load(clip.item, autoplay: true) })
        try watch(window, context, "playback", timeout: 10) {
            render.status == .playing && render.currentTime > 0.5
        }

        // Slower than the bit rate: the player waits for data and the spinner turns.
        clip.server.throttle(bytesPerSecond: clip.bytesPerSecond / 4)
        try watch(window, context, "buffering", timeout: 10) { render.status == .buffering }
        let spinning = try watch(window, context, timeout: 1) { false }
        metrics.setMilliseconds(.networkSpinnerGapMs, spinning.longestWithoutSpinnerStep)

        // Stalled past the timeout until the error shows: the engine waits, the interface must not.
        clip.server.stall()
        let stall = try watch(window, context, "the timeout", timeout: 10) { render.error != nil }
        metrics.setMilliseconds(.networkStallIterationMs, stall.longestIteration)
        metrics.setMilliseconds(.networkStallPresentGapMs, stall.longestWithoutPresent)

        // The server is back: Retry, tapped, plays on.
        clip.server.stop()
        clip.server.throttle(bytesPerSecond: nil)
        do {
            try clip.server.start()
        } catch {
            throw .playbackFailed("the server did not start again: \(error)")
        }
        guard let host = window.host, let retry = host.frame(ofIdentifier: "error.retry") else {
            throw .playbackFailed("no Retry button after the network failed")
        }
        let point = Point(x: retry.midX, y: retry.midY)
        commands.append(Self.seconds { host.handle(.pointerDown(point)) })
        commands.append(Self.seconds { host.handle(.pointerUp(point)) })
        let started = MediaPlayer.now
        try watch(window, context, "playback after Retry", timeout: 10) {
            render.status == .playing && render.statistics.framesPresented > 0
        }
        metrics.setMilliseconds(.networkRetryFirstFrameMs, MediaPlayer.now - started)
        metrics.setMilliseconds(.networkCommandMs, commands.max())
        return metrics
    }

    /// Runs the window's loop until `condition` holds, watching it; with a `what`, not holding
    /// after `timeout` seconds throws, otherwise the loop just stops then.
    @discardableResult
    private func watch(
        _ window: PlayerWindow, _ context: Context, _ what: String? = nil, timeout: Double,
        until condition: () -> Bool
    ) throws(BenchError) -> Watch {
        var watch = Watch()
        let started = MediaPlayer.now
        var lastPresent = started
        var lastStep = started
        var presents = window.statistics.presents
        var phase = context[LoadingService.self].phase
        while !condition() {
            let now = MediaPlayer.now
            if now - started > timeout {
                if let what { throw .timedOut(what) }
                break
            }
            // NB: a short wait keeps the loop close to a busy one, so a held main thread shows.
            window.runOnce(maxWait: 0.002)
            let end = MediaPlayer.now
            watch.longestIteration = max(watch.longestIteration, end - now)
            if window.statistics.presents > presents {
                presents = window.statistics.presents
                lastPresent = end
            }
            // NB: the spinner turns only while the player loads or buffers; a gap counts from a step,
            // or from when it began turning.
            if context[LoadingService.self].phase != phase || !context[LoadingService.self].isLoading {
                phase = context[LoadingService.self].phase
                lastStep = end
            }
            watch.longestWithoutPresent = max(watch.longestWithoutPresent, end - lastPresent)
            watch.longestWithoutSpinnerStep = max(watch.longestWithoutSpinnerStep, end - lastStep)
        }
        return watch
    }

    private static func seconds(_ work: () -> Void) -> Double {
        let started = MediaPlayer.now
        work()
        return MediaPlayer.now - started
    }
}
