/// The blocks of a WebVTT or SubRip text: runs of non-blank lines separated by blank (or
/// whitespace-only) lines, as byte ranges of the lines.
struct SubtitleBlocks: Sequence, IteratorProtocol {
    private let bytes: [UInt8]
    private var lines: SubtitleLines

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        lines = SubtitleLines(bytes)
    }

    mutating func next() -> [Range<Int>]? {
        var block: [Range<Int>] = []
        while let line = lines.next() {
            if bytes.trimmedBlanks(line).isEmpty {
                if !block.isEmpty { return block }
            } else {
                block.append(line)
            }
        }
        return block.isEmpty ? nil : block
    }
}

extension SubtitleBlocks {
    /// The cue a block describes when its first line, or the second after an identifier, is a valid
    /// timing line; the lines after the timing line are the cue's text. A cue that `sheet` styles
    /// by its inner timestamps (`:past`, `:future`) comes in pieces, one for each stretch of its
    /// time whose look differs, in the order of their times, as far as the file's `budget` allows
    /// (``CueMarkup/restylingBudget``); empty when the block is no cue. With the identifier of the
    /// region of `regions` it sits in, if any.
    static func cues(
        from block: [Range<Int>], in bytes: [UInt8], removesBraceOverrides: Bool,
        regions: [String: WebVTTRegion] = [:], sheet: WebVTTStyleSheet = WebVTTStyleSheet(), budget: inout Int
    ) -> (cues: [SubtitleCue], region: String?) {
        guard
            let timingIndex = block.prefix(2).firstIndex(where: { SubtitleTiming.isTimingLine($0, in: bytes) }
            ),
            let timing = SubtitleTiming(line: block[timingIndex], in: bytes, regions: regions)
        else { return ([], nil) }
        let payload = Array(block[(timingIndex + 1)...])
        let identifier =
            timingIndex == 0 ? nil : String(decoding: bytes[bytes.trimmedBlanks(block[0])], as: UTF8.self)
        // SubRip's `{\anN}` would move the cue out of a region, but SubRip has none.
        let (text, phases, alignment) = CueMarkup.parse(
            lines: payload, in: bytes, removesBraceOverrides: removesBraceOverrides, sheet: sheet,
            identifier: identifier, region: timing.region, shown: timing.start...timing.end, budget: &budget)
        let placement = alignment.map { SubtitlePlacement(alignment: $0) } ?? timing.placement
        let cues = phases.indices.map { index in
            SubtitleCue(
                start: phases[index].start,
                end: index + 1 < phases.count ? phases[index + 1].start : timing.end, text: text,
                spans: phases[index].spans, placement: placement)
        }
        return (cues, timing.region)
    }
}
