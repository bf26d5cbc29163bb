import Foundation

/// ASS script headers for tests: a play resolution and styles described by what a test checks
/// (font size, colour, alignment), written as libass reads them.
///
/// ```swift
/// let header = TestScript.header(width: 640, height: 360, styles: [.init(name: "Top", size: 40, colour: 0xFF0000, alignment: 8)])
/// ```
public enum TestScript {
    /// One style: bold text in one colour, no border or shadow.
    public struct Style: Sendable {
        public var name: String
        public var font: String
        public var size: Double
        /// The text's colour as 0xRRGGBB.
        public var colour: UInt32
        /// The numpad position (2 bottom centre, 8 top centre...).
        public var alignment: Int
        /// The distance from the top or bottom edge, in script pixels.
        public var marginV: Int

        public init(
            name: String, font: String = "DejaVu Sans", size: Double, colour: UInt32, alignment: Int,
            marginV: Int = 10
        ) {
            self.name = name
            self.font = font
            self.size = size
            self.colour = colour
            self.alignment = alignment
            self.marginV = marginV
        }

        /// The style's line, with the colour in ASS's &HAABBGGRR order.
        var line: String {
            let bgr = String(
                format: "&H00%02X%02X%02X", colour & 0xFF, (colour >> 8) & 0xFF, (colour >> 16) & 0xFF)
            return
                "Style: \(name),\(font),\(size),\(bgr),\(bgr),&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,"
                + "\(alignment),10,10,\(marginV),1"
        }
    }

    /// A script header of `width`x`height` play pixels with `styles`, ending with the events' format
    /// line, so that "Dialogue:" lines may follow.
    public static func header(width: Int, height: Int, styles: [Style]) -> String {
        """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: \(width)
        PlayResY: \(height)

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, \
        Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, \
        Alignment, MarginL, MarginR, MarginV, Encoding
        \(styles.map(\.line).joined(separator: "\n"))

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """
    }
}
