/// One timed subtitle: the text shown from `start` until `end` (seconds from the start of the media).
public struct SubtitleCue: Hashable, Sendable, CustomStringConvertible {
    /// When the cue appears, in seconds.
    public var start: Double
    /// When the cue disappears, in seconds.
    public var end: Double
    /// The text, lines separated by "\n", markup removed (basic styling is kept in `spans`).
    public var text: String
    /// Styled runs of `text` (bold, italic, underline), in order; empty when the cue is plain.
    public var spans: [SubtitleSpan]
    /// The ASS event the cue came from, for a renderer that draws it styled: the fields after the
    /// times ("Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text"), read with its track's script
    /// header; `nil` for a plain cue.
    public var assEvent: String?
    /// The pictures of a bitmap subtitle (PGS, VobSub, DVB); empty for a text cue. A bitmap cue has
    /// no `text`, and shows until the next display of its track when it states no end (`end` is
    /// infinite until that display is read; closed captions do the same).
    public var bitmaps: [SubtitleBitmap]
    /// Where a plain cue sits, when its file says (SubRip's `{\an8}`, WebVTT's cue settings); `nil`
    /// for the bottom centre.
    public var placement: SubtitlePlacement?
    /// A box of the picture filled behind the cues while this one shows, where the file paints a
    /// region's background (a TTML region's `tts:backgroundColor`); `nil` for none. A cue that
    /// only paints a box has no `text`.
    public var regionBackground: SubtitleRegionBackground?

    /// A cue shown from `start` to `end`, in seconds; with no `spans`, ``text`` is drawn in the
    /// caption style.
    public init(
        start: Double, end: Double, text: String, spans: [SubtitleSpan] = [], assEvent: String? = nil,
        bitmaps: [SubtitleBitmap] = [], placement: SubtitlePlacement? = nil,
        regionBackground: SubtitleRegionBackground? = nil
    ) {
        self.start = start
        self.end = end
        self.text = text
        self.spans = spans
        self.assEvent = assEvent
        self.bitmaps = bitmaps
        self.placement = placement
        self.regionBackground = regionBackground
    }

    /// Whether the cue is shown at `time`.
    public func isActive(at time: Double) -> Bool { time >= start && time < end }

    /// Whether `other` is this cue read again (after a seek): the same cue from the same start. A
    /// cue that states no end (a bitmap display, a closed caption) is read again with an infinite
    /// `end` even when its track cut it short since (a new display, or an empty one, ends what was
    /// showing), so that end is not compared then; nor is a bitmap cue's end ever.
    public func isReadAgain(as other: SubtitleCue) -> Bool {
        guard start == other.start, text == other.text, spans == other.spans, assEvent == other.assEvent,
            bitmaps == other.bitmaps, placement == other.placement, regionBackground == other.regionBackground
        else { return false }
        return end == other.end || !bitmaps.isEmpty || end == .infinity || other.end == .infinity
    }

    /// Whether `other` goes on with this cue: the same text or pictures, look and place, from
    /// where this one ends (within a millisecond), as a cue that a segmented text track cuts at a
    /// segment's boundary comes in two pieces (IMSC's pictures too). A cue that states no end (a
    /// bitmap display that the next replaces) never goes on.
    func isContinued(by other: SubtitleCue) -> Bool {
        end.isFinite && abs(other.start - end) < 0.001 && other.end > end && text == other.text
            && spans == other.spans && assEvent == other.assEvent && placement == other.placement
            && regionBackground == other.regionBackground && bitmaps == other.bitmaps
    }

    public var description: String { "[\(start)–\(end)] \(text)" }
}

