/// What a session learned when it opened its item.
struct SessionInfo: Sendable {
    var tracks: [MediaTrack]
    var chapters: [MediaChapter]
    /// The container's tags.
    var metadata = MediaMetadata()
    /// Fonts attached to the container, for its subtitles.
    var fonts: [SubtitleFont] = []
    /// The container's duration, when it states one.
    var duration: Double?
    var videoStream: Int?
    var audioStream: Int?
    var subtitleStream: Int?
    /// Whether decoded audio reaches a sink (false when the device failed to open).
    var rendersAudio: Bool
    /// The picture's size on screen (square pixels, rotation applied).
    var videoSize: Size?
    /// Bits per second of the whole file, when the container states it or FFmpeg estimates it.
    var bitRate: Int?
    /// The renditions of a stream that offers several (an HLS master playlist), else `nil`.
    var ladder: RenditionLadder?
    /// The id of the rendition playing, in a stream with a ladder.
    var rendition: Int?
    /// Whether the item is an HLS stream (its location a master or media playlist).
    var isHLS = false
    /// The media time of position 0 (the container's start), in seconds.
    var timelineOrigin = 0.0
    /// The item's HLS master playlist, when the session has read it already.
    var masterPlaylist: HLSMasterPlaylist?
    /// Whether a seek opens the container anew instead (``PlaybackSession/seeksByReopening(_:info:)``),
    /// once the first seek asked.
    var seeksByReopening: Bool?
}

/// What a session reports from its threads; the player applies these on the main actor, in order.
enum SessionEvent: Sendable {
    case opened(SessionInfo)
    /// The item cannot play at all.
    case failed(PlayerError)
    /// Something is wrong but playback goes on (an unsupported track, no audio device...).
    case warning(PlayerError)
    /// The video filters could not be built for the pictures; they are left out from then on.
    case videoFilterFailed(PlayerError)
    /// The demuxer repositioned for seek generation `serial`, or the container refused to: `failure`
    /// says why, and the media is read on from where it stood.
    case seeked(serial: Int, failure: PlayerError?)
    /// A cue decoded while reading seek generation `serial`, with its track's script header.
    case subtitleCue(SubtitleCue, header: String?, serial: Int)
    /// The subtitles showing that state no end (bitmap displays, closed captions) end `at` that
    /// time: a new display or an empty one began.
    case subtitlesCleared(at: Double, serial: Int)
    /// The rendition playing changed to `info.rendition` (whose streams `info` names) at a keyframe
    /// of its picture.
    case renditionChanged(from: Int?, info: SessionInfo, reason: RenditionChangeReason)
    /// The video carries closed captions, listed as `track` (found once its pictures are decoded).
    case closedCaptionsFound(MediaTrack)
    /// The demuxer read the last packet of generation `serial`.
    case reachedEnd(serial: Int)
    /// The demuxer of a network stream read another ``PlaybackSession/readAheadReportStep`` of it.
    case readAhead
    /// The video decoder queued a picture, or the end of the pictures, that the presenter may not
    /// know of: it looks at it at once instead of looking for pictures again and again.
    case pictureQueued
    /// The item loops: the demuxer went on from the start, and the pass it reads now begins at
    /// `at` on generation `serial`'s timeline.
    case wrapped(serial: Int, at: Double)
    /// The video decoder sheds more or less work (``OverloadLevel``).
    case overloadChanged(OverloadLevel)
}

/// A track the user asked for, by stream index or by language, or none at all.
package enum TrackPreference: Sendable, Equatable {
    case index(Int)
    case language(String)
    /// No track of the kind (subtitles hidden), for this item and the next ones.
    case off

    package func matches(_ track: MediaTrack) -> Bool {
        switch self {
        case .index(let index): track.index == index
        case .language(let language): track.language?.lowercased() == language.lowercased()
        case .off: false
        }
    }
}

/// Everything a session needs to open and play one item.
struct SessionOptions: Sendable {
    var location: String
    /// Whether the item opens ahead of its turn in the queue (the preloaded next item).
    var isPreload = false
    var startPosition: Double = 0
    /// Whether the item begins where its HLS playlist asks (`EXT-X-START`): when it is loaded with
    /// no start position of its own, not when it opens anew at a position.
    var startsWherePlaylistSays = false
    var networkTimeout: Double = 10
    /// Seconds of a multi-rendition stream read ahead of the position.
    var forwardBuffer: Double = 10
    /// The timeline of the live stream the item played before it was opened anew (for a seek in
    /// its window), so that positions keep their meaning.
    var liveTimeline: LiveTimeline?
    var audioSinkFactory: @Sendable () -> any AudioSink
    /// The audio output of the item playing before this one, which this one goes on playing on
    /// after it (a gapless queue); `nil` opens a device of its own.
    var sharedOutput: AudioOutput?
    /// Where the player's replaced sessions close their audio devices, which this one's waits for.
    var retirement: SessionRetirement
    var audioPreference: TrackPreference?
    var subtitlePreference: TrackPreference?
    var settings = SessionSettings.Values()
    /// Seconds the video decoder spends per picture on top of libavcodec's work (tests).
    var extraDecodeCost: (@Sendable (DecodeShortcuts) -> Double)?
}
