import Foundation
import Logging

/// Plays a queue of media items: opens, decodes and clocks them on background threads, and tells a
/// host which video frame is current.
///
/// Commands are safe at any time and in any order; none blocks on I/O or decoding.
///
/// > Important: a host with a window installs `wakeHandler` (post an SDL user event from it), then on
/// > every loop iteration calls `pump()`, draws `currentFrame` when `frameGeneration` changed, and
/// > sleeps until `nextDueTime` or the next wake. Without a wake handler the player pumps itself on
/// > the main actor, which suits tests and windowless programs.
@MainActor
public final class MediaPlayer {
    /// The settings the player was made with; only the tick interval changes afterwards
    /// (``setTimeTickInterval(_:)``).
    public internal(set) var configuration: PlayerConfiguration

    /// Where the player is in its life.
    public internal(set) var status: PlayerStatus = .idle
    /// The playback position in seconds.
    public internal(set) var currentTime = 0.0
    /// The duration in seconds, once known (corrected at the real end for containers that lie).
    public internal(set) var duration: Double?
    /// The media time ranges read ahead of the position.
    public internal(set) var bufferedRanges: [ClosedRange<Double>] = []
    /// Whether the current item is a live stream (an HLS playlist that is still growing): it has
    /// no duration, and plays near its live edge.
    public internal(set) var isLive = false
    /// What ``seek(to:exact:)`` can reach: 0 to the duration, or a live stream's window (the DVR
    /// window: the segments its playlist lists now); `nil` while unknown.
    public var seekableRange: ClosedRange<Double>? { liveWindow ?? duration.map { 0...$0 } }
    /// How far behind the live edge the position is, in seconds; `nil` unless live.
    public internal(set) var liveLatency: Double?
    /// Whether a live stream plays at its live position (where it started, and where
    /// ``seekToLive()`` goes: the playlist's hold-back before the edge, else three target
    /// durations) or less than a target duration behind it; `false` unless live.
    public internal(set) var isAtLiveEdge = false
    /// The window of the live stream (or of the live stream that ended) playing.
    var liveWindow: ClosedRange<Double>?
    /// Where the live stream's media stands, for its subtitle renditions to be laid on it.
    var liveReference: LiveTimeline.Reference?
    /// The picture's size on screen (square pixels, rotation applied).
    public internal(set) var videoSize: Size?
    /// Whether the current item shows video.
    public internal(set) var hasVideo = false
    /// Whether the current item has an audio track being played.
    public internal(set) var hasAudio = false
    /// Every track of the current item.
    public internal(set) var tracks: [MediaTrack] = []
    /// The chapters of the current item.
    public internal(set) var chapters: [MediaChapter] = []
    /// The current item's container tags (title, artist, album), once it opened.
    public internal(set) var metadata = MediaMetadata()
    /// Fonts attached to the current item (Matroska attachments), for its styled subtitles.
    public internal(set) var subtitleFonts: [SubtitleFont] = []
    /// The stream index of the audio track playing.
    public internal(set) var selectedAudioTrack: Int?
    /// The stream index of the subtitle track shown.
    public internal(set) var selectedSubtitleTrack: Int?
    /// The renditions of the current item, when it is a stream that offers several (an HLS master
    /// playlist), in the playlist's order; empty otherwise.
    public internal(set) var renditions: [Rendition] = []
    /// Which rendition plays: chosen by the player, or fixed by ``setQuality(_:)``. Each item starts
    /// with `.auto`.
    public internal(set) var quality = Quality.auto
    /// The rendition playing, in a stream that offers several.
    public internal(set) var currentRendition: Rendition?
    /// The size in pixels of the view that shows the picture, and how the picture fills it, as the
    /// view last said through ``setVideoViewSize(_:gravity:)``; `nil` when unknown.
    public internal(set) var videoViewSize: Size?
    /// How the picture fills that view, as the view last said (``VideoGravity/fit`` until it does).
    public internal(set) var videoViewGravity = VideoGravity.fit
    /// The size in pixels a window draws the pictures at, as it last said through
    /// ``setDrawnPictureSize(_:)``; `nil` when none does.
    public internal(set) var drawnPictureSize: Size?
    /// Cues decoded so far for the current item.
    public internal(set) var cues: [SubtitleCue] = []

