import VideoPlayerRender

/// What one item holds for a ``FakePlaybackEngine``: its length, picture, tracks and how it opens.
///
/// ```swift
/// let context = Context().withDependency(\.playbackEngine, .fake { _ in
///     FakeMedia(duration: 90, chapters: [MediaChapter(title: "Intro", start: 0, end: 30)])
/// })
/// ```
public struct FakeMedia: Sendable {
    /// The length in seconds; `nil` for a stream of unknown length (it never ends by itself).
    public var duration: Double?
    /// The picture's size; `nil` for sound alone.
    public var videoSize: Size?
    /// Whether the item has sound.
    public var hasAudio: Bool
    /// The tracks, by stream index.
    public var tracks: [MediaTrack]
    /// The chapters.
    public var chapters: [MediaChapter]
    /// The container's tags.
    public var metadata: MediaMetadata
    /// Subtitle cues, shown while a subtitle track is selected (or always, when the item has no
    /// subtitle track: as from an external subtitle file).
    public var cues: [SubtitleCue]
    /// The ASS script header of the subtitle track whose cues are ``cues`` (`nil`: the default style).
    public var subtitleHeader: String?
    /// Fonts attached to the item.
    public var subtitleFonts: [SubtitleFont]
    /// Pictures per second, for stepping.
    public var frameRate: Double
    /// The colour of every picture.
    public var color: Color
    /// Clock seconds from a load to the opened item: 0 opens it at once, `.infinity` waits for
    /// ``FakePlaybackEngine/completeOpening()``.
    public var openingTime: Double
    /// When set, opening fails with this error instead.
    public var failure: PlayerError?
    /// The bit rate the statistics report while the item plays.
    public var bitRate: Int?
    /// The decoding time per picture the statistics report while the item plays (the fake decodes
    /// nothing; this is what a statistics display shows).
    public var decodeSecondsPerFrame: Double?
    /// The renditions the item offers (an HLS ladder), none by default; the one playing gives the
    /// picture its size.
    public var renditions: [Rendition] = []
    /// The network throughput the statistics report as measured while the item plays.
    public var throughputEstimate: Int?
    /// Makes the item a live stream whose window lasts this many seconds: it has no duration, its
    /// window slides on with the clock from the moment it opens, and it plays from
    /// ``liveHoldBack`` seconds before the edge. `nil` (the default) for an item of fixed length.
    public var liveWindow: Double?
    /// How far behind the edge a live item plays (and "go to live" goes).
    public var liveHoldBack = 6.0
    /// When set, the item cannot be sought (as a pipe cannot): every seek fails with this error and
    /// playback stays where it was.
    public var seekFailure: PlayerError?

    /// An item; by default a 10 s, 640x360 blue picture with sound, opening at once.
    ///
    /// Without `tracks`, the item has an H.264 video track (index 0, when it has a picture) and an
    /// AAC audio track (index 1, when it has sound).
    public init(
        duration: Double? = 10, videoSize: Size? = Size(width: 640, height: 360), hasAudio: Bool = true,
        tracks: [MediaTrack]? = nil, chapters: [MediaChapter] = [], metadata: MediaMetadata = MediaMetadata(),
        cues: [SubtitleCue] = [], subtitleHeader: String? = nil, subtitleFonts: [SubtitleFont] = [],
        frameRate: Double = 30, color: Color = .blue, openingTime: Double = 0, failure: PlayerError? = nil,
        bitRate: Int? = 1_000_000, decodeSecondsPerFrame: Double? = 0.002
    ) {
        self.duration = duration
        self.videoSize = videoSize
        self.hasAudio = hasAudio
        self.tracks =
            tracks
            ?? [
                videoSize.map { _ in MediaTrack(index: 0, kind: .video, codecName: "h264", isSupported: true)
                },
                hasAudio ? MediaTrack(index: 1, kind: .audio, codecName: "aac", isSupported: true) : nil,
            ].compactMap { $0 }
        self.chapters = chapters
        self.metadata = metadata
        self.cues = cues
        self.subtitleHeader = subtitleHeader
        self.subtitleFonts = subtitleFonts
        self.frameRate = frameRate
        self.color = color
        self.openingTime = openingTime
        self.failure = failure
        self.bitRate = bitRate
        self.decodeSecondsPerFrame = decodeSecondsPerFrame
    }

    /// An item that fails to open with `error`.
    public static func failing(_ error: PlayerError) -> FakeMedia {
        FakeMedia(failure: error)
    }

    /// The picture shown at `time`.
    func picture(at time: Double) -> VideoFrame? {
        guard let videoSize else { return nil }
        func byte(_ value: Double) -> UInt8 { UInt8((min(max(value, 0), 1) * 255).rounded()) }
        return VideoFrame.filled(
            width: Int(videoSize.width.rounded()), height: Int(videoSize.height.rounded()),
            red: byte(color.red), green: byte(color.green), blue: byte(color.blue), time: time)
    }
}
