/// A font request for `Text`: a size in points and a weight, drawn with a system font through SDL2_ttf.
public struct Font: Hashable, Sendable {
    /// The stroke weights the bundled font families offer.
    public enum Weight: Hashable, Sendable {
        /// The normal weight of running text.
        case regular
        /// A heavier weight, for emphasis and titles.
        case bold
    }

    /// The size in points.
    public var size: Double
    /// How heavy the strokes are.
    public var weight: Weight
    /// Digits take equal widths, so a ticking time label does not jitter.
    public var monospacedDigits: Bool

    /// A font of `size` points.
    public init(size: Double, weight: Weight = .regular, monospacedDigits: Bool = false) {
        self.size = size
        self.weight = weight
        self.monospacedDigits = monospacedDigits
    }

    /// The system font at `size` points, as SwiftUI's `Font.system(size:weight:)`.
    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    /// The same font in bold.
    public func bold() -> Font { Font(size: size, weight: .bold, monospacedDigits: monospacedDigits) }

    /// The largest text style: 28 points, bold.
    public static let largeTitle = Font(size: 28, weight: .bold)
    /// A title: 20 points, bold.
    public static let title = Font(size: 20, weight: .bold)
    /// A headline: 15 points, bold.
    public static let headline = Font(size: 15, weight: .bold)
    /// Running text: 14 points.
    public static let body = Font(size: 14)
    /// Text beside other content: 13 points.
    public static let callout = Font(size: 13)
    /// Small print, such as a time label: 11 points.
    public static let caption = Font(size: 11)
}

extension Font {
    /// The size `text` takes drawn in this font, in points: its widest line and the height of its
    /// lines, wrapped at `maxWidth` when given, as a `Text` of it lays out at one pixel a point.
    /// What a widget that places text itself measures with, such as a marquee or flying comments.
    @MainActor
    public func size(of text: String, maxWidth: Double? = nil) -> Size {
        TextEngine.shared.layout(text, font: self, scale: 1, maxWidth: maxWidth, lineLimit: nil).size
    }
}