    /// The playback rate, 0.25...4.
    public internal(set) var rate = 1.0
    /// The volume, 0...1.
    public internal(set) var volume = 1.0
    /// Whether sound is muted.
    public internal(set) var isMuted = false
    /// What happens at the end of an item: it ends, starts again, or the queue starts again
    /// (``setRepeatMode(_:)``).
    public internal(set) var repeatMode = RepeatMode.off
    /// Whether the current item restarts at its end (``RepeatMode/one``).
    public var isLooping: Bool { repeatMode == .one }
    /// What going back does: ``NavigationMode/smart(interval:)`` (the default, 3 seconds) starts
    /// the current item again once past the interval, ``NavigationMode/immediate`` always goes to
    /// the previous item.
    public var navigationMode = NavigationMode.smart()
    /// Whether the sound's loudness is evened out (``setLoudnessNormalization(_:)``).
    public internal(set) var normalizesLoudness = false
    /// Seconds the current item's sound is heard after its picture (negative: before).
    public var audioDelay: Double { currentItem?.audioDelay ?? 0 }
    /// Seconds the current item's subtitles show after the times their cues name (negative: before).
    public var subtitleDelay: Double { currentItem?.subtitleDelay ?? 0 }
    /// Video equaliser values (libavfilter `eq`): brightness -1...1, contrast 0...4, saturation 0...3.
    public internal(set) var brightness = 0.0, contrast = 1.0, saturation = 1.0
    /// The libavfilter video filters applied after the equaliser, first to last
    /// (``addFilter(_:clear:)``).
    public internal(set) var videoFilters: [String] = []
    /// The filters as one libavfilter graph ("" for none).
    public var customVideoFilter: String { videoFilters.joined(separator: ",") }

    /// The queue of items and the index of the current one.
    public internal(set) var items: [MediaItem] = []
    /// Index of the current item in `items`.
    public internal(set) var currentIndex: Int?

    /// The picture to show now.
    public internal(set) var currentFrame: VideoFrame?
    /// Increases every time `currentFrame` changes.
    public internal(set) var frameGeneration = 0
    /// Monotonic seconds (see `MediaPlayer.now`) when the next frame or tick is due; `nil` for none.
    public internal(set) var nextDueTime: Double?
    /// Frames shown so far for the current item.
    public internal(set) var framesPresented = 0
    /// Frames dropped because they were late.
    public internal(set) var framesDropped = 0
    /// How far the shown frame lagged the clock when it became current (seconds; positive = late).
    public internal(set) var avOffset = 0.0
    /// How much video work the current item sheds because its decoder cannot keep up: `.none`
    /// while it can (`.overloadChanged` tells of each change).
    public internal(set) var overloadLevel = OverloadLevel.none

    /// Bits per second of the current item's file, once it opened, when the container states it or
    /// FFmpeg can estimate it.
    public internal(set) var bitRate: Int?

    /// Mean seconds libavcodec took per decoded picture of the current item (`nil` before the first).
    public var videoDecodeSecondsPerFrame: Double? {
        guard let decoder = session?.videoDecoder else { return nil }
        let decoded = decoder.statistics.decoded
        return decoded > 0 ? decoder.decodeSeconds / Double(decoded) : nil
    }

