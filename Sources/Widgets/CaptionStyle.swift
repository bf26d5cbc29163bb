/// How a viewer wants captions to look: the choices the FCC's caption rules (CVAA) ask a player to
/// offer, kept on the ``Theme`` so one assignment restyles every caption.
///
/// ```swift
/// context.theme.current.captionStyle.size = 1.5                    // half as large again
/// context.theme.current.captionStyle.text = .yellow
/// context.theme.current.captionStyle.background = .black.opacity(0) // no box
/// context.theme.current.captionStyle.edge = .outline
/// ```
///
/// It applies to plain subtitles (WebVTT, SubRip, text tracks); the dialogue of styled ASS/SSA
/// subtitles keeps its author's look unless ``overridesStyledSubtitles`` is on. The viewer chooses
/// it in ``CaptionSettingsWidget``.
public struct CaptionStyle: Hashable, Sendable {
    /// The font families of the FCC's list, found through fontconfig.
    public enum FontFamily: String, Hashable, Sendable, CaseIterable {
        /// The player's own: bold DejaVu Sans.
        case standard
        /// A proportional sans-serif face (fontconfig's `sans-serif`).
        case proportionalSans
        /// A monospaced sans-serif face (fontconfig's `monospace`).
        case monospacedSans
        /// A proportional serif face (fontconfig's `serif`).
        case proportionalSerif
        /// A monospaced serif face, as a typewriter's (Courier, or what fontconfig offers for it).
        case monospacedSerif
        /// An informal face (Comic Sans MS, or what fontconfig offers for it).
        case casual
        /// A script face (fontconfig's `cursive`).
        case cursive
        /// Capitals, with lower-case letters as smaller capitals.
        case smallCapitals

        /// The family as a menu shows it.
        public var label: String {
            switch self {
            case .standard: "Default"
            case .proportionalSans: "Sans"
            case .monospacedSans: "Mono"
            case .proportionalSerif: "Serif"
            case .monospacedSerif: "Mono serif"
            case .casual: "Casual"
            case .cursive: "Cursive"
            case .smallCapitals: "Small caps"
            }
        }

        /// The fontconfig name libass asks for; fontconfig falls back to a face it has.
        var fontName: String {
            switch self {
            case .standard, .smallCapitals: "DejaVu Sans"
            case .proportionalSans: "sans-serif"
            case .monospacedSans: "monospace"
            case .proportionalSerif: "serif"
            case .monospacedSerif: "Courier"
            case .casual: "Comic Sans MS"
            case .cursive: "cursive"
            }
        }
    }

    /// How letters are set off from the picture.
    public typealias Edge = PlainCueLook.Edge

    /// The text size as a multiple of ``SubtitleService/relativeFontSize`` (0.5...3).
    public var size = 1.0
    /// The font family.
    public var font = FontFamily.standard
    /// The letters' colour; its alpha is their opacity.
    public var text = Color.white
    /// The box behind each line; alpha 0 draws none.
    public var background = Color.black.opacity(0.7)
    /// The box around the whole caption, behind the line boxes; alpha 0 draws none.
    public var window = Color.clear
    /// How letters are set off from the picture.
    public var edge = Edge.none
    /// The colour of the outline or shadow.
    public var edgeColor = Color.black
    /// Whether the dialogue of styled (ASS/SSA) subtitles is drawn in this style too, instead of its
    /// author's (positioned signs keep theirs).
    public var overridesStyledSubtitles = false

    /// The player's own caption look: bold white text on a translucent black box.
    public init() {}

    /// The sizes a settings menu offers.
    public static let sizes = [0.5, 0.75, 1, 1.5, 2]
    /// The colours a settings menu offers, with their names.
    public static let colors: [(name: String, color: Color)] = [
        ("White", .white), ("Yellow", Color(hex: 0xFFFF00)), ("Green", Color(hex: 0x00FF00)),
        ("Cyan", Color(hex: 0x00FFFF)), ("Blue", Color(hex: 0x0000FF)), ("Magenta", Color(hex: 0xFF00FF)),
        ("Red", Color(hex: 0xFF0000)), ("Black", .black),
    ]
    /// The opacities a settings menu offers.
    public static let opacities = [0, 0.25, 0.5, 0.75, 1]

    /// The look libass draws plain cues in, for text `relativeFontSize` of the video's height.
    public func look(relativeFontSize: Double) -> PlainCueLook {
        var look = PlainCueLook()
        look.fontName = font.fontName
        look.bold = font == .standard || font == .smallCapitals
        look.smallCapitals = font == .smallCapitals
        let scale = size.isFinite ? min(max(size, 0.5), 3) : 1
        look.fontSize = relativeFontSize * scale
        look.text = Self.subtitleColor(text)
        look.background = Self.subtitleColor(background)
        look.window = Self.subtitleColor(window)
        look.edge = edge
        look.edgeColor = Self.subtitleColor(edgeColor)
        return look
    }

    private static func subtitleColor(_ color: Color) -> SubtitleColor {
        func channel(_ value: Double) -> UInt8 {
            UInt8((value.isFinite ? min(max(value, 0), 1) : 0) * 255 + 0.5)
        }
        return SubtitleColor(
            red: channel(color.red), green: channel(color.green), blue: channel(color.blue),
            opacity: color.alpha)
    }
}
