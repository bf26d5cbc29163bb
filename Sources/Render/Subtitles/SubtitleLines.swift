/// The lines of UTF-8 subtitle text, as byte ranges without their terminators (LF, CRLF or CR),
/// found in one pass.
struct SubtitleLines: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> Range<Int>? {
        guard position < bytes.count else { return nil }
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n"),
            bytes[position] != UInt8(ascii: "\r")
        {
            position += 1
        }
        let line = start..<position
        if position < bytes.count {
            let terminator = bytes[position]
            position += 1
            if terminator == UInt8(ascii: "\r"), position < bytes.count, bytes[position] == UInt8(ascii: "\n")
            {
                position += 1
            }
        }
        return line
    }
}

extension Array where Element == UInt8 {
    /// `range` without leading and trailing spaces and tabs.
    func trimmedBlanks(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, self[lower].isBlankByte { lower += 1 }
        while upper > lower, self[upper - 1].isBlankByte { upper -= 1 }
        return lower..<upper
    }
}

extension UInt8 {
    /// A space or a tab.
    var isBlankByte: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }

    var isDigitByte: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