    /// The playback statistics of the current item, as they stand now.
    public var statistics: PlaybackStatistics {
        PlaybackStatistics(
            framesPresented: framesPresented, framesDropped: framesDropped, avOffset: avOffset,
            videoDecodeSecondsPerFrame: videoDecodeSecondsPerFrame, bitRate: bitRate,
            startupSeconds: experience.startupSeconds, stallCount: experience.stallCount,
            stallSeconds: experience.stallSeconds(at: MediaPlayer.now),
            bytesFetched: experience.earlierBytes + (session?.fetched.value ?? 0),
            renditionSwitches: experience.renditionSwitches,
            throughputEstimate: session?.segments.estimator.bitsPerSecond, overloadLevel: overloadLevel,
            picturesSkipped: session?.skippedVideoPackets.withLock { $0 } ?? 0,
            audioUnderruns: session?.renderer?.underruns ?? 0)
    }

    var session: PlaybackSession?
    /// The rendition that played before the current item was opened anew, so that the one it opens
    /// with is reported as a switch.
    var renditionBeforeReopen: Rendition?
    /// What the viewer of the current item went through (startup, stalls, bytes, switches).
    var experience = ExperienceRecord(loadedAt: MediaPlayer.now)
    var sessionID = 0
    var preload: Preload?
    var nextSessionID = 0
    var wantsPlay = false
    var awaitingFirstFrame = true
    /// Until when (monotonic seconds) an item opened to play holds its clock and stays `.loading`
    /// while its first picture is decoded; `nil` once it started.
    var firstPictureHold: Double?
    /// Whether that hold lasts, once the first picture shows, until the pictures after it are
    /// decoded too (`isPrerolled(_:)`): not for a preloaded item taken over, which starts at once.
    var prerollsFirstPicture = false
    /// Whether a failure to show the current item's pictures was reported.
    var reportedPresentationFailure = false
    /// The clock time when the player started waiting for the first picture while playing.
    var waitingSince: Double?
    /// Monotonic seconds since when nothing has been read ahead of the position (items with sound).
    var starvedSince: Double?
    var videoEnded = false
    var pendingSeek: (serial: Int, target: Double, exact: Bool, origin: Double)?
    /// The passes of a looping item on its session's timeline.
    var loopTimeline = LoopTimeline()
    /// Which multiple of the tick interval the last `.timeTick` reported (`nil`: tick at once).
    var lastTick: Double?
    let observers = Observers<PlayerEvent>()
    /// The cues of the item's subtitle file, read whole: an infinite end among them is final (a
    /// TTML paragraph that lasts as long as the media), never one that its track states later.
    var externalCues: [SubtitleCue] = []
    /// Stops the read of the current item's subtitle file, when it is fetched from a server.
    var externalSubtitleRead: InterruptGuard?
    /// The subtitle renditions of an HLS item's master playlist, read by the player.
    var subtitleRenditions: SubtitleRenditions?
    /// The script header of the embedded ASS/SSA track whose cues are read.
    var embeddedSubtitleHeader: String?
    /// The script header of the item's external ASS/SSA file.
    var externalSubtitleHeader: String?
    var audioPreference: TrackPreference?
    var subtitlePreference: TrackPreference?
    var selfPumpTask: Task<Void, Never>?
    var loadTask: Task<Void, Never>?
    let retirement = SessionRetirement()
    /// Hands events to the trackers of the items they concern.
    let trackers = TrackerRelay()
    lazy var inbox = EventInbox(selfPump: { [weak self] in
        Task { @MainActor in self?.pump() }
    })

    /// A preloaded next item: its session, opened ahead of time.
    struct Preload {
        var index: Int
        /// The preloaded item's id, by which it is found again after the queue was edited.
        var itemID: MediaItem.ID
        var session: PlaybackSession
        var id: Int
        var events: [SessionEvent] = []
    }

    /// Makes an idle player.
    public init(configuration: PlayerConfiguration = PlayerConfiguration()) {
        FFmpegLogging.configure()
        self.configuration = configuration
    }

    isolated deinit {
        for session in [session, preload?.session].compactMap({ $0 }) { retirement.retire(session) }
    }

