/// The text subtitle formats `SubtitleParser` reads.
public enum SubtitleFormat: String, Hashable, Sendable {
    /// WebVTT (.vtt): a "WEBVTT" header, then cues with optional identifiers and settings.
    case webVTT
    /// SubRip (.srt): numbered cues with "hh:mm:ss,mmm" times.
    case subRip

    /// The format a file extension names ("vtt", "srt"; any case), or `nil`.
    public init?(fileExtension: String) {
        switch fileExtension.lowercased() {
        case "vtt", "webvtt": self = .webVTT
        case "srt": self = .subRip
        default: return nil
        }
    }

    /// Guesses the format from decoded UTF-8 bytes: a "WEBVTT" signature means WebVTT, anything else
    /// with a "-->" timing arrow is read as SubRip.
    static func detect(in bytes: [UInt8]) -> SubtitleFormat? {
        if bytes.starts(with: "WEBVTT".utf8) { return .webVTT }
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
