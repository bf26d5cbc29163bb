/// Reads the settings after a WebVTT cue's times (`line:10% position:25% align:start`) into a
/// placement; `size`, `vertical` and `region` are not drawn and are ignored, as are unknown or
/// malformed settings.
enum WebVTTCueSettings {
    /// The height of a line that a whole-number `line` setting counts in, as a fraction of the
    /// picture's height (WebVTT's 5.33vh).
    static let lineHeight = 0.0533

    /// The placement `settings` ask for; `nil` when they ask for none.
    static func placement(from settings: Substring) -> SubtitlePlacement? {
        var column: Int?
        var anchorColumn: Int?
        var row: Int?
        var x: Double?
        var y: Double?
        for token in settings.split(whereSeparator: \.isWhitespace) {
            guard let colon = token.firstIndex(of: ":") else { continue }
            let key = token[..<colon]
            let parts = token[token.index(after: colon)...].split(
                separator: ",", omittingEmptySubsequences: false)
            guard let value = parts.first else { continue }
            let qualifier = parts.dropFirst().first
            switch key {
            case "align":
                column = self.column(value) ?? column
            case "position":
                guard let percent = percentage(value) else { continue }
                x = percent
                anchorColumn = qualifier.flatMap(self.column) ?? anchorColumn
            case "line":
                let lineRow = qualifier.flatMap(self.row)
                if let percent = percentage(value) {
                    (y, row) = (percent, lineRow ?? 2)
                } else if let number = Int(value), abs(number) < 1000 {
                    // Lines count down from the top (0 is the first), or up from the bottom (-1 is
                    // the last, where cues sit anyway).
                    if number >= 0 {
                        (y, row) = (Double(number) * lineHeight, lineRow ?? 2)
                    } else if number < -1 {
                        (y, row) = (1 + Double(number + 1) * lineHeight, lineRow ?? 0)
                    }
                }
            default:
                continue
            }
        }
        guard column != nil || x != nil || y != nil else { return nil }
        let finalColumn = anchorColumn ?? column ?? 1
        return SubtitlePlacement(alignment: (row ?? 0) * 3 + finalColumn + 1, x: x, y: y)
    }

    /// "12.5%" as 0.125; `nil` for anything else.
    private static func percentage(_ value: Substring) -> Double? {
        guard value.hasSuffix("%"), let number = Double(value.dropLast()), number.isFinite,
            (0...100).contains(number)
        else { return nil }
        return number / 100
    }

    /// The column an `align` or position-alignment value names.
    private static func column(_ value: Substring) -> Int? {
        switch value {
        case "start", "left", "line-left": 0
        case "center", "middle": 1
        case "end", "right", "line-right": 2
        default: nil
        }
    }

    /// The row a line-alignment value names: the line is the cue's top, middle or bottom.
    private static func row(_ value: Substring) -> Int? {
        switch value {
        case "start": 2
        case "center": 1
        case "end": 0
        default: nil
        }
    }
}
