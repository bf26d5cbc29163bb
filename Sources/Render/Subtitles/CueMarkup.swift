/// Reads the markup of WebVTT and SubRip cue text: tags, character references and, in SubRip,
/// `{\...}` override blocks borrowed from ASS.
///
/// `<b>`, `<i>` and `<u>` make their text bold, italic and underlined; `<font color="...">` and
/// WebVTT's colour classes (`<c.yellow>`, on any element) colour it, and its background classes
/// (`<c.bg_blue>`) box it. The elements of WebVTT cue text (`<c>`, `<b>`, `<i>`, `<u>`,
/// `<v Speaker>`, `<lang>`, `<ruby>`, `<rt>`) take the styles the file's style sheet gives their
/// names, classes and voices (``WebVTTStyleSheet``, whose `::cue` and `::cue(#id)` rules style
/// all the cue's text). An element ends at the close of its name, even when elements opened
/// after it are still open (`<b><i>x</b>y</i>` leaves "y" italic); a close with no open element
/// of its name is passed over. Other tags (timestamps, unknown names) are removed, their text kept.
///
/// A cue whose inner timestamps (`<00:01.500>`) a sheet's `:past` or `:future` rules read is
/// styled once for each stretch of its time between them: what shows while it plays changes at
/// each timestamp, as karaoke does (``parse(lines:in:removesBraceOverrides:sheet:identifier:region:shown:budget:)``).
struct CueMarkup {
    private let bytes: [UInt8]
    private let removesBraceOverrides: Bool
    private let sheet: WebVTTStyleSheet
    private var builder = StyledTextBuilder()
    /// The styles of the cue's text as a whole.
    private let cueStyle: WebVTTStyleSheet.Declarations
    /// The elements open, innermost last, with the styles each gives its text.
    private var openElements: [(element: WebVTTSelector.Element, styles: WebVTTStyleSheet.Declarations)] = []
    /// The first `\anN` of SubRip's override blocks: where the cue sits.
    private var alignment: Int?
    /// Closing characters (">", "}") known to be absent from the rest of the line being read.
    private var absentInLine: [UInt8] = []
    /// The time playing that the cue's text is styled for (`:past`, `:future`); `nil` for none,
    /// where all of it is ``WebVTTSelector/Time/current``.
    private let now: Double?
    /// The values of the timestamp tags read, in the order of the text.
    private var timestamps: [Double] = []
    /// For each count of timestamp tags read, the earliest value of those after them, and the
    /// latest of those before (read in a first pass); empty when ``now`` is `nil`.
    private let earliestAfter: [Double]
    private let latestBefore: [Double]
    /// The time of the run of text the style was last set for, when runs are styled by it.
    private var styledTime: WebVTTSelector.Time?

    /// The most elements open at once; those opened past it are passed over as unknown tags.
    static let openElementLimit = 64

    /// Markup over `bytes`; `removesBraceOverrides` is for SubRip's `{\an8}`-style blocks. With
    /// `now`, `timestamps` are the values of the cue's timestamp tags, in the order of its text.
    private init(
        bytes: [UInt8], removesBraceOverrides: Bool, sheet: WebVTTStyleSheet, identifier: String?,
        region: String?, now: Double? = nil, timestamps: [Double] = []
    ) {
        self.bytes = bytes
        self.removesBraceOverrides = removesBraceOverrides
        self.sheet = sheet
        // The cue's text inherits its region's styles, but the background, which fills the region.
        var inherited = sheet.region(region)
        inherited.background = nil
        cueStyle = inherited.enclosing(sheet.cue(identifier: identifier))
        self.now = now
        guard now != nil else {
            (earliestAfter, latestBefore) = ([], [])
            return
        }
        var earliestAfter = [Double.infinity]
        for value in timestamps.reversed() {
            earliestAfter.append(min(earliestAfter[earliestAfter.count - 1], value))
        }
        self.earliestAfter = earliestAfter.reversed()
        var latestBefore = [-Double.infinity]
        for value in timestamps { latestBefore.append(max(latestBefore[latestBefore.count - 1], value)) }
        self.latestBefore = latestBefore
    }

