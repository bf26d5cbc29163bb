/// The view model of ``SeekBarWidget``: the ranges it draws and what dragging and tapping seek to.
///
/// The bar spans what can be seeked to (``/VideoPlayerContainer/RenderService/seekableRange``): 0 to the
/// duration, or a live stream's window, which slides on as the stream grows.
///
/// While the bar is dragged, ``scrubTime`` follows the pointer and the player seeks at most every
/// ``seekInterval`` seconds: to the nearest keyframe when the pointer moves faster than
/// ``fastDragSpeed``, exactly otherwise. The release (or a tap) seeks exactly.
///
/// > Important: Main actor only; created by the context. Time runs on the injected `clock`.
public final class SeekBarService: Service {
    /// Bar widths per second above which a drag seeks to keyframes only (cheap, approximate).
    public var fastDragSpeed = 0.5
    /// Least seconds between two seeks while dragging.
    public var seekInterval = 0.1
    /// Whether hovering or dragging shows the time and thumbnail preview (``SeekPreviewService``).
    public var showsPreview = true

    /// The time under the pointer while the bar is pressed; `nil` otherwise.
    @ViewState public private(set) var scrubTime: Double?
    /// The time under the pointer while it hovers or drags over the bar; `nil` otherwise.
    @ViewState public private(set) var pointerTime: Double?
    @StateSync(serviceType: RenderService.self, keyPath: \.$currentTime) var currentTime
    @StateSync(serviceType: RenderService.self, keyPath: \.$seekableRange) var seekableRange
    @StateSync(serviceType: RenderService.self, keyPath: \.$isLive) var isLive
    @StateSync(serviceType: RenderService.self, keyPath: \.$isAtLiveEdge) var isAtLiveEdge
    @StateSync(serviceType: RenderService.self, keyPath: \.$buffered) var buffered
    @StateSync(serviceType: RenderService.self, keyPath: \.$chapters) var chapters
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme
    @Dependency(\.clock) private var clock
    private var lastMove: (time: Double, fraction: Double)?
    private var lastSeek: Double?

    /// The fraction of the bar played (the scrubbed time while dragging), 0...1.
    public var playedFraction: Double { fraction(of: scrubTime ?? currentTime) }

    /// The buffered ranges as fractions of the bar.
    public var bufferedFractions: [ClosedRange<Double>] {
        buffered.map { fraction(of: $0.lowerBound)...fraction(of: $0.upperBound) }
    }

    /// Where chapters start, as fractions of the bar (the first chapter's start at 0 excluded).
    public var chapterFractions: [Double] {
        chapters.map { fraction(of: $0.start) }.filter { $0 > 0 && $0 < 1 }
    }

    /// Handles the bar's raw pointer events: hover previews, press-drag-release seeks.
    public func handle(_ pointer: PointerValue) {
        guard let range = seekableRange, range.upperBound > range.lowerBound, pointer.size.width > 0 else {
            return
        }
        let fraction = min(max(pointer.location.x / pointer.size.width, 0), 1)
        let time = range.lowerBound + fraction * (range.upperBound - range.lowerBound)
        switch pointer.phase {
        case .down:
            scrubTime = time
            lastMove = (clock.now, fraction)
            lastSeek = nil
            seekWhileDragging(to: time, fraction: fraction)
        case .moved:
            guard scrubTime != nil else { return }
            scrubTime = time
            seekWhileDragging(to: time, fraction: fraction)
        case .up:
            guard scrubTime != nil else { return }
            context?.render.seek(to: time, exact: true)
            scrubTime = nil
            lastMove = nil
        case .hovered:
            break
        case .exited:
            guard scrubTime == nil else { return }
            pointerTime = nil
            context?.seekPreview.hide()
            return
        }
        pointerTime = scrubTime ?? time
        if showsPreview {
            context?.seekPreview.show(time: time, at: pointer.location.x, barWidth: pointer.size.width)
        }
    }

    /// Seconds the focused bar's Left and Right keys step.
    public var keyStep = 5.0

    /// The focused bar's keys: Left and Right step ``keyStep`` seconds (precisely, as the step
    /// buttons do), Home goes to the start and End to the end (a live stream's live edge); `false`
    /// for other keys.
    public func handleKey(_ press: KeyPress) -> Bool {
        guard let context, let range = seekableRange else { return false }
        switch press.key {
        case .leftArrow: adjust(.decrement)
        case .rightArrow: adjust(.increment)
        case .home: context.render.seek(to: range.lowerBound, exact: true)
        case .end where isLive: context.render.seekToLive()
        case .end: context.render.seek(to: range.upperBound, exact: true)
        default: return false
        }
        return true
    }