    /// Monotonic seconds, the clock `nextDueTime` is expressed in.
    public nonisolated static var now: Double { monotonicSeconds() }

    /// Called from any thread when the player has work for `pump()`; install it before loading.
    ///
    /// > Important: the handler runs on engine threads; it must only wake the host (for example
    /// > `SDL_PushEvent`), never call the player.
    public var wakeHandler: (@Sendable () -> Void)? {
        get { inbox.wakeHandler }
        set { inbox.wakeHandler = newValue }
    }

    /// The item playing now.
    public var currentItem: MediaItem? { currentIndex.map { items[$0] } }

    /// Whether ``next()`` has an item to go to: one follows the current item, or the queue repeats.
    public var canAdvanceToNext: Bool { navigation.next != nil }

    /// Whether ``previous()`` does something now: an item precedes the current one (or the queue
    /// repeats), or the position is past the smart navigation's interval, where it restarts the
    /// current item.
    public var canReturnToPrevious: Bool { navigation.canReturn(at: currentTime, mode: navigationMode) }

    /// Where the queue goes from the current item.
    var navigation: QueueNavigation {
        QueueNavigation(count: items.count, currentIndex: currentIndex, repeatMode: repeatMode)
    }

    /// Cues of the selected subtitle track shown at `currentTime`, with the subtitle delay applied.
    public var activeCues: [SubtitleCue] {
        let time = currentTime - subtitleDelay
        return cues.filter { $0.isActive(at: time) }
    }

    /// The ASS script header (styles, play resolution) the cues' ``SubtitleCue/assEvent``s are read
    /// with: the selected embedded ASS/SSA track's, else the item's external ASS/SSA file's; `nil`
    /// when the cues use the default style.
    public var subtitleHeader: String? { embeddedSubtitleHeader ?? externalSubtitleHeader }

    /// Whether the next queued item is open and its first frame is decoded, ready to show at once.
    public var isNextPreloaded: Bool {
        guard let preload, let info = preload.session.info else { return false }
        guard info.videoStream != nil else { return true }
        if case .frame = preload.session.videoFrames.peek() { return true }
        return false
    }

    /// Registers `handler` for every later event, in order.
    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor (PlayerEvent) -> Void) -> ObserverToken {
        ObserverToken(id: observers.add(handler))
    }

    /// Unregisters an observer.
    public func removeObserver(_ token: ObserverToken) {
        observers.remove(token.id)
    }

    /// A stream of every event from now on; it ends when the consumer stops iterating.
    public var events: AsyncStream<PlayerEvent> {
        let (stream, continuation) = AsyncStream<PlayerEvent>.makeStream()
        let token = addObserver { continuation.yield($0) }
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.removeObserver(token) }
        }
        return stream
    }

    /// Delivers `event` to every observer after applying it to the state.
    func emit(_ event: PlayerEvent) {
        let diagnostic = event.diagnostic
        diagnostic.logger.log(level: diagnostic.level, "\(event.diagnosticDescription)")
        trackers.handle(event) {
            TrackerRelay.State(
                items: items, currentIndex: currentIndex, position: currentTime, duration: duration,
                metadata: metadata)
        }
        observers(event)
    }

    /// Reports that a window could not show the player's picture (its renderer failed to upload,
    /// convert or draw it) as an `.error` event, once per item: the window keeps the last picture
    /// it could show, and playback goes on.
    public func reportPresentationFailure(_ error: PlayerError) {
        guard !reportedPresentationFailure else { return }
        reportedPresentationFailure = true
        emit(.error(error))
    }

    /// Moves to `newStatus`, reporting the change.
    func setStatus(_ newStatus: PlayerStatus) {
        guard status != newStatus else { return }
        experience.statusChanged(from: status, to: newStatus, at: MediaPlayer.now)
        status = newStatus
        emit(.statusChanged(newStatus))
    }
}
