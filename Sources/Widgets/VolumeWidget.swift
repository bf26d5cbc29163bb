/// The view model of ``VolumeWidget``: the level icon, mute toggling and the slider.
///
/// > Important: Main actor only; created by the context.
public final class VolumeService: Service {
    @StateSync(serviceType: RenderService.self, keyPath: \.$volume) var volume
    @StateSync(serviceType: RenderService.self, keyPath: \.$isMuted) var isMuted
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The level the slider shows: 0 while muted.
    public var level: Double { isMuted ? 0 : volume }

    /// The icon for the level: muted, low, medium or high.
    public var symbol: SymbolName {
        switch level {
        case ...0: .volumeMute
        case ..<0.34: .volumeLow
        case ..<0.67: .volumeMedium
        default: .volumeHigh
        }
    }

    /// Mutes, or unmutes (to a usable level when the volume was dragged to zero).
    public func toggleMute() {
        guard let render = context?.render else { return }
        if isMuted || volume == 0 {
            if volume == 0 { render.setVolume(0.5) }
            render.unmute()
        } else {
            render.mute()
        }
    }

    /// The step of the slider's arrow keys.
    public static let keyStep = 0.1

    /// The focused slider's keys: Left and Right step the level, Home and End go to silence and
    /// to full; `false` for other keys.
    public func handleSliderKey(_ press: KeyPress) -> Bool {
        switch press.key {
        case .leftArrow: adjust(.decrement)
        case .rightArrow: adjust(.increment)
        case .home: setLevel(0)
        case .end: setLevel(1)
        default: return false
        }
        return true
    }

    /// Moves the level one ``keyStep`` up or down (an arrow key, or a screen reader's step).
    public func adjust(_ direction: AccessibilityAdjustmentDirection) {
        setLevel(level + (direction == .increment ? Self.keyStep : -Self.keyStep))
    }

    /// The level as a screen reader says it: "80 %", or "Muted".
    public var spokenLevel: String {
        isMuted ? "Muted" : AccessibilityNumericValue.percentText(volume)
    }

    /// Sets the volume to `level` (0...1), unmuting.
    public func setLevel(_ level: Double) {
        guard let render = context?.render else { return }
        render.setVolume(min(max(level, 0), 1))
        if isMuted { render.unmute() }
    }
}

/// A volume icon that mutes on tap, beside a slider that sets the volume when pressed or dragged.
///
/// ```swift
/// context.control.configure(.fullScreen(.bottom2)) { [PlaybackWidget(), VolumeWidget(), Spacer()] }
/// ```
public struct VolumeWidget: Widget {
    /// The slider's width in points.
    public let sliderWidth: Double

    /// A volume control with a slider `sliderWidth` points wide.
    public init(sliderWidth: Double = 64) {
        self.sliderWidth = sliderWidth
    }

    public var body: some Widget {
        WithService(VolumeService.self) { service in
            let theme = service.theme
            let level = service.level
            HStack(spacing: theme.spacing / 2) {
                Symbol(service.symbol).font(Font(size: theme.iconSize)).contentShape()
                    .onTap { service.toggleMute() }
                    .themedFocus(theme)
                    .accessibilityLabel(service.isMuted || service.volume == 0 ? "Unmute" : "Mute")
                    .accessibilityIdentifier("volume.icon")
                Canvas { graphics, size in
                    // The track is inset by the knob's radius, so the knob stays whole at 0 and 1.
                    let radius = Self.knobRadius(theme)
                    let bar = Rect(
                        x: radius, y: (size.height - theme.barThickness) / 2,
                        width: max(0, size.width - 2 * radius), height: theme.barThickness)
                    graphics.fill(bar, with: theme.track)
                    graphics.fill(
                        Rect(x: bar.minX, y: bar.minY, width: bar.width * level, height: bar.height),
                        with: theme.foreground)
                    graphics.fillCircle(
                        center: Point(x: bar.minX + bar.width * level, y: size.height / 2), radius: radius,
                        color: theme.foreground)
                }
                .frame(width: sliderWidth, height: theme.iconSize)
                .contentShape()
                .onPointer { pointer in
                    guard pointer.phase == .down || pointer.phase == .moved, pointer.size.width > 0 else {
                        return
                    }
                    let radius = Self.knobRadius(theme)
                    let track = max(1, pointer.size.width - 2 * radius)
                    service.setLevel((pointer.location.x - radius) / track)
                }
                .themedFocus(theme) { service.handleSliderKey($0) }
                .accessibilityLabel("Volume")
                .accessibilityValue(
                    service.spokenLevel, current: level, in: 0...1, step: VolumeService.keyStep
                )
                .accessibilityAdjustableAction { service.adjust($0) }
                .accessibilitySetValueAction { service.setLevel($0) }
                .accessibilityIdentifier("volume.slider")
            }
            .foregroundColor(theme.foreground)
        }
    }

    private static func knobRadius(_ theme: Theme) -> Double { theme.barThickness * 1.5 }
}
