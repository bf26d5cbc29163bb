/// The look every ready-made widget reads: colours, font sizes, spacing, corner radii, icon sizes.
///
/// ```swift
/// context.theme.current.accent = Color(hex: 0xFF0033)   // every widget restyles at once
/// ```
/// Widgets take it from the ``ThemeService`` of their context, so one assignment restyles a player.
public struct Theme: Hashable, Sendable {
    /// The highlight: the played part of the seek bar, the volume level, selected menu rows.
    public var accent = Color(hex: 0x3EA6FF)
    /// Icons and text.
    public var foreground = Color.white
    /// Secondary text (subtitles of rows, durations).
    public var secondaryForeground = Color(white: 0.75)
    /// The part of a bar not yet played or buffered.
    public var track = Color(white: 1, alpha: 0.3)
    /// The buffered part of the seek bar ahead of the position.
    public var buffered = Color(white: 1, alpha: 0.55)
    /// Menus, panels and tooltips.
    public var panelBackground = Color(white: 0.1, alpha: 0.88)
    /// The background of toasts.
    public var toastBackground = Color(white: 0, alpha: 0.75)
    /// Errors and unsupported tracks.
    public var warning = Color.orange
    /// Small print: tooltips, stats, badges.
    public var captionFontSize = 11.0
    /// Labels and menu rows.
    public var bodyFontSize = 14.0
    /// Titles.
    public var titleFontSize = 17.0
    /// Space between widgets and inside panels.
    public var spacing = 8.0
    /// Corner radius of panels, menus, tooltips and toasts.
    public var cornerRadius = 6.0
    /// Side of the square of small icons (volume, fullscreen, step).
    public var iconSize = 22.0
    /// Side of the square of the main play button.
    public var largeIconSize = 40.0
    /// Thickness of the seek and volume bars (their knobs are twice as thick).
    public var barThickness = 4.0
    /// How captions look, as the viewer chose in ``CaptionSettingsWidget``.
    public var captionStyle = CaptionStyle()

    /// The default theme: white on dark, blue accent.
    public init() {}

    /// The default theme.
    public static let standard = Theme()

    /// The body font, optionally with equal-width digits for ticking numbers.
    public func bodyFont(monospacedDigits: Bool = false) -> Font {
        Font(size: bodyFontSize, monospacedDigits: monospacedDigits)
    }

    /// The caption font, optionally with equal-width digits.
    public func captionFont(monospacedDigits: Bool = false) -> Font {
        Font(size: captionFontSize, monospacedDigits: monospacedDigits)
    }
}

/// The theme of one player: `context.theme`.
///
/// > Important: Main actor only. Widgets read ``current`` through `@StateSync`, so changing it
/// > redraws every ready-made widget.
public final class ThemeService: Service {
    /// The theme in effect.
    @ViewState public var current = Theme.standard
}

extension Context {
    /// The theme the ready-made widgets draw with.
    public var theme: ThemeService { self[ThemeService.self] }
}

extension Widget {
    /// Makes a ready-made control reachable from the keyboard: focusable, with its ring in the
    /// theme's accent; `onKeyPress` gets keys while it has the focus (a slider's arrows).
    func themedFocus(_ theme: Theme, onKeyPress: (@MainActor (KeyPress) -> Bool)? = nil) -> some Widget {
        focusable(onKeyPress: onKeyPress).focusRingColor(theme.accent)
    }
}
