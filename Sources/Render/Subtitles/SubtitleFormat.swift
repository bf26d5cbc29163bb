/// The text subtitle formats `SubtitleParser` reads.
public enum SubtitleFormat: String, Hashable, Sendable {
    /// WebVTT (.vtt): a "WEBVTT" header, then cues with optional identifiers and settings.
    case webVTT
    /// SubRip (.srt): numbered cues with "hh:mm:ss,mmm" times.
    case subRip
    /// ASS/SSA (.ass, .ssa): a script with styles and dialogue events, drawn styled by libass.
    case ass
    /// TTML (.ttml, and .dfxp as TTML's first version was called; the IMSC profiles too): an XML
    /// document of timed paragraphs, with styles and regions.
    case ttml

    /// The format a file extension names ("vtt", "srt", "ttml"; any case), or `nil`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "vtt", "webvtt": self = .webVTT
        case "srt": self = .subRip
        case "ass", "ssa": self = .ass
        case "ttml", "dfxp": self = .ttml
        default: return nil
        }
    }

    /// Guesses the format from decoded UTF-8 bytes: a "WEBVTT" signature means WebVTT, a
    /// "[Script Info]" section an ASS/SSA script, markup ("<" first) TTML, anything else with a
    /// "-->" timing arrow is read as SubRip.
    static func detect(in bytes: [UInt8]) -> SubtitleFormat? {
        if bytes.starts(with: "WEBVTT".utf8) { return .webVTT }
        let text = bytes.drop(while: { $0.isBlankByte || $0 == 0x0A || $0 == 0x0D })
        if text.starts(with: "[Script Info]".utf8) { return .ass }
        if text.first == UInt8(ascii: "<") { return .ttml }
        let arrow = Array("-->".utf8)
        var index = 0
        while index + arrow.count <= bytes.count {
            if bytes[index] == arrow[0], bytes[index + 1] == arrow[1], bytes[index + 2] == arrow[2] {
                return .subRip
            }
            index += 1
        }
        return nil
    }
}
