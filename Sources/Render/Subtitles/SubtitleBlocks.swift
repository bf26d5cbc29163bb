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
    /// timing line; the lines after the timing line are the cue's text.
    static func cue(
        from block: [Range<Int>], in bytes: [UInt8], removesBraceOverrides: Bool,
        regions: [String: WebVTTRegion] = [:], sheet: WebVTTStyleSheet = WebVTTStyleSheet()
    ) -> SubtitleCue? {
        guard
            let timingIndex = block.prefix(2).firstIndex(where: { SubtitleTiming.isTimingLine($0, in: bytes) }
            ),
            let timing = SubtitleTiming(line: block[timingIndex], in: bytes, regions: regions)
        else { return nil }
        let payload = Array(block[(timingIndex + 1)...])
        let identifier =
            timingIndex == 0 ? nil : String(decoding: bytes[bytes.trimmedBlanks(block[0])], as: UTF8.self)
        let (text, spans, alignment) = CueMarkup.parse(
            lines: payload, in: bytes, removesBraceOverrides: removesBraceOverrides, sheet: sheet,
            identifier: identifier)
        return SubtitleCue(
            start: timing.start, end: timing.end, text: text, spans: spans,
            placement: alignment.map { SubtitlePlacement(alignment: $0) } ?? timing.placement)
    }
}