    /// The most stretches of time a cue is styled for apart: its timestamps past the last of them
    /// style nothing anew.
    static let phaseLimit = 100

    /// The most bytes of cue text a file's cues are read again for, to style their stretches of
    /// time apart: past it, a cue's later timestamps style nothing anew (a file of many long
    /// karaoke cues is read in time).
    static let restylingBudget = 16 << 20

    /// The plain text of a cue whose payload is `lines` of `bytes`, joined by "\n", and the numpad
    /// alignment its first `{\anN}` asks for; with the styled runs of each stretch of the time it
    /// is `shown` from its start, as `sheet` styles them (the cue's `identifier` picks its
    /// `::cue(#id)` rules, the identifier of the `region` it sits in its `::cue-region` rules).
    ///
    /// There is one stretch, from the cue's start, unless the sheet's rules read the time (`:past`,
    /// `:future`) and the cue has timestamps: then a stretch begins at each of their values within
    /// the cue's time where the runs change, as far as ``phaseLimit`` and the bytes left of the
    /// file's `budget` (``restylingBudget``), which the stretches' reading takes from, allow.
    static func parse(
        lines: [Range<Int>], in bytes: [UInt8], removesBraceOverrides: Bool,
        sheet: WebVTTStyleSheet = WebVTTStyleSheet(), identifier: String? = nil, region: String? = nil,
        shown: ClosedRange<Double> = 0...0, budget: inout Int
    ) -> (text: String, phases: [(start: Double, spans: [SubtitleSpan])], alignment: Int?) {
        func read(now: Double? = nil, timestamps: [Double] = []) -> CueMarkup {
            var markup = CueMarkup(
                bytes: bytes, removesBraceOverrides: removesBraceOverrides, sheet: sheet,
                identifier: identifier, region: region, now: now, timestamps: timestamps)
            if markup.cueStyle != WebVTTStyleSheet.Declarations() || markup.stylesText { markup.applyStyle() }
            for (number, line) in lines.enumerated() {
                if number > 0 { markup.builder.append(UInt8(ascii: "\n")) }
                markup.read(bytes.trimmedBlanks(line))
            }
            return markup
        }
        var markup = read()
        let (text, spans) = markup.builder.build()
        let timestamps = markup.timestamps
        let size = max(1, lines.reduce(0) { $0 + $1.count })
        let affordable = min(phaseLimit, budget / size)
        guard sheet.readsTime, !timestamps.isEmpty, affordable > 0 else {
            return (text, [(shown.lowerBound, spans)], markup.alignment)
        }
        let inside = Set(timestamps.filter { $0 > shown.lowerBound && $0 < shown.upperBound }).sorted()
        let starts = [shown.lowerBound] + inside.prefix(affordable - 1)
        budget -= starts.count * size
        var phases: [(start: Double, spans: [SubtitleSpan])] = []
        for (index, start) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : shown.upperBound
            markup = read(now: (start + end) / 2, timestamps: timestamps)
            let spans = markup.builder.build().spans
            if phases.last?.spans != spans { phases.append((start, spans)) }
        }
        return (text, phases, markup.alignment)
    }

    /// Whether runs of text are styled by their time (``WebVTTStyleSheet/stylesText``).
    private var stylesText: Bool { now != nil && sheet.stylesText }

    /// Where the text read next lies against ``now``, by the timestamps before and after it.
    private var time: WebVTTSelector.Time {
        guard let now else { return .current }
        let passed = timestamps.count
        if earliestAfter[passed] < now { return .past }
        if latestBefore[passed] > now { return .future }
        return .current
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

    /// Applies the tag between "<" and ">": one that opens or closes an element of cue text
    /// (``WebVTTSelector/elements``) or a `<font>` changes the style.
    private mutating func applyTag(_ tag: Range<Int>) {
        var index = tag.lowerBound
        let closing = index < tag.upperBound && bytes[index] == UInt8(ascii: "/")
        if closing { index += 1 }
        let nameStart = index
        while index < tag.upperBound, !bytes[index].isBlankByte, bytes[index] != UInt8(ascii: ".") {
            index += 1
        }
        // Names are short ASCII words: compared byte by byte before a String is made, so that the
        // many timestamp tags of a karaoke file cost no string each.
        guard (1...4).contains(index - nameStart),
            let name = Self.knownNames.first(where: {
                $0.utf8.elementsEqual(bytes[nameStart..<index].lazy.map { $0 | 0x20 })
            })
        else {
            if !closing, nameStart < tag.upperBound, bytes[nameStart].isDigitByte,
                let value = SubtitleTiming.seconds(bytes[tag])
            {
                timestamps.append(value)
                if stylesText, time != styledTime { applyStyle() }
            }
            return
        }
        if closing {
            guard let open = openElements.lastIndex(where: { $0.element.name == name }) else { return }
            openElements.remove(at: open)
        } else {
            guard openElements.count < Self.openElementLimit else { return }
            let rest = String(decoding: bytes[index..<tag.upperBound], as: UTF8.self)
            openElements.append(styled(name, rest: rest))
        }
        applyStyle()
    }

    /// The names of the tags that style their text.
    private static let knownNames = ["font"] + WebVTTSelector.elements.sorted()

    /// The element named `name` whose tag holds `rest` after the name (classes such as
    /// ".loud.yellow", then an annotation: the voice of `<v>`, the language of `<lang>`, the
    /// attributes of `<font>`), within the elements open, and the styles it gives its text: its
    /// own, with the sheet's over them.
    private func styled(
        _ name: String, rest: String
    ) -> (element: WebVTTSelector.Element, styles: WebVTTStyleSheet.Declarations) {
        let classes =
            rest.hasPrefix(".") ? rest.prefix(while: { !$0.isWhitespace }).split(separator: ".") : []
        let annotation =
            name == "v" || name == "lang"
            ? rest.drop(while: { !$0.isWhitespace }).trimmingCharacters(in: .whitespaces) : nil
        let element = WebVTTSelector.Element(
            name: name, classes: classes, annotation: annotation,
            language: name == "lang" ? annotation : openElements.last?.element.language, time: time)
        var own = WebVTTStyleSheet.Declarations(
            bold: name == "b" ? true : nil, italic: name == "i" ? true : nil,
            underline: name == "u" ? true : nil)
        if name == "font" {
            own.color = Self.color(inTagRest: rest)
            return (element, own)
        }
        // WebVTT's colour and background classes, `<c.yellow.bg_blue>`, then the sheet's rules.
        func named(_ name: Substring) -> SubtitleColor? {
            SubtitleColor.markupNames[name.lowercased()].map { SubtitleColor(hex: $0) }
        }
        own.color = classes.lazy.compactMap(named).first
        own.background = classes.lazy.compactMap { $0.hasPrefix("bg_") ? named($0.dropFirst(3)) : nil }.first
        let ancestors = openElements.map(\.element)[...]
        return (element, sheet.element(element, within: ancestors, over: own))
    }

    /// Gives the text from here on the styles of the cue and the elements open.
    private mutating func applyStyle() {
        var spanStyle = openElements.reduce(cueStyle) { $0.enclosing($1.styles) }
        if stylesText {
            styledTime = time
            let ancestors = openElements.map(\.element)
            spanStyle = spanStyle.enclosing(
                sheet.text(at: time, language: ancestors.last?.language, within: ancestors[...]))
        }
        builder.setStyle(
            StyledTextBuilder.Style(
                bold: spanStyle.bold == true, italic: spanStyle.italic == true,
                underline: spanStyle.underline == true, color: spanStyle.color,
                background: spanStyle.background, fontFamily: spanStyle.fontFamily ?? nil,
                fontScale: spanStyle.fontScale, outline: spanStyle.drawnOutline))
    }

    /// The colour a `<font>` tag's remainder names: the value of a `color` attribute
    /// (`<font color="#ff0">`), else the first colour class (`<font.yellow>`).
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
