extension SubtitleColor {
    /// The colours cue markup names: HTML's sixteen basic names (and "orange"), which SubRip's
    /// `<font color>` takes, among them WebVTT's eight colour classes (`<c.yellow>`).
    static let markupNames: [String: UInt32] = [
        "white": 0xFFFFFF, "silver": 0xC0C0C0, "gray": 0x808080, "grey": 0x808080, "black": 0x000000,
        "red": 0xFF0000, "maroon": 0x800000, "yellow": 0xFFFF00, "olive": 0x808000, "lime": 0x00FF00,
        "green": 0x008000, "aqua": 0x00FFFF, "cyan": 0x00FFFF, "teal": 0x008080, "blue": 0x0000FF,
        "navy": 0x000080, "fuchsia": 0xFF00FF, "magenta": 0xFF00FF, "purple": 0x800080, "orange": 0xFFA500,
    ]

    /// A colour as an ASS override tag writes it (``assTagColor``): `&HBBGGRR&`, whose leading "&",
    /// "H" and closing "&" renderers also accept without; `nil` for anything else.
    init?(assTag value: some Collection<UInt8>) {
        guard value.first == UInt8(ascii: "&") || value.first == UInt8(ascii: "H") else { return nil }
        let digits = value.filter {
            $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "H") && $0 != UInt8(ascii: "h")
        }
        guard !digits.isEmpty, digits.count <= 8,
            let number = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
        else { return nil }
        self.init(
            red: UInt8(number & 0xFF), green: UInt8(number >> 8 & 0xFF), blue: UInt8(number >> 16 & 0xFF))
    }

    /// A colour as markup writes it: a name, or hex digits `#RRGGBB`, `RRGGBB` or `#RGB`; `nil` for
    /// anything else.
    init?(markup: some StringProtocol) {
        let value = markup.lowercased()
        if let hex = Self.markupNames[value] {
            self.init(hex: hex)
            return
        }
        let digits = value.hasPrefix("#") ? value.dropFirst() : Substring(value)
        guard digits.count == 6 || (digits.count == 3 && value.hasPrefix("#")),
            let number = UInt32(digits, radix: 16)
        else { return nil }
        if digits.count == 3 {
            // #RGB doubles each digit.
            let (r, g, b) = (number >> 8 & 0xF, number >> 4 & 0xF, number & 0xF)
            self.init(hex: r * 0x11 << 16 | g * 0x11 << 8 | b * 0x11)
        } else {
            self.init(hex: number)
        }
    }
}
