/// Collects cue text as UTF-8 bytes while markup switches bold, italic, underline, colour and the
/// styles of a style sheet on and off, then cuts it into `SubtitleSpan` runs.
struct StyledTextBuilder {
    /// The styles of a run (``SubtitleSpan``'s).
    struct Style: Equatable {
        var bold = false
        var italic = false
        var underline = false
        var color: SubtitleColor?
        var background: SubtitleColor?
        var fontFamily: String?
        var fontScale: Double?
        var outline: SubtitleOutline?
    }

    private(set) var bytes: [UInt8] = []
    /// Where the style changes: byte offset into `bytes` and the style from there on.
    private var changes: [(offset: Int, style: Style)] = [(0, Style())]

    /// Appends one byte of text.
    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends bytes of text.
    mutating func append<Bytes: Sequence>(contentsOf text: Bytes) where Bytes.Element == UInt8 {
        bytes.append(contentsOf: text)
    }

    /// Turns bold, italic and underline on or off, and sets the colour (`.some(nil)`: the default
    /// one), from the current position; `nil` leaves a style as it is.
    mutating func setStyle(
        bold: Bool? = nil, italic: Bool? = nil, underline: Bool? = nil, color: SubtitleColor?? = nil
    ) {
        guard var style = changes.last?.style else { return }
        style.bold = bold ?? style.bold
        style.italic = italic ?? style.italic
        style.underline = underline ?? style.underline
        style.color = color ?? style.color
        setStyle(style)
    }

    /// Sets every style from the current position.
    mutating func setStyle(_ style: Style) {
        guard let last = changes.last, style != last.style else { return }
        if last.offset == bytes.count {
            // Nothing was written in the last style: replace it, or drop it when the style before
            // already matches, so runs of one style are never split.
            if changes.count > 1, changes[changes.count - 2].style == style {
                changes.removeLast()
            } else {
                changes[changes.count - 1].style = style
            }
        } else {
            changes.append((bytes.count, style))
        }
    }

    /// Whether the text ends with a space, so a removed tag between two spaces leaves just one.
    var endsWithSpace: Bool { bytes.last == UInt8(ascii: " ") }

    /// The text, and its styled runs (empty when nothing is styled).
    func build() -> (text: String, spans: [SubtitleSpan]) {
        let text = String(decoding: bytes, as: UTF8.self)
        guard changes.contains(where: { $0.style != Style() }) else { return (text, []) }
        var spans: [SubtitleSpan] = []
        for (index, change) in changes.enumerated() {
            let end = index + 1 < changes.count ? changes[index + 1].offset : bytes.count
            guard end > change.offset else { continue }
            spans.append(
                SubtitleSpan(
                    text: String(decoding: bytes[change.offset..<end], as: UTF8.self),
                    bold: change.style.bold, italic: change.style.italic, underline: change.style.underline,
                    color: change.style.color, background: change.style.background,
                    fontFamily: change.style.fontFamily, fontScale: change.style.fontScale,
                    outline: change.style.outline))
        }
        return (text, spans)
    }
}
