/// Reads the markup of WebVTT and SubRip cue text: tags, character references and, in SubRip,
/// `{\...}` override blocks borrowed from ASS.
///
/// `<b>`, `<i>` and `<u>` become styled spans, counted so that mis-nested tags such as
/// `<b><i>x</b></i>` still close; every other tag (`<c.class>`, `<v Speaker>`, `<font ...>`,
/// `<lang>`, `<ruby>`, timestamps) is removed and its text kept.
struct CueMarkup {
    private let bytes: [UInt8]
    private let removesBraceOverrides: Bool
    private var builder = StyledTextBuilder()
    private var depth = (bold: 0, italic: 0, underline: 0)
    /// Closing characters (">", "}") known to be absent from the rest of the line being read.
    private var absentInLine: [UInt8] = []

    /// Markup over `bytes`; `removesBraceOverrides` is for SubRip's `{\an8}`-style blocks.
    private init(bytes: [UInt8], removesBraceOverrides: Bool) {
        self.bytes = bytes
        self.removesBraceOverrides = removesBraceOverrides
    }

    /// The plain text and styled runs of a cue whose payload is `lines` of `bytes`, joined by "\n".
    static func parse(
        lines: [Range<Int>], in bytes: [UInt8], removesBraceOverrides: Bool
    ) -> (text: String, spans: [SubtitleSpan]) {
        var markup = CueMarkup(bytes: bytes, removesBraceOverrides: removesBraceOverrides)
        for (number, line) in lines.enumerated() {
            if number > 0 { markup.builder.append(UInt8(ascii: "\n")) }
            markup.read(bytes.trimmedBlanks(line))
        }
        return markup.builder.build()
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

    /// Applies the tag between "<" and ">": only b, i and u change anything.
    private mutating func applyTag(_ tag: Range<Int>) {
        var index = tag.lowerBound
        let closing = index < tag.upperBound && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < tag.upperBound, !bytes[index].isBlankByte, bytes[index] != UInt8(ascii: ".") {
            index += 1
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
