/// A font request for `Text`: a size in points and a weight, drawn with a system font through SDL2_ttf.
public struct Font: Hashable, Sendable {
    /// The stroke weights the bundled font families offer.
    public enum Weight: Hashable, Sendable {
        case regular
        case bold
    }

    public var size: Double
    public var weight: Weight
    /// Digits take equal widths, so a ticking time label does not jitter.
    public var monospacedDigits: Bool

    public init(size: Double, weight: Weight = .regular, monospacedDigits: Bool = false) {
        self.size = size
        self.weight = weight
        self.monospacedDigits = monospacedDigits
    }

    public static func system(size: Double, weight: Weight = .regular) -> Font {
        Font(size: size, weight: weight)
    }

    public func bold() -> Font { Font(size: size, weight: .bold, monospacedDigits: monospacedDigits) }

    public static let largeTitle = Font(size: 28, weight: .bold)
    public static let title = Font(size: 20, weight: .bold)
    public static let headline = Font(size: 15, weight: .bold)
    public static let body = Font(size: 14)
    public static let callout = Font(size: 13)
    public static let caption = Font(size: 11)
}