/// A run of cue text with the basic styles WebVTT, SubRip and ASS share, and those a style sheet
/// (WebVTT's `STYLE` blocks, TTML's styles) gives it.
public struct SubtitleSpan: Hashable, Sendable {
    /// The run's characters.
    public var text: String
    /// Whether the run is bold.
    public var bold: Bool
    /// Whether the run is italic.
    public var italic: Bool
    /// Whether the run is underlined.
    public var underline: Bool
    /// The text's colour (SubRip's `<font color>`, WebVTT's colour classes such as `<c.yellow>`);
    /// `nil` draws it in the caption style's colour.
    public var color: SubtitleColor?
    /// The box behind the text (a WebVTT style sheet's `background-color`, TTML's
    /// `tts:backgroundColor`; an opacity of 0 draws none); `nil` draws the caption style's.
    public var background: SubtitleColor?
    /// The font family, as fontconfig finds it ("serif", "DejaVu Sans Mono"); `nil` draws the
    /// caption style's.
    public var fontFamily: String?
    /// The text's height as a share of the caption style's (a style sheet's `font-size: 80%`,
    /// TTML's `tts:fontSize` against its default of one cell); `nil` is the same height.
    public var fontScale: Double?
    /// The line drawn around each letter (a style sheet's `-webkit-text-stroke`, TTML's
    /// `tts:textOutline`); `nil` draws the caption style's edge, one of no width draws none.
    public var outline: SubtitleOutline?

    /// A run of `text` in the given styles; a `nil` colour, background, font family, scale or
    /// outline draws it in the caption style's.
    public init(
        text: String, bold: Bool = false, italic: Bool = false, underline: Bool = false,
        color: SubtitleColor? = nil, background: SubtitleColor? = nil, fontFamily: String? = nil,
        fontScale: Double? = nil, outline: SubtitleOutline? = nil
    ) {
        self.text = text
        self.bold = bold
        self.italic = italic
        self.underline = underline
        self.color = color
        self.background = background
        self.fontFamily = fontFamily
        self.fontScale = fontScale
        self.outline = outline
    }
}

/// A box of the picture filled with a colour behind the cues: a region's background.
public struct SubtitleRegionBackground: Hashable, Sendable {
    /// The box's left edge, as a fraction of the picture's width.
    public var x: Double
    /// The box's top edge, as a fraction of the picture's height.
    public var y: Double
    /// The box's width, as a fraction of the picture's width.
    public var width: Double
    /// The box's height, as a fraction of the picture's height.
    public var height: Double
    /// The colour it is filled with.
    public var color: SubtitleColor

    /// A box at (`x`, `y`), `width` by `height` (fractions of the picture's size, clamped so that
    /// the box lies within it), filled with `color`.
    public init(x: Double, y: Double, width: Double, height: Double, color: SubtitleColor) {
        let fraction = { (value: Double) in value.isFinite ? min(max(value, 0), 1) : 0 }
        self.x = fraction(x)
        self.y = fraction(y)
        self.width = min(fraction(width), 1 - self.x)
        self.height = min(fraction(height), 1 - self.y)
        self.color = color
    }
}

/// A line around each letter of a run of cue text.
public struct SubtitleOutline: Hashable, Sendable {
    /// The line's colour.
    public var color: SubtitleColor
    /// The line's width as a share of the text's height (0.1 is a tenth of it); 0 draws none.
    public var width: Double
    /// How far the line's edges fade out, as a share of the text's height: a blur radius as CSS's
    /// `text-shadow` and TTML's `tts:textOutline` give it (twice the standard deviation of a
    /// Gaussian blur); 0 keeps them sharp.
    public var blur: Double

    /// A line of `color`, `width` (a share of the text's height) wide, its edges blurred by
    /// `blur` (a share of the text's height).
    public init(color: SubtitleColor, width: Double, blur: Double = 0) {
        self.color = color
        self.width = width.isFinite ? max(0, width) : 0
        self.blur = blur.isFinite ? max(0, blur) : 0
    }
}

/// A font file carried by the media (a Matroska attachment), for the subtitles that name it.
public struct SubtitleFont: Hashable, Sendable {
    /// The attachment's file name, such as "OpenSans-Bold.ttf".
    public var name: String
    /// The font file's bytes.
    public var data: [UInt8]

    /// A font named `name` with the file's bytes.
    public init(name: String, data: [UInt8]) {
        self.name = name
        self.data = data
    }
}
