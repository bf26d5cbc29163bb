/// Reads the markup of WebVTT and SubRip cue text: tags, character references and, in SubRip,
/// `{\...}` override blocks borrowed from ASS.
///
/// `<b>`, `<i>` and `<u>` become styled spans, counted so that mis-nested tags such as
/// `<b><i>x</b></i>` still close; `<font color="...">` and WebVTT's colour classes (`<c.yellow>`)
/// colour their text until the matching close; every other tag (`<v Speaker>`, `<lang>`, `<ruby>`,
/// timestamps, other classes) is removed and its text kept.
struct CueMarkup {
    private let bytes: [UInt8]
    private let removesBraceOverrides: Bool
    private var builder = StyledTextBuilder()
    private var depth = (bold: 0, italic: 0, underline: 0)
    /// The colours in force before each `<font>` or `<c>` still open, innermost last.
    private var outerColors: [SubtitleColor?] = []
    private var color: SubtitleColor?
    /// The first `\anN` of SubRip's override blocks: where the cue sits.
    private var alignment: Int?
    /// Closing characters (">", "}") known to be absent from the rest of the line being read.
    private var absentInLine: [UInt8] = []

    /// Markup over `bytes`; `removesBraceOverrides` is for SubRip's `{\an8}`-style blocks.
    private init(bytes: [UInt8], removesBraceOverrides: Bool) {
        self.bytes = bytes
        self.removesBraceOverrides = removesBraceOverrides
    }

    /// The plain text and styled runs of a cue whose payload is `lines` of `bytes`, joined by "\n",
    /// and the numpad alignment its first `{\anN}` asks for.
    static func parse(
        lines: [Range<Int>], in bytes: [UInt8], removesBraceOverrides: Bool
    ) -> (text: String, spans: [SubtitleSpan], alignment: Int?) {
        var markup = CueMarkup(bytes: bytes, removesBraceOverrides: removesBraceOverrides)
        for (number, line) in lines.enumerated() {
            if number > 0 { markup.builder.append(UInt8(ascii: "\n")) }
            markup.read(bytes.trimmedBlanks(line))
        }
        let (text, spans) = markup.builder.build()
        return (text, spans, markup.alignment)
    }

