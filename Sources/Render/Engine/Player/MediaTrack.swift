/// What a track carries.
public enum TrackKind: String, Hashable, Sendable {
    /// Pictures, sound, timed text, other data, attached files, or a type FFmpeg does not name.
    case video, audio, subtitle, data, attachment, unknown
}

/// One elementary stream of an item, as the container describes it.
public struct MediaTrack: Hashable, Sendable, Identifiable {
    /// The stream index in the container; closed captions carried in the pictures of a video
    /// stream, which no container lists, are listed past every stream index (65536 plus the video
    /// stream's index).
    public var index: Int
    /// What the track carries.
    public var kind: TrackKind
    /// FFmpeg's short codec name ("h264", "aac", "subrip"; "none" when the container names none).
    public var codecName: String
    /// The ISO 639 language tag, if the container names one.
    public var language: String?
    /// The track title, if the container names one.
    public var title: String?
    /// Whether this FFmpeg build can decode the track.
    public var isSupported: Bool

    /// The stream index, unique within an item.
    public var id: Int { index }

    /// Makes a track description.
    public init(
        index: Int, kind: TrackKind, codecName: String, language: String? = nil, title: String? = nil,
        isSupported: Bool
    ) {
        self.index = index
        self.kind = kind
        self.codecName = codecName
        self.language = language
        self.title = title
        self.isSupported = isSupported
    }
}
