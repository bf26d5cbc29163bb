/// The view model of ``StatsWidget``: playback statistics sampled once a second on the clock.
///
/// > Important: Main actor only; created by the context. Samples only while shown.
public final class StatsService: Service {
    /// Whether the statistics show (the `i` key toggles them).
    @ViewState public private(set) var isShown = false
    /// The lines shown, refreshed every second while shown.
    @ViewState public private(set) var lines: [String] = []
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme
    @Dependency(\.clock) private var clock
    private var timer: TimerToken?
    private var previous: (time: Double, presented: Int)?

    /// Shows or hides the statistics.
    public func toggle() {
        isShown.toggle()
        timer?.cancel()
        previous = nil
        if isShown { sample() }
    }

    private func sample() {
        guard let render = context?.render else { return }
        let statistics = render.statistics
        let now = clock.now
        var fps = 0.0
        if let previous, now > previous.time {
            fps = Double(statistics.framesPresented - previous.presented) / (now - previous.time)
        }
        previous = (now, statistics.framesPresented)
        let size = render.videoSize.map { "\(Int($0.width))×\(Int($0.height))" } ?? "-"
        let bitRate = statistics.bitRate.map(Self.megabits) ?? "-"
        let ahead = max(0, (render.buffered.last?.upperBound ?? render.currentTime) - render.currentTime)
        lines = [
            "Video \(size)  rate \(SpeedService.label(render.rate))  bit rate \(bitRate)"
        ]
        if let rendition = render.currentRendition {
            let declared = rendition.bitRate.map { "  \(Self.megabits($0))" } ?? ""
            let network = statistics.throughputEstimate.map { "  network \(Self.megabits($0))" } ?? ""
            lines.append(
                "Rendition \(rendition.label)\(declared)  \(render.quality == .auto ? "auto" : "fixed")  "
                    + "of \(render.qualities.count)\(network)")
        }
        if statistics.bytesFetched > 0 || statistics.stallCount > 0 || !render.qualities.isEmpty {
            lines.append(
                "Startup \(statistics.startupSeconds.map { Self.fixed($0, 2) + " s" } ?? "-")  "
                    + "stalls \(statistics.stallCount) (\(Self.fixed(statistics.stallSeconds, 1)) s)  "
                    + "fetched \(Self.fixed(Double(statistics.bytesFetched) / 1_000_000, 2)) MB  "
                    + "switches \(statistics.renditionSwitches)")
        }
        lines += [
            "FPS \(Self.fixed(fps, 1))  dropped \(statistics.framesDropped)  "
                + "presented \(statistics.framesPresented)",
            "A-V \(Self.fixed(statistics.avOffset * 1000, 0)) ms  buffer \(Self.fixed(ahead, 1)) s",
            "Decode \(Self.milliseconds(statistics.videoDecodeSecondsPerFrame)) ms/frame  "
                + "compose \(Self.milliseconds(render.lastComposeSeconds)) ms",
        ]
        if statistics.overloadLevel != .none || statistics.picturesSkipped > 0
            || statistics.audioUnderruns > 0
        {
            lines.append(
                "Overload: \(statistics.overloadLevel)  skipped \(statistics.picturesSkipped)  "
                    + "sound gaps \(statistics.audioUnderruns)")
        }
        timer = clock.schedule(after: 1) { [weak self] in self?.sample() }
    }

    private static func megabits(_ bitsPerSecond: Int) -> String {
        "\(fixed(Double(bitsPerSecond) / 1_000_000, 2)) Mb/s"
    }

    private static func milliseconds(_ seconds: Double?) -> String {
        seconds.map { fixed($0 * 1000, 1) } ?? "-"
    }

    private static func fixed(_ value: Double, _ digits: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        return digits == 0 ? "\(Int(rounded))" : "\(rounded)"
    }

    override public func didStop() {
        timer?.cancel()
    }
}

/// mpv-like statistics over the video: picture size, rate, bit rate, the rendition playing in a
/// stream of several (its declared bit rate, whether the player chose it), for a stream its startup
/// time, stalls, bytes fetched and rendition switches, frames per second, dropped frames, audio-video offset, buffer ahead, decode time per picture and the window's compose time, and
/// while the decoder cannot keep up, the work it sheds (`OverloadLevel`), the pictures it skipped
/// and the gaps in the sound; hidden until toggled.
///
/// ```swift
/// context.container.insert(overlay: "stats", above: .control) { StatsWidget() }
/// context[StatsService.self].toggle()   // or the `i` key with KeyboardShortcutsService
/// ```
public struct StatsWidget: Widget {
    /// The statistics overlay.
    public init() {}

    public var body: some Widget {
        WithService(StatsService.self) { service in
            if service.isShown {
                let theme = service.theme
                VStack(alignment: .leading, spacing: 2) {
                    ForEach(service.lines, id: \.self) { line in
                        Text(line).font(theme.captionFont(monospacedDigits: true))
                    }
                }
                .foregroundColor(theme.foreground)
                .padding(theme.spacing / 2)
                .background(RoundedRectangle(cornerRadius: theme.cornerRadius).fill(theme.panelBackground))
                .padding(theme.spacing)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
                .allowsHitTesting(false)
                .accessibilityIdentifier("stats")
            }
        }
    }
}
