/// Where a plain cue sits on the picture, when its file says: SubRip's `{\an8}`-style tags, WebVTT's
/// cue settings (`line`, `position`, `align`). Cues without one sit at the bottom centre.
public struct SubtitlePlacement: Hashable, Sendable {
    /// ASS's numpad alignment of the cue's anchor and text: 1...3 along the bottom (left, centre,
    /// right), 4...6 across the middle, 7...9 along the top.
    public var alignment: Int
    /// The anchor's place across the picture, as a fraction of its width (0 is the left edge);
    /// `nil` keeps it at the margin the alignment says.
    public var x: Double?
    /// The anchor's place down the picture, as a fraction of its height (0 is the top edge); `nil`
    /// keeps it at the margin the alignment says.
    public var y: Double?

    /// A cue anchored by `alignment` (clamped to 1...9), at (`x`, `y`) when given (clamped to 0...1).
    public init(alignment: Int, x: Double? = nil, y: Double? = nil) {
        self.alignment = min(max(alignment, 1), 9)
        let fraction = { (value: Double?) in value.flatMap { $0.isFinite ? min(max($0, 0), 1) : nil } }
        self.x = fraction(x)
        self.y = fraction(y)
    }

    /// The column of the alignment: 0 left, 1 centre, 2 right.
    var column: Int { (alignment - 1) % 3 }
    /// The row of the alignment: 0 bottom, 1 middle, 2 top.
    var row: Int { (alignment - 1) / 3 }
}
