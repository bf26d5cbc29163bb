import Foundation
import FuzzKit
import VideoPlayerRender

/// A random, well-formed WebVTT or SubRip file and the cues a correct parser reads from it.
///
/// Timestamps are drawn with 0, 1, 2, 3, 9 or 10 digits per part and 0, 2, 3 or 4 digits of
/// milliseconds; the expectation follows the parser's documented grammar (one to three parts of one
/// to nine digits, then exactly three digits of milliseconds), so a cue with a bad time is expected
/// to be skipped. Cue text mixes scripts, character references and well-formed tags.
struct GeneratedSubtitles {
    /// A cue the parser must produce, and the words it must show styled.
    struct ExpectedCue {
        var start: Double
        var end: Double
        var text: String
        var styledWords: [(word: String, style: Style)]
    }

    enum Style: CaseIterable { case bold, italic, underline }

    let format: SubtitleFormat
    /// The file, encoded as UTF-8 (with or without a mark) or UTF-16 (either byte order).
    let data: Data
    /// The valid cues, in file order.
    let expected: [ExpectedCue]
    /// The cues written, valid or not.
    let writtenCueCount: Int

    private static let words = [
        "hello", "world", "ça", "déjà", "日本語", "字幕", "😀", "🇫🇷", "שלום", "مرحبا", "naïve", "e\u{301}",
        "Zoë", "42", "a-b", "x_y", "ok!", "«quote»",
    ]
    private static let references: [(String, String)] = [
        ("&amp;", "&"), ("&#233;", "é"), ("&#x1F600;", "😀"), ("&nbsp;", "\u{A0}"), ("&quot;", "\""),
    ]
    private static let styleTags: [Style: String] = [.bold: "b", .italic: "i", .underline: "u"]

    init(using random: inout SeededRandom) {
        let format: SubtitleFormat = random.chance(0.5) ? .webVTT : .subRip
        var lines: [String] = []
        var expected: [ExpectedCue] = []
        if format == .webVTT {
            lines.append(random.element(of: ["WEBVTT", "WEBVTT - generated", "WEBVTT\tx"]) ?? "WEBVTT")
            if random.chance(0.3) { lines.append("Kind: captions") }
            lines.append("")
        }
        var clock = 0
        let cueCount = random.int(in: 0...12)
        for number in 1..<(cueCount + 1) {
            if format == .webVTT, random.chance(0.15) {
                lines += [random.chance(0.5) ? "NOTE a comment" : "STYLE", "::cue { color: red }", ""]
            }
            let (start, startText) = Self.timestamp(approximately: clock, using: &random)
            clock += random.int(in: 0...4_000)
            let (end, endText) = Self.timestamp(approximately: clock, using: &random)
            if random.chance(0.1) { clock = random.int(in: 0...clock) }
            if random.chance(0.7) { lines.append(format == .subRip ? "\(number)" : "cue-\(number)") }
            let gap = { (random: inout SeededRandom) in
                random.chance(0.5) ? " " : (random.chance(0.5) ? "" : "\t ")
            }
            let settings = format == .webVTT && random.chance(0.3) ? " align:start line:0" : ""
            lines.append(startText + gap(&random) + "-->" + gap(&random) + endText + settings)
            var text: [String] = []
            var styled: [(String, Style)] = []
            for _ in 0..<random.int(in: 1...3) {
                let (markup, plain, words) = Self.textLine(format: format, using: &random)
                lines.append(markup)
                text.append(plain)
                styled += words
            }
            lines.append(random.chance(0.2) ? " \t" : "")
            if let start, let end, end >= start {
                expected.append(
                    ExpectedCue(
                        start: start, end: end, text: text.joined(separator: "\n"), styledWords: styled))
            }
        }
        self.format = format
        self.expected = expected
        writtenCueCount = cueCount
        data = Self.encode(Self.join(lines, using: &random), using: &random)
    }

