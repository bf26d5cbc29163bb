/// A parsed subtitle file: its cues in start order, ready to be looked up by time.
public struct SubtitleDocument: Hashable, Sendable {
    /// The format the text was read as, or `nil` when it matched none (then there are no cues).
    public let format: SubtitleFormat?
    /// The cues sorted by start time; cues that start together keep their order in the file.
    /// Overlapping cues are all kept.
    public let cues: [SubtitleCue]
    /// The ASS script header the cues' ``SubtitleCue/assEvent``s are read with (an ASS/SSA file's
    /// script info and styles); `nil` for the other formats.
    public let header: String?
    /// `latestEnd[i]` is the latest end among `cues[0...i]`, so a lookup can stop walking back
    /// as soon as no earlier cue can still be showing.
    private let latestEnd: [Double]

    /// A document holding `cues` (sorted here by start time).
    public init(cues: [SubtitleCue], format: SubtitleFormat? = nil, header: String? = nil) {
        self.format = format
        self.header = header
        let sorted = cues.enumerated().sorted {
            $0.element.start != $1.element.start ? $0.element.start < $1.element.start : $0.offset < $1.offset
        }.map(\.element)
        self.cues = sorted
        var latest = -Double.infinity
        latestEnd = sorted.map { cue in
            latest = max(latest, cue.end)
            return latest
        }
    }

    /// An empty document.
    public static let empty = SubtitleDocument(cues: [])

    /// The cues showing at `time` (start ≤ time < end), in start order.
    ///
    /// A binary search finds the last cue that has started; the walk back from it stops at the first
    /// cue before which every cue has ended, so a lookup costs O(log n + cues showing) in practice.
    public func activeCues(at time: Double) -> [SubtitleCue] {
        var low = 0
        var high = cues.count
        while low < high {
            let middle = (low + high) / 2
            if cues[middle].start <= time { low = middle + 1 } else { high = middle }
        }
        var active: [SubtitleCue] = []
        var index = low - 1
        while index >= 0, latestEnd[index] > time {
            if cues[index].end > time { active.append(cues[index]) }
            index -= 1
        }
        return active.reversed()
    }
}
