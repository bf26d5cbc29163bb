import VideoPlayerContainer

/// Scrolling long lists in a headless 400x600 host: the time one frame takes (a wheel step, then
/// `WidgetHost.update()`: layout and paint) for a lazy list of 20 rows, a lazy list of 10,000 rows
/// and an eager `VStack` of 10,000 rows, and the bodies the 10,000-row lazy list built for the
/// whole run (its rows are built only near what shows). Then, on the same lists, the time one walk
/// for ``WidgetHost/accessibilityElements`` takes: what a screen-reader bridge pays after each
/// repaint.
@MainActor
struct ListMeasurement {
    /// Wheel steps a frame moves, down then up, so that short and long lists move alike.
    private static let pattern: [Double] = Array(repeating: 1, count: 5) + Array(repeating: -1, count: 5)

    /// Frames measured on each lazy list.
    let frames: Int
    /// Frames measured on the eager list, whose every frame lays out all its rows.
    let eagerFrames: Int

    func run() -> Metrics {
        var metrics = Metrics()
        let short = frameTimes(rows: 20, lazy: true, frames: frames)
        metrics.setMilliseconds(.lazyList20FrameMs, Statistics.median(short.times))
        let long = frameTimes(rows: 10_000, lazy: true, frames: frames)
        metrics.setMilliseconds(.lazyList10kFrameMs, Statistics.median(long.times))
        metrics[.lazyList10kBodies] = Double(long.bodies)
        metrics.setMilliseconds(.accessibilityLazy10kMs, Statistics.median(long.walkTimes))
        metrics[.accessibilityLazy10kElements] = Double(long.elements)
        let eager = frameTimes(rows: 10_000, lazy: false, frames: eagerFrames)
        metrics.setMilliseconds(.eagerList10kFrameMs, Statistics.median(eager.times))
        metrics.setMilliseconds(.accessibilityEager10kMs, Statistics.median(eager.walkTimes))
        return metrics
    }

    private func frameTimes(rows: Int, lazy: Bool, frames: Int) -> (
        times: [Double], bodies: Int, walkTimes: [Double], elements: Int
    ) {
        let list = ScrollView {
            if lazy {
                LazyVStack(alignment: .leading, spacing: 4) { ForEach(0..<rows) { ListRow(index: $0) } }
            } else {
                VStack(alignment: .leading, spacing: 4) { ForEach(0..<rows) { ListRow(index: $0) } }
            }
        }
        let host = WidgetHost(root: list, context: Context(), size: Size(width: 400, height: 600))
        host.update()
        // Into the middle of the list first, where rows were never built.
        host.handle(.scroll(dx: 0, dy: Double(rows) / 2, location: Point(x: 200, y: 300)))
        host.update()
        var times: [Double] = []
        for frame in 0..<frames {
            let started = MediaPlayer.now
            host.handle(
                .scroll(dx: 0, dy: Self.pattern[frame % Self.pattern.count], location: Point(x: 200, y: 300)))
            host.update()
            times.append(MediaPlayer.now - started)
        }
        var walkTimes: [Double] = []
        var elements = 0
        for _ in 0..<max(1, frames / 10) {
            let started = MediaPlayer.now
            elements = host.accessibilityElements.count
            walkTimes.append(MediaPlayer.now - started)
        }
        return (times, host.bodyEvaluationCount, walkTimes, elements)
    }
}

/// A row of a video list: a coloured thumbnail, a title and a line of details.
private struct ListRow: Widget {
    let index: Int

    var body: some Widget {
        HStack(spacing: 8) {
            Color(red: Double(index % 12) / 12, green: 0.4, blue: 0.6).frame(width: 64, height: 36)
            VStack(alignment: .leading, spacing: 2) {
                Text("Video number \(index)").font(.body)
                Text("Channel \(index % 7) · \(index * 13 % 1000)K views").font(.caption)
            }
        }
    }
}
