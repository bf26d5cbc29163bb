/// What ``TimelineWidget`` writes.
public enum TimelineStyle: Hashable, Sendable {
    /// `1:05 / 3:20`.
    case elapsedAndDuration
    /// `-2:15`.
    case remaining
    /// `1:05`.
    case elapsed
}

/// The view model of ``TimelineWidget``: the time text for the position (or the time being scrubbed).
///
/// > Important: Main actor only; created by the context.
public final class TimelineService: Service {
    /// What the label writes; a tap on the label toggles between elapsed/duration and remaining.
    @ViewState public var style = TimelineStyle.elapsedAndDuration
    @StateSync(serviceType: RenderService.self, keyPath: \.$currentTime) var currentTime
    @StateSync(serviceType: RenderService.self, keyPath: \.$duration) var duration
    @StateSync(serviceType: RenderService.self, keyPath: \.$isLive) var isLive
    @StateSync(serviceType: RenderService.self, keyPath: \.$isAtLiveEdge) var isAtLiveEdge
    @StateSync(serviceType: RenderService.self, keyPath: \.$seekableRange) var seekableRange
    @StateSync(serviceType: SeekBarService.self, keyPath: \.$scrubTime) var scrubTime
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The label: follows the seek bar while it is dragged so the user sees where they will land.
    ///
    /// A live stream has no duration: the label says how far behind its edge the position is
    /// (`-0:42`), or "Live" at the edge.
    public var text: String {
        let time = scrubTime ?? currentTime
        if isLive, let edge = seekableRange?.upperBound {
            if scrubTime == nil && isAtLiveEdge { return "Live" }
            return "-"
                + TimeFormat.string(max(0, edge - time), longest: edge - (seekableRange?.lowerBound ?? 0))
        }
        let longest = duration ?? time
        switch style {
        case .elapsed:
            return TimeFormat.string(time, longest: longest)
        case .remaining:
            return "-" + TimeFormat.string(max(0, longest - time), longest: longest)
        case .elapsedAndDuration:
            let total = duration.map { TimeFormat.string($0, longest: $0) } ?? "--:--"
            return TimeFormat.string(time, longest: longest) + " / " + total
        }
    }

    /// Switches between elapsed/duration and remaining.
    public func toggleStyle() {
        style = style == .remaining ? .elapsedAndDuration : .remaining
    }
}

/// The position and duration as text with equal-width digits, so the label does not jitter.
///
/// ```swift
/// context.control.configure(.halfScreen(.bottom2)) { [TimelineWidget(), Spacer(), FullscreenWidget()] }
/// context[TimelineService.self].style = .remaining   // or a tap on the label
/// ```
public struct TimelineWidget: Widget {
    /// A time label.
    public init() {}

    public var body: some Widget {
        WithService(TimelineService.self) { service in
            Text(service.text)
                .font(service.theme.bodyFont(monospacedDigits: true))
                .foregroundColor(service.theme.foreground)
                .onTap { service.toggleStyle() }
                .themedFocus(service.theme)
                .accessibilityHint(
                    service.style == .remaining
                        ? "Shows the elapsed time and duration" : "Shows the remaining time"
                )
                .accessibilityAddTraits(.updatesFrequently)
                .accessibilityIdentifier("timeline")
        }
    }
}
