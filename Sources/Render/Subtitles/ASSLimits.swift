/// Caps the values of an ASS script that make libass's work grow without bound, so that a hostile
/// or broken script is drawn (as large as the frame at most) instead of freezing the player.
///
/// libass rasterises whole glyphs, borders and drawings before it clips them to the frame: a
/// `\fs99999` takes seconds and a drawing 100,000 units wide gigabytes. The limits are relative to
/// the script's play resolution, so after libass scales the script to the frame they bound the work
/// by the frame's size: font sizes up to the play height, borders and shadows up to an eighth of
/// it, blur up to 32, scaling up to 500 %, drawing and clip coordinates up to twice the play size.
struct ASSLimits {
    let fontSize: Double
    let border: Double
    let coordinate: Double
    /// The script's play width, which positions (`\pos`) are given in.
    let playWidth: Double
    static let blur = 32.0
    static let scale = 500.0

    /// The limits for a script with `header`'s play resolution (libass's 384x288 when it gives none).
    init(header: String) {
        var width: Double?
        var height: Double?
        for line in header.split(whereSeparator: \.isNewline) {
            if let value = Self.playResolution("PlayResX:", in: line) { width = value }
            if let value = Self.playResolution("PlayResY:", in: line) { height = value }
        }
        let playHeight = height ?? width.map { $0 * 3 / 4 } ?? 288
        let playWidth = width ?? height.map { $0 * 4 / 3 } ?? 384
        fontSize = max(playHeight, 1)
        border = max(playHeight / 8, 1)
        coordinate = 2 * max(min(playWidth, playHeight), 1)
        self.playWidth = playWidth
    }

    /// The play resolution `line` sets with `key`, when it is a whole number libass reads as it is
    /// (1...16384); ``sanitized(header:)`` drops the other values, so libass uses its defaults.
    private static func playResolution(_ key: String, in line: Substring) -> Double? {
        let line = line.trimmingBlanks
        guard line.hasPrefix(key), let value = Int(line.dropFirst(key.count).trimmingBlanks),
            (1...16384).contains(value)
        else { return nil }
        return Double(value)
    }

    private static func isPlayResolution(_ line: Substring) -> Bool {
        let line = line.trimmingBlanks
        return line.hasPrefix("PlayResX:") || line.hasPrefix("PlayResY:")
    }

    /// The limit of an override tag's value, or `nil` for tags whose values cost nothing.
    private func limit(ofTag name: Substring) -> Double? {
        switch name {
        case "fs": fontSize
        case "bord", "xbord", "ybord", "shad", "xshad", "yshad", "fsp": border
        case "blur", "be": Self.blur
        case "fscx", "fscy": Self.scale
        default: nil
        }
    }

    /// `header` with each style's font size, border, shadow, spacing and scale capped, and play
    /// resolutions libass would misread (too large, negative, not whole numbers) left out.
    func sanitized(header: String) -> String {
        var format: [Substring] = []
        var lines: [String] = []
        for line in header.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.hasPrefix("Format:") {
                format = line.dropFirst("Format:".count).split(separator: ",").map {
                    $0.trimmingBlanks
                }
            }
            if Self.isPlayResolution(line), Self.playResolution("PlayResX:", in: line) == nil,
                Self.playResolution("PlayResY:", in: line) == nil
            {
                continue
            }
            guard line.hasPrefix("Style:") else {
                lines.append(String(line))
                continue
            }
            var fields = line.dropFirst("Style:".count).split(
                separator: ",", omittingEmptySubsequences: false)
            for (index, name) in format.enumerated() where index < fields.count {
                let limit: Double? =
                    switch name {
                    case "Fontsize": fontSize
                    case "Outline", "Shadow", "Spacing": border
                    case "ScaleX", "ScaleY": Self.scale
                    default: nil
                    }
                if let limit { fields[index] = Substring(Self.capped(fields[index], to: limit)) }
            }
            lines.append("Style:" + fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    /// An event's fields with the text's override values and drawing coordinates capped.
    func sanitized(event: String) -> String {
        // The text follows the seventh comma: Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text.
        var commas = 0
        guard
            let textStart = event.firstIndex(where: { character in
                if character == "," { commas += 1 }
                return commas == 7
            })
        else { return event }
        return String(event[...textStart]) + sanitized(text: event[event.index(after: textStart)...])
    }

    private func sanitized(text: Substring) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var drawing = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{", let close = text[index...].firstIndex(of: "}") {
                result +=
                    "{" + sanitized(block: text[text.index(after: index)..<close], drawing: &drawing) + "}"
                index = text.index(after: close)
            } else if drawing, character.isNumberStart {
                let end = text[index...].firstIndex { !$0.isNumberPart } ?? text.endIndex
                result += Self.capped(text[index..<end], to: coordinate)
                index = end
            } else {
                result.append(character)
                index = text.index(after: index)
            }
        }
        return result
    }

    /// One override block: `\name<number>` values capped, every number of a vector `\clip`/`\iclip`
    /// capped as a coordinate, and `\p` switching drawing mode for the text that follows.
    private func sanitized(block: Substring, drawing: inout Bool) -> String {
        var result = ""
        var index = block.startIndex
        var clipDepth = 0
        while index < block.endIndex {
            let character = block[index]
            if character == "\\" {
                let nameStart = block.index(after: index)
                let nameEnd = block[nameStart...].firstIndex { !$0.isLetter } ?? block.endIndex
                let name = block[nameStart..<nameEnd]
                result += "\\" + name
                index = nameEnd
                if name == "clip" || name == "iclip" {
                    clipDepth = 1
                    continue
                }
                let valueEnd = block[index...].firstIndex { !$0.isNumberPart } ?? block.endIndex
                let value = block[index..<valueEnd]
                if name == "p" { drawing = (Double(value) ?? 0) > 0 }
                result +=
                    limit(ofTag: name).map { value.isEmpty ? "" : Self.capped(value, to: $0) }
                    ?? String(value)
                index = valueEnd
            } else if clipDepth > 0, character.isNumberStart {
                let end = block[index...].firstIndex { !$0.isNumberPart } ?? block.endIndex
                result += Self.capped(block[index..<end], to: coordinate)
                index = end
            } else {
                if character == ")" { clipDepth = 0 }
                result.append(character)
                index = block.index(after: index)
            }
        }
        return result
    }

    /// `value` when it is a number within ±`limit` (or not a number at all), else the limit.
    private static func capped(_ value: Substring, to limit: Double) -> String {
        guard let number = Double(value.trimmingBlanks) else { return String(value) }
        if number.isNaN { return "0" }
        guard abs(number) > limit else { return String(value) }
        return number < 0 ? "-\(Int(limit))" : "\(Int(limit))"
    }
}

extension Character {
    fileprivate var isNumberStart: Bool { isASCII && (isNumber || self == "-" || self == "+" || self == ".") }
    /// Digits, signs, a point and an exponent: what libass's number parser reads.
    fileprivate var isNumberPart: Bool { isNumberStart || self == "e" || self == "E" }
}
