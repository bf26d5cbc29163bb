/// A goal the project set itself, shown next to the measured value; a miss is reported, never fatal.
struct Target: Sendable {
    let name: String
    let unit: String
    let limit: Double
    /// Whether the value must stay strictly below the limit (otherwise at most the limit).
    let strictlyBelow: Bool
    let measure: @Sendable (BenchReport) -> Double?

    static let all: [Target] = [
        Target("CPU vs ffplay, 1080p30 with UI", "x", 0.6) { $0.ratio(.hd30, .cpuSeconds) },
        Target("CPU vs ffplay, worst clip", "x", 0.8) { report in
            Scenario.playback.compactMap { report.ratio($0, .cpuSeconds) }.max()
        },
        Target("CPU vs mpv sw-fast, X window, 1080p30", "x", 0.7) {
            $0.xWindow?.cpuRatio(to: .mpvSoftwareFast, .hd30)
        },
        Target("CPU vs ffplay, X window, worst clip", "x", 0.8) { report in
            Scenario.playback.compactMap { report.xWindow?.cpuRatio(to: .ffplay, $0) }.max()
        },
        Target("Dropped frames, 1080p30", "frames", 0) { $0.ours(.hd30, .framesDropped) },
        Target("Dropped frames, 1080p60", "frames", 0) { $0.ours(.hd60, .framesDropped) },
        Target("A-V offset p99", "ms", 20) { $0.ours(.sync, .avP99Ms) },
        Target("Sound gaps, 4K60 on too few cores", "gaps", 0) { $0.ours(.overload, .soundGaps) },
        Target("Stalls, 4K60 on too few cores", "stalls", 0) { $0.ours(.overload, .stalls) },
        Target("A-V offset p99, 4K60 on too few cores", "ms", 40) { $0.ours(.overload, .avP99Ms) },
        Target("Time to first frame, 1080p30", "ms", 80) { $0.ours(.hd30, .firstFrameMs) },
        Target("Keyframe seek p95", "ms", 60) { $0.ours(.seek, .keyframeSeekP95Ms) },
        Target("Exact seek p95", "ms", 200) { $0.ours(.seek, .exactSeekP95Ms) },
        Target("Switch to a preloaded item", "ms", 20) { $0.ours(.queueSwitch, .switchPreloadedMs) },
        Target("Gap at a loop point", "samples", 0) { $0.ours(.loop, .loopGapSamples) },
        Target("Clicks at loop points", "clicks", 0) { $0.ours(.loop, .loopClicks) },
        Target("Gap between queue items", "samples", 0) { $0.ours(.gapless, .gaplessGapSamples) },
        Target("Clicks between queue items", "clicks", 0) { $0.ours(.gapless, .gaplessClicks) },
        Target("Spinner step gap while buffering", "ms", 125) { $0.ours(.network, .networkSpinnerGapMs) },
        Target("Main thread held in a network stall", "ms", 50) {
            $0.ours(.network, .networkStallIterationMs)
        },
        Target("Present gap in a network stall", "ms", 125) { $0.ours(.network, .networkStallPresentGapMs) },
        Target("Command or tap on the main thread", "ms", 20) { $0.ours(.network, .networkCommandMs) },
        Target("Streaming startup on loopback", "ms", 300) { $0.ours(.streaming, .streamStartupMs) },
        Target("Stalls, cap above the lowest rendition", "stalls", 0) { $0.ours(.streaming, .streamStalls) },
        Target("Bytes fetched / bytes played, ladder", "x", 1.1) { $0.ours(.streaming, .streamBytesRatio) },
        Target("Stalls following a live stream at its edge", "stalls", 0) { $0.ours(.live, .liveStalls) },
        Target("Stalls following a live DASH stream at its edge", "stalls", 0) {
            $0.ours(.liveDASH, .liveStalls)
        },
        Target("Bytes fetched / bytes played, live ladders", "x", 1.1) { report in
            [Scenario.live, .liveDASH].compactMap { report.ours($0, .liveBytesRatio) }.max()
        },
        Target("Peak RSS, largest 1080p clip", "MiB", 110) { report in
            Scenario.playback.compactMap { report.ours($0, .peakRSSMiB) }.max()
        },
        Target("Overlay redraws/s, ticking label", "/s", 1) { $0.ours(.hd30, .overlayRedrawsPerSecond) },
        Target("Full redraw of the layout, Cairo paint", "ms", 2) { $0.ours(.idle, .fullPaintMs) },
        Target("Paused idle CPU", "%", 1, strictlyBelow: true) { $0.ours(.idle, .idleCPUPercent) },
        Target("Scrolling frame, lazy list of 10,000 / of 20 rows", "x", 2) { report in
            guard let long = report.ours(.lists, .lazyList10kFrameMs),
                let short = report.ours(.lists, .lazyList20FrameMs), short > 0
            else { return nil }
            return long / short
        },
    ]

    init(
        _ name: String, _ unit: String, _ limit: Double, strictlyBelow: Bool = false,
        measure: @escaping @Sendable (BenchReport) -> Double?
    ) {
        self.name = name
        self.unit = unit
        self.limit = limit
        self.strictlyBelow = strictlyBelow
        self.measure = measure
    }

    /// The target checked against `report`.
    func check(_ report: BenchReport) -> BenchReport.TargetResult {
        let value = measure(report)
        let met = value.map { strictlyBelow ? $0 < limit : $0 <= limit }
        return BenchReport.TargetResult(name: name, measured: value, limit: limit, unit: unit, met: met)
    }

    /// "≤ 20 ms", "< 1 %".
    var limitText: String { "\(strictlyBelow ? "<" : "≤") \(ReportTable.number(limit)) \(unit)" }
}
