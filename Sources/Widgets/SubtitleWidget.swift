import Foundation

/// The view model of ``SubtitleWidget``: the active cues, whether subtitles show, and their size.
///
/// > Important: Main actor only; created by the context.
public final class SubtitleService: Service {
    /// Whether subtitles are drawn (the `s` key and the track picker's "Off" toggle it).
    @ViewState public var isEnabled = true
    /// Text height as a fraction of the player's height.
    public var relativeFontSize = 0.06
    /// Distance from the bottom edge while the controls show, so cues sit above the control bar.
    public var controlsInset = 56.0
    @ViewState var height = 0.0
    /// The cues at the position: the item's external file (WebVTT or SubRip) and the selected
    /// embedded track, both read by the engine.
    @StateSync(serviceType: RenderService.self, keyPath: \.$activeCues) public var activeCues
    @StateSync(serviceType: ControlService.self, keyPath: \.$isBeingPresented) var controlsShown
    @StateSync(serviceType: ThemeService.self, keyPath: \.$current) var theme

    /// The text to show now, one line per active cue; empty when disabled or between cues.
    public var text: String {
        isEnabled ? activeCues.map(\.text).joined(separator: "\n") : ""
    }

    /// The font size for the player's height, never below the caption size.
    public var fontSize: Double { max(theme.captionFontSize, (height * relativeFontSize).rounded()) }

    /// Records the height the overlay was laid out at.
    func measured(_ height: Double) {
        guard abs(height - self.height) >= 1 else { return }
        self.height = height
    }
}

/// The subtitles of the item (external WebVTT/SubRip or an embedded track), centred at the bottom in
/// a dark box; the text grows with the player and moves above the control bar while it shows.
///
/// ```swift
/// context.container.insert(overlay: "subtitles", above: .render) { SubtitleWidget() }
/// ```
public struct SubtitleWidget: Widget {
    /// The subtitle overlay.
    public init() {}

    public var body: some Widget {
        WithService(SubtitleService.self) { service in
            let theme = service.theme
            ZStack(alignment: .bottom) {
                // NB: the toolkit has no geometry reader; an empty canvas reports the overlay's height
                // when drawn, and a change rebuilds the text at the new size (one extra pass).
                Canvas { _, size in service.measured(size.height) }
                if !service.text.isEmpty {
                    Text(service.text).font(Font(size: service.fontSize, weight: .bold))
                        .foregroundColor(theme.foreground)
                        .padding(EdgeInsets(top: 2, leading: 8, bottom: 2, trailing: 8))
                        .background(
                            RoundedRectangle(cornerRadius: theme.cornerRadius / 2).fill(
                                Color.black.opacity(0.7))
                        )
                        .accessibilityIdentifier("subtitle")
                        .padding(.bottom, service.controlsShown ? service.controlsInset : theme.spacing * 2)
                }
            }
            .allowsHitTesting(false)
        }
    }
}