    /// A time near `milliseconds` written with random digit counts, and its value when valid.
    private static func timestamp(approximately milliseconds: Int, using random: inout SeededRandom) -> (
        Double?, String
    ) {
        let parts = [milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1000 % 60]
        let count = random.int(in: 1...3)
        var valid = true
        var fields: [String] = []
        var whole = 0
        for value in parts.suffix(count) {
            let digits = random.chance(0.85) ? 2 : (random.element(of: [0, 1, 3, 9, 10]) ?? 2)
            valid = valid && (1...9).contains(digits)
            let field =
                digits == 0
                ? ""
                : String(repeating: "0", count: max(0, digits - String(value).count))
                    + String(value).suffix(digits)
            fields.append(field)
            whole = whole * 60 + (Int(field) ?? 0)
        }
        var text = fields.joined(separator: ":")
        var fraction = 0
        if random.chance(0.9) {
            let digits = random.chance(0.9) ? 3 : (random.element(of: [0, 2, 4]) ?? 3)
            let value = String(milliseconds % 1000)
            let field = String((String(repeating: "0", count: 4) + value).suffix(digits))
            text += (random.chance(0.5) ? "." : ",") + field
            valid = valid && digits == 3
            fraction = Int(field) ?? 0
        }
        return (valid ? Double(whole) + Double(fraction) / 1000 : nil, text)
    }

    /// One line of cue text: its markup, its plain text and the words it styles.
    private static func textLine(format: SubtitleFormat, using random: inout SeededRandom)
        -> (markup: String, plain: String, styled: [(String, Style)])
    {
        var markup: [String] = []
        var plain: [String] = []
        var styled: [(String, Style)] = []
        for _ in 0..<random.int(in: 1...6) {
            if random.chance(0.15), let (reference, character) = random.element(of: references) {
                markup.append(reference)
                plain.append(character)
                continue
            }
            let word = random.element(of: words) ?? "word"
            plain.append(word)
            switch random.int(in: 0..<6) {
            case 0:
                let style = random.element(of: Style.allCases) ?? .bold
                let tag = styleTags[style] ?? "b"
                markup.append("<\(tag)>\(word)</\(tag)>")
                styled.append((word, style))
            case 1 where format == .webVTT:
                markup.append(
                    random.element(of: [
                        "<c.loud>\(word)</c>", "<v Roger B>\(word)</v>", "<00:00:01.500>\(word)",
                        "<lang en>\(word)</lang>",
                    ]) ?? word)
            case 1:
                markup.append("<font color=\"red\">\(word)</font>")
            default:
                markup.append(word)
            }
        }
        let prefix = format == .subRip && random.chance(0.2) ? "{\\an8}" : ""
        return (prefix + markup.joined(separator: " "), plain.joined(separator: " "), styled)
    }

    /// The lines joined with random terminators (LF, CRLF, CR); a CR is never followed by an empty line
    /// ending in LF, which would read as one CRLF and swallow a block separator.
    private static func join(_ lines: [String], using random: inout SeededRandom) -> String {
        var text = ""
        var previous = ""
        for (index, line) in lines.enumerated() {
            var terminator = random.element(of: ["\n", "\r\n", "\r"]) ?? "\n"
            if index == lines.count - 1, random.chance(0.3) { terminator = "" }
            text += line
            if previous == "\r", line.isEmpty, terminator == "\n" { terminator = "\r\n" }
            text += terminator
            previous = terminator
        }
        return text
    }

    /// `text` as UTF-8 (optionally with a mark) or UTF-16 with a mark in either byte order.
    private static func encode(_ text: String, using random: inout SeededRandom) -> Data {
        switch random.int(in: 0..<5) {
        case 0: return Data([0xEF, 0xBB, 0xBF] + Array(text.utf8))
        case 1:
            return Data(
                [0xFF, 0xFE] + text.utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] })
        case 2:
            return Data(
                [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8(truncatingIfNeeded: $0)] })
        default: return Data(text.utf8)
        }
    }
}