    private mutating func read(_ line: Range<Int>) {
        absentInLine.removeAll(keepingCapacity: true)
        var index = line.lowerBound
        while index < line.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "<"),
                let close = findInLine(UInt8(ascii: ">"), from: index + 1, lineEnd: line.upperBound)
            {
                applyTag(index + 1..<close)
                index = close + 1
            } else if byte == UInt8(ascii: "&"),
                let (character, next) = characterReference(at: index, before: line.upperBound)
            {
                builder.append(contentsOf: character)
                index = next
            } else if removesBraceOverrides, byte == UInt8(ascii: "{"), index + 1 < line.upperBound,
                bytes[index + 1] == UInt8(ascii: "\\"),
                let close = findInLine(UInt8(ascii: "}"), from: index + 2, lineEnd: line.upperBound)
            {
                alignment = alignment ?? alignmentTag(in: index + 1..<close)
                index = close + 1
                // "a {\an8} b" reads "a b", not "a  b".
                if builder.endsWithSpace, index < line.upperBound, bytes[index] == UInt8(ascii: " ") {
                    index += 1
                }
            } else {
                builder.append(byte)
                index += 1
            }
        }
    }

    /// The digit of the first `\an1`...`\an9` in an override block.
    private func alignmentTag(in block: Range<Int>) -> Int? {
        var index = block.lowerBound
        while index + 3 < block.upperBound {
            if bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "a"),
                bytes[index + 2] == UInt8(ascii: "n"),
                (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(bytes[index + 3])
            {
                return Int(bytes[index + 3] - UInt8(ascii: "0"))
            }
            index += 1
        }
        return nil
    }

    /// `find` to the end of the line, remembering a miss: later searches start further right, so they
    /// would miss too, and re-scanning for each of many unclosed "<" or "{\" is quadratic in the line.
    private mutating func findInLine(_ target: UInt8, from start: Int, lineEnd: Int) -> Int? {
        guard !absentInLine.contains(target) else { return nil }
        guard let found = find(target, from: start, before: lineEnd) else {
            absentInLine.append(target)
            return nil
        }
        return found
    }

    private func find(_ target: UInt8, from start: Int, before end: Int) -> Int? {
        var index = start
        while index < end {
            if bytes[index] == target { return index }
            index += 1
        }
        return nil
    }

    /// Applies the tag between "<" and ">": b, i, u, font and c change the style.
    private mutating func applyTag(_ tag: Range<Int>) {
        var index = tag.lowerBound
        let closing = index < tag.upperBound && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < tag.upperBound, !bytes[index].isBlankByte, bytes[index] != UInt8(ascii: ".") {
            index += 1
        }
        // Compared byte by byte (ASCII letters in either case): a String per tag would slow the
        // parser down on large files.
        let name = bytes[nameStart..<index].lazy.map { $0 | 0x20 }
        if name.elementsEqual("font".utf8) || name.elementsEqual("c".utf8) {
            return applyColor(
                closing: closing, rest: String(decoding: bytes[index..<tag.upperBound], as: UTF8.self))
        }
        guard index - nameStart == 1 else { return }
        let step = closing ? -1 : 1
        switch bytes[nameStart] | 0x20 {
        case UInt8(ascii: "b"): depth.bold = max(0, depth.bold + step)
        case UInt8(ascii: "i"): depth.italic = max(0, depth.italic + step)
        case UInt8(ascii: "u"): depth.underline = max(0, depth.underline + step)
        default: return
        }
        builder.setStyle(bold: depth.bold > 0, italic: depth.italic > 0, underline: depth.underline > 0)
    }

    /// Opens a colour (`<font color=...>`, `<c.class...>`; one that names no colour keeps the one in
    /// force) or closes the innermost one.
    private mutating func applyColor(closing: Bool, rest: String) {
        if closing {
            guard let outer = outerColors.popLast() else { return }
            color = outer
        } else {
            outerColors.append(color)
            color = Self.color(inTagRest: rest) ?? color
        }
        builder.setStyle(color: .some(color))
    }

    /// The colour a tag's remainder names: the value of a `color` attribute (`<font color="#ff0">`),
    /// else the first colour class (`<c.yellow.bg_black>`).
    private static func color(inTagRest rest: String) -> SubtitleColor? {
        let lowered = rest.lowercased()
        if let attribute = lowered.range(of: "color") {
            var value = lowered[attribute.upperBound...].drop { $0 == " " }
            guard value.first == "=" else { return nil }
            value = value.dropFirst().drop { $0 == " " }
            let quote = value.first.flatMap { $0 == "\"" || $0 == "'" ? $0 : nil }
            if quote != nil { value = value.dropFirst() }
            let end = value.firstIndex { $0 == quote || (quote == nil && ($0 == " " || $0 == "/")) }
            return SubtitleColor(markup: value[..<(end ?? value.endIndex)])
        }
        return lowered.split(separator: ".").lazy.compactMap { SubtitleColor(markup: $0) }.first
    }

    /// The UTF-8 of a reference such as "&amp;" or "&#233;" at `start`, and the index after its ";".
    private func characterReference(at start: Int, before end: Int) -> ([UInt8], Int)? {
        guard let semicolon = find(UInt8(ascii: ";"), from: start + 1, before: min(end, start + 10)) else {
            return nil
        }
        let name = bytes[(start + 1)..<semicolon]
        let scalar: Unicode.Scalar?
        switch String(decoding: name, as: UTF8.self) {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        case "nbsp": scalar = "\u{A0}"
        case "lrm": scalar = "\u{200E}"
        case "rlm": scalar = "\u{200F}"
        case let reference where reference.hasPrefix("#x") || reference.hasPrefix("#X"):
            scalar = UInt32(reference.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        case let reference where reference.hasPrefix("#"):
            scalar = UInt32(reference.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        default: scalar = nil
        }
        guard let scalar else { return nil }
        return (Array(String(Character(scalar)).utf8), semicolon + 1)
    }
}
