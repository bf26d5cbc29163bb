/// The "start --> end [settings]" line of a WebVTT or SubRip cue.
struct SubtitleTiming {
    var start: Double
    var end: Double
    /// Where WebVTT's cue settings after the end time place the cue; `nil` when they say nothing.
    var placement: SubtitlePlacement?
    /// The identifier of the WebVTT region the cue sits in, if any.
    var region: String? { placement?.region?.id }

    /// Parses a timing line; `nil` when it has no arrow or either time is malformed.
    ///
    /// Both formats share one lenient time grammar: one to three colon-separated numbers
    /// (hours:minutes:seconds, minutes:seconds, or seconds), then optionally "," or "." and exactly
    /// three digits of milliseconds. What follows the end time is read as WebVTT cue settings.
    init?(line: Range<Int>, in bytes: [UInt8], regions: [String: WebVTTRegion] = [:]) {
        guard let arrow = Self.arrow(in: line, of: bytes) else { return nil }
        let startField = bytes.trimmedBlanks(line.lowerBound..<arrow)
        var endEnd = arrow + 3
        while endEnd < line.upperBound, bytes[endEnd].isBlankByte { endEnd += 1 }
        let endStart = endEnd
        while endEnd < line.upperBound, !bytes[endEnd].isBlankByte { endEnd += 1 }
        guard let start = Self.seconds(bytes[startField]), let end = Self.seconds(bytes[endStart..<endEnd]),
            end >= start
        else { return nil }
        self.start = start
        self.end = end
        if endEnd < line.upperBound {
            placement = WebVTTCueSettings.placement(
                from: Substring(decoding: bytes[endEnd..<line.upperBound], as: UTF8.self), regions: regions)
        }
    }

    /// The stretches of time `times` cover together, in order: those that overlap, or lie at most
    /// `gap` apart, made one.
    static func union(
        of times: [(start: Double, end: Double)], joiningGapsUpTo gap: Double = 0
    ) -> [(start: Double, end: Double)] {
        var joined: [(start: Double, end: Double)] = []
        for time in times.sorted(by: { $0.start < $1.start }) {
            if let last = joined.last, time.start <= last.end + gap {
                joined[joined.count - 1].end = max(last.end, time.end)
            } else {
                joined.append(time)
            }
        }
        return joined
    }

    /// Whether the line holds a timing arrow.
    static func isTimingLine(_ line: Range<Int>, in bytes: [UInt8]) -> Bool {
        arrow(in: line, of: bytes) != nil
    }

    private static func arrow(in line: Range<Int>, of bytes: [UInt8]) -> Int? {
        var index = line.lowerBound
        while index + 3 <= line.upperBound {
            if bytes[index] == UInt8(ascii: "-"), bytes[index + 1] == UInt8(ascii: "-"),
                bytes[index + 2] == UInt8(ascii: ">")
            {
                return index
            }
            index += 1
        }
        return nil
    }

    /// Seconds for one time such as "01:02:03.456", "02:03,456", "02:03" or "03.456".
    static func seconds(_ field: ArraySlice<UInt8>) -> Double? {
        var groups: [Int] = []
        var value = 0
        var digits = 0
        var index = field.startIndex
        while index < field.endIndex {
            let byte = field[index]
            if byte.isDigitByte {
                // Nine digits per number are plenty and keep the arithmetic far from overflow.
                guard digits < 9 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            } else if byte == UInt8(ascii: ":") {
                guard digits > 0, groups.count < 2 else { return nil }
                groups.append(value)
                (value, digits) = (0, 0)
            } else {
                break
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        groups.append(value)
        var milliseconds = 0
        if index < field.endIndex {
            let separator = field[index]
            let fraction = field[(index + 1)...]
            guard separator == UInt8(ascii: ".") || separator == UInt8(ascii: ","), fraction.count == 3,
                fraction.allSatisfy(\.isDigitByte)
            else { return nil }
            milliseconds = fraction.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let whole = groups.reduce(0) { $0 * 60 + $1 }
        return Double(whole) + Double(milliseconds) / 1000
    }
}
