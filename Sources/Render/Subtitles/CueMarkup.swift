/// Reads the markup of WebVTT and SubRip cue text: tags, character references and, in SubRip,
/// `{\...}` override blocks borrowed from ASS.
///
/// `<b>`, `<i>` and `<u>` become styled spans, counted so that mis-nested tags such as
/// `<b><i>x</b></i>` still close; `<font color="...">` and WebVTT's colour classes (`<c.yellow>`)
/// colour their text until the matching close, its background classes (`<c.bg_blue>`) box it, and the classes of a `<c>` span take the styles
/// the file's style sheet gives them (``WebVTTStyleSheet``; its `::cue` rule styles all the text);
/// every other tag (`<v Speaker>`, `<lang>`, `<ruby>`, timestamps, other classes) is removed and
/// its text kept.
struct CueMarkup {
    private let bytes: [UInt8]
    private let removesBraceOverrides: Bool
    private let sheet: WebVTTStyleSheet
    private var builder = StyledTextBuilder()
    private var depth = (bold: 0, italic: 0, underline: 0)
    /// The styles in force before each `<font>` or `<c>` still open, innermost last.
    private var outerStyles: [WebVTTStyleSheet.Declarations] = []
    /// The styles of the `<font>` and `<c>` spans and the style sheet in force.
    private var spanStyle: WebVTTStyleSheet.Declarations
    /// The first `\anN` of SubRip's override blocks: where the cue sits.
    private var alignment: Int?
    /// Closing characters (">", "}") known to be absent from the rest of the line being read.
    private var absentInLine: [UInt8] = []

    /// Markup over `bytes`; `removesBraceOverrides` is for SubRip's `{\an8}`-style blocks.
    private init(bytes: [UInt8], removesBraceOverrides: Bool, sheet: WebVTTStyleSheet) {
        self.bytes = bytes
        self.removesBraceOverrides = removesBraceOverrides
        self.sheet = sheet
        spanStyle = sheet.cue
    }

    /// The plain text and styled runs of a cue whose payload is `lines` of `bytes`, joined by "\n",
    /// styled by `sheet`, and the numpad alignment its first `{\anN}` asks for.
    static func parse(
        lines: [Range<Int>], in bytes: [UInt8], removesBraceOverrides: Bool,
        sheet: WebVTTStyleSheet = WebVTTStyleSheet()
    ) -> (text: String, spans: [SubtitleSpan], alignment: Int?) {
        var markup = CueMarkup(bytes: bytes, removesBraceOverrides: removesBraceOverrides, sheet: sheet)
        if sheet.cue != WebVTTStyleSheet.Declarations() { markup.applyStyle() }
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
            return applySpan(
                closing: closing, classes: name.elementsEqual("c".utf8),
                rest: String(decoding: bytes[index..<tag.upperBound], as: UTF8.self))
        }
        guard index - nameStart == 1 else { return }
        let step = closing ? -1 : 1
        switch bytes[nameStart] | 0x20 {
        case UInt8(ascii: "b"): depth.bold = max(0, depth.bold + step)
        case UInt8(ascii: "i"): depth.italic = max(0, depth.italic + step)
        case UInt8(ascii: "u"): depth.underline = max(0, depth.underline + step)
        default: return
        }
        applyStyle()
    }

    /// Opens a span (`<font color=...>`, `<c.class...>`: its colour, and with `classes` the
    /// styles the sheet gives its classes; one that names none keeps the styles in force) or
    /// closes the innermost one.
    private mutating func applySpan(closing: Bool, classes: Bool, rest: String) {
        if closing {
            guard let outer = outerStyles.popLast() else { return }
            spanStyle = outer
        } else {
            outerStyles.append(spanStyle)
            var rule = WebVTTStyleSheet.Declarations(color: Self.color(inTagRest: rest))
            if classes {
                for name in rest.prefix(while: { !$0.isWhitespace }).split(separator: ".") {
                    // WebVTT's background classes, `<c.bg_yellow>`, and then the sheet's.
                    if name.hasPrefix("bg_"), let color = SubtitleColor(markup: name.dropFirst(3)) {
                        rule.background = color
                    }
                    if let styled = sheet.classes[String(name)] { rule = rule.overridden(by: styled) }
                }
            }
            spanStyle = spanStyle.enclosing(rule)
        }
        applyStyle()
    }

    /// Gives the text from here on the styles of the tags and spans in force.
    private mutating func applyStyle() {
        builder.setStyle(
            StyledTextBuilder.Style(
                bold: depth.bold > 0 || spanStyle.bold == true,
                italic: depth.italic > 0 || spanStyle.italic == true,
                underline: depth.underline > 0 || spanStyle.underline == true, color: spanStyle.color,
                background: spanStyle.background, fontFamily: spanStyle.fontFamily,
                fontScale: spanStyle.fontScale, outline: spanStyle.outline))
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
