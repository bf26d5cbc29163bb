/// Where a plain cue sits on the picture, when its file says: SubRip's `{\an8}`-style tags, WebVTT's
/// cue settings (`line`, `position`, `align`, `size`) and regions. Cues without one sit at the bottom
/// centre.
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
    /// The width of the cue's box, as a fraction of the picture's width (WebVTT's `size`, a region's
    /// width): its lines wrap within the box and are aligned in it by the alignment's column, and
    /// the box lies at `x` as that column says (its left edge, middle or right edge there). `nil`
    /// lets the lines take the picture's width.
    public var width: Double?
    /// The region the cue sits in, when its file puts it in one (a WebVTT region), whose bottom
    /// line `y` is: the cues of a region that show at once stack from there up, the newest lowest,
    /// and lines above the region's last are not drawn.
    public var region: SubtitleRegion?

    /// A cue anchored by `alignment` (clamped to 1...9), at (`x`, `y`) when given (clamped to 0...1),
    /// in a box `width` wide when given (clamped to 0...1; 0 is no width), in `region` if any.
    public init(
        alignment: Int, x: Double? = nil, y: Double? = nil, width: Double? = nil,
        region: SubtitleRegion? = nil
    ) {
        self.alignment = min(max(alignment, 1), 9)
        let fraction = { (value: Double?) in value.flatMap { $0.isFinite ? min(max($0, 0), 1) : nil } }
        self.x = fraction(x)
        self.y = fraction(y)
        self.width = fraction(width).flatMap { $0 > 0 ? $0 : nil }
        self.region = region
    }

    /// The column of the alignment: 0 left, 1 centre, 2 right.
    var column: Int { (alignment - 1) % 3 }
    /// The row of the alignment: 0 bottom, 1 middle, 2 top.
    var row: Int { (alignment - 1) / 3 }

    /// How far across its box the anchor of a column lies: its left edge, middle or right edge.
    static func share(ofColumn column: Int) -> Double { [0, 0.5, 1][min(max(column, 0), 2)] }

    /// Where the left edge of a box `width` wide lies when its anchor, aligned as the column says,
    /// is at `anchor` (fractions of the picture's width).
    func boxLeft(anchoredAt anchor: Double, width: Double) -> Double {
        anchor - width * Self.share(ofColumn: column)
    }
}

/// A region of the picture that cues sit in (a WebVTT region, such as a speaker's corner or a
/// caption window that rolls up): the cues in it that show at once stack, the newest lowest, in
/// as many lines as it holds.
public struct SubtitleRegion: Hashable, Sendable {
    /// The region's name in its file.
    public var id: String
    /// How many lines of text it shows (0...100); lines above them are not drawn.
    public var lines: Int

    /// The region `id`, `lines` high (clamped to 0...100).
    public init(id: String, lines: Int) {
        self.id = id
        self.lines = min(max(lines, 0), 100)
    }
}