    /// Skips ``keyStep`` seconds back or ahead (an arrow key, or a screen reader's step).
    public func adjust(_ direction: AccessibilityAdjustmentDirection) {
        guard let render = context?.render, seekableRange != nil else { return }
        render.skip(by: direction == .increment ? keyStep : -keyStep)
    }

    /// The position as a screen reader says it: "1:05 of 10:00", or for a live stream "Live" or
    /// how far behind live it is.
    public var spokenPosition: String {
        guard let range = seekableRange else { return TimeFormat.string(currentTime) }
        if isLive {
            guard !isAtLiveEdge else { return "Live" }
            return "\(TimeFormat.spoken(range.upperBound - currentTime)) behind live"
        }
        return "\(TimeFormat.string(currentTime, longest: range.upperBound)) of "
            + TimeFormat.string(range.upperBound, longest: range.upperBound)
    }

    private func seekWhileDragging(to time: Double, fraction: Double) {
        let now = clock.now
        let speed = lastMove.map { abs(fraction - $0.fraction) / max(now - $0.time, 1e-3) } ?? 0
        lastMove = (now, fraction)
        guard lastSeek.map({ now - $0 >= seekInterval }) ?? true else { return }
        lastSeek = now
        context?.render.seek(to: time, exact: speed <= fastDragSpeed)
    }

    private func fraction(of time: Double) -> Double {
        guard let range = seekableRange, range.upperBound > range.lowerBound else { return 0 }
        return min(max((time - range.lowerBound) / (range.upperBound - range.lowerBound), 0), 1)
    }
}

/// The seek bar: played, buffered and remaining ranges, chapter marks and a knob; drag or tap to
/// seek; hovering or dragging shows a time tooltip with a thumbnail (``SeekPreviewService``).
///
/// For a live stream the bar spans its window (the DVR window) and ends with a ``LiveBadgeWidget``:
/// red while at the live edge, grey behind it; a tap on it goes back to live.
///
/// ```swift
/// context.control.configure([.halfScreen(.bottom1), .fullScreen(.bottom1)]) { [SeekBarWidget()] }
/// context.theme.current.accent = .red   // the played range
/// ```
/// It takes the width it is offered and a height of four bar thicknesses, easy to hit.
public struct SeekBarWidget: Widget {
    /// A seek bar.
    public init() {}

    public var body: some Widget {
        WithService(SeekBarService.self) { service in
            let theme = service.theme
            let (played, buffered, chapters) =
                (service.playedFraction, service.bufferedFractions, service.chapterFractions)
            let isActive = service.pointerTime != nil
            HStack(spacing: theme.spacing) {
                Canvas { graphics, size in
                    let thickness = theme.barThickness * (isActive ? 1.5 : 1)
                    let bar = Rect(
                        x: 0, y: (size.height - thickness) / 2, width: size.width, height: thickness)
                    func span(_ range: ClosedRange<Double>) -> Rect {
                        Rect(
                            x: bar.minX + range.lowerBound * bar.width, y: bar.minY,
                            width: (range.upperBound - range.lowerBound) * bar.width, height: bar.height)
                    }
                    graphics.fill(bar, with: theme.track)
                    for range in buffered { graphics.fill(span(range), with: theme.buffered) }
                    graphics.fill(span(0...played), with: theme.accent)
                    for start in chapters {
                        graphics.fill(
                            Rect(
                                x: bar.minX + start * bar.width - 1, y: bar.minY, width: 2, height: bar.height
                            ),
                            with: .black)
                    }
                    let radius = theme.barThickness * (isActive ? 2 : 1.5)
                    graphics.fillCircle(
                        center: Point(x: bar.minX + played * bar.width, y: size.height / 2), radius: radius,
                        color: theme.accent)
                }
                .frame(height: theme.barThickness * 4)
                .contentShape()
                .onPointer { service.handle($0) }
                .themedFocus(theme) { service.handleKey($0) }
                .accessibilityLabel("Seek")
                .accessibilityValue(
                    service.spokenPosition, current: service.currentTime,
                    in: service.seekableRange ?? 0...0, step: service.keyStep
                )
                .accessibilityAdjustableAction { service.adjust($0) }
                .accessibilitySetValueAction { service.context?.render.seek(to: $0, exact: true) }
                .accessibilityAddTraits(.updatesFrequently)
                .accessibilityIdentifier("seekBar")
                if service.isLive { LiveBadgeWidget() }
            }
        }
    }
}
