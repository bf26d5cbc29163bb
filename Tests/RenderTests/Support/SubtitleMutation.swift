import FuzzKit

/// Edits that break subtitle text the way real files are broken: bytes, lines, numbers, encodings,
/// line endings, marks and markup.
enum SubtitleMutation: String, CaseIterable {
    /// A format-blind edit (bit flip, insert, delete, truncation, zeroed or duplicated run).
    case bytes
    case duplicateLine
    case shuffleLines
    /// A run of digits becomes 10 to 40 digits, past any integer type.
    case hugeNumber
    /// A run of digits becomes 0, 1, 2, 3 or 10 digits.
    case timestampDigits
    /// A valid scalar from a hard part of Unicode: combining marks, bidi controls, NUL, U+FEFF, emoji.
    case unicode
    /// Bytes that are not UTF-8: lone continuation bytes, overlong forms, encoded surrogates.
    case invalidUTF8
    /// The text turned into UTF-16 with lone surrogates and perhaps an odd trailing byte.
    case utf16Surrogates
    /// Line terminators swapped between LF, CR and CRLF.
    case lineEndings
    /// A byte-order mark in the middle of the text.
    case midFileBOM
    /// Nested, unclosed and stray tags, overrides and character references.
    case markup

    private static let hardScalars: [UInt32] = [
        0x0, 0x7F, 0x301, 0x200E, 0x202E, 0x2028, 0xFEFF, 0xFFFD, 0xFFFF, 0x1F600, 0x10FFFF, 0xE000,
    ]
    private static let invalidSequences: [[UInt8]] = [
        [0x80], [0xBF], [0xFF], [0xFE], [0xC0, 0x80], [0xC3], [0xE2, 0x82], [0xED, 0xA0, 0x80],
        [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80],
    ]
    private static let markupFragments = [
        "<b>", "</b>", "<i><b>", "</i></u></b>", "<", ">", "</", "<>", "<c.a.b.c>", "<v", "<v Speaker>",
        "<ruby>x<rt>y</rt></ruby>", "{\\an8}", "{\\", "{", "}", "&", "&#", "&#x110000;", "&#xD800;",
        "&#99999999999;", "&amp", "&lt;&gt;", "<00:00:01.000>", "-->", " --> ", "WEBVTT", "NOTE", "\n\n",
        String(repeating: "<b>", count: 40), String(repeating: "<", count: 40),
        String(repeating: "{\\", count: 40),
    ]

    /// Applies the mutation to `bytes`, drawing every choice from `random`.
    func apply(to bytes: inout [UInt8], using random: inout SeededRandom) {
        switch self {
        case .bytes:
            let edit = random.element(of: ByteMutation.allCases) ?? .flipBits
            edit.apply(to: &bytes, maxRun: 16, using: &random)
        case .duplicateLine, .shuffleLines:
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(
                Array.init)
            let start = random.int(in: 0..<lines.count)
            if self == .duplicateLine {
                lines.insert(lines[start], at: random.int(in: 0...lines.count))
            } else {
                let end = min(lines.count, start + random.int(in: 2...8))
                lines.replaceSubrange(start..<end, with: random.shuffled(Array(lines[start..<end])))
            }
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        case .hugeNumber:
            let digits = random.int(in: 10...40)
            replaceDigitRun(
                in: &bytes, with: (0..<digits).map { _ in UInt8(ascii: "9") - UInt8(random.int(in: 0...9)) },
                using: &random)
        case .timestampDigits:
            let digits = random.element(of: [0, 1, 2, 3, 10]) ?? 0
            replaceDigitRun(
                in: &bytes, with: Array(repeating: UInt8(ascii: "5"), count: digits), using: &random)
        case .unicode:
            let scalar = random.element(of: Self.hardScalars).flatMap(Unicode.Scalar.init) ?? "x"
            insert(Array(String(Character(scalar)).utf8), into: &bytes, using: &random)
        case .invalidUTF8:
            insert(random.element(of: Self.invalidSequences) ?? [0xFF], into: &bytes, using: &random)
        case .utf16Surrogates:
            bytes = Self.utf16WithSurrogates(bytes, using: &random)
        case .lineEndings:
            bytes = Self.mixedLineEndings(bytes, using: &random)
        case .midFileBOM:
            insert(random.chance(0.7) ? [0xEF, 0xBB, 0xBF] : [0xFF, 0xFE], into: &bytes, using: &random)
        case .markup:
            insert(
                Array((random.element(of: Self.markupFragments) ?? "<").utf8), into: &bytes, using: &random)
        }
    }

    private func insert(_ fragment: [UInt8], into bytes: inout [UInt8], using random: inout SeededRandom) {
        bytes.insert(contentsOf: fragment, at: random.int(in: 0...bytes.count))
    }

    /// Replaces a random run of digits (or inserts at a random place when there is none).
    private func replaceDigitRun(
        in bytes: inout [UInt8], with digits: [UInt8], using random: inout SeededRandom
    ) {
        let from = random.int(in: 0...bytes.count)
        guard
            let start = bytes[from...].firstIndex(where: \.isASCIIDigit)
                ?? bytes.firstIndex(where: \.isASCIIDigit)
        else { return insert(digits, into: &bytes, using: &random) }
        let end = bytes[start...].firstIndex { !$0.isASCIIDigit } ?? bytes.endIndex
        bytes.replaceSubrange(start..<end, with: digits)
    }

    private static func utf16WithSurrogates(_ bytes: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var units = Array(String(decoding: bytes, as: UTF8.self).utf16)
        for _ in 0..<random.int(in: 1...3) {
            units.insert(random.chance(0.5) ? 0xD800 : 0xDFFF, at: random.int(in: 0...units.count))
        }
        let bigEndian = random.chance(0.5)
        var encoded: [UInt8] = random.chance(0.8) ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
        for unit in units {
            let (high, low) = (UInt8(unit >> 8), UInt8(truncatingIfNeeded: unit))
            encoded += bigEndian ? [high, low] : [low, high]
        }
        if random.chance(0.3) { encoded.append(0x41) }
        return encoded
    }

    private static func mixedLineEndings(_ bytes: [UInt8], using random: inout SeededRandom) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 8)
        for byte in bytes {
            guard byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r"), random.chance(0.3) else {
                result.append(byte)
                continue
            }
            result += random.element(of: [[0x0A], [0x0D], [0x0D, 0x0A], [0x0A, 0x0D]]) ?? [0x0A]
        }
        return result
    }
}

extension UInt8 {
    fileprivate var isASCIIDigit: Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) }
}
