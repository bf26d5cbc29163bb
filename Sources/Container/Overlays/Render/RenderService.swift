/// The player of the container: `context.render` owns the ``PlaybackEngine`` and mirrors its
/// state as `@ViewState`, so widgets redraw when the part they read changes.
///
/// ```swift
/// context.render.load(MediaItem(path: "movie.mp4"), autoplay: true)
/// Text(context.render.isPlaying ? "Playing" : "Paused")
/// ```
/// Each piece of state is its own `@ViewState`: a widget that reads only ``status`` does not
/// rebuild on every ``currentTime`` tick.
///
/// > Important: Main actor only. The engine is made on first use of ``engine`` with
/// > ``configuration``; set the configuration before that. Stopping the service closes the engine.
public final class RenderService: Service {
    /// The settings the player is made with; changing them after the player exists has no effect.
    public var configuration = PlayerConfiguration(timeTickInterval: 0.25)

    /// How the picture fills the video area.
    @ViewState public var gravity = VideoGravity.fit
    /// The radius, in points, of the rounded corners the render overlay gives the video (the
    /// picture's own corners when `fit` letterboxes it); 0 keeps them square.
    @ViewState public var videoCornerRadius = 0.0
    /// Where the render overlay shows the video, in window points, since its first layout; each
    /// change is also sent to observers as `.boundsChanged`.
    @ViewState public private(set) var videoBounds: Rect?
    /// The settings applied last with ``apply(_:)``.
    @ViewState public internal(set) var appliedSettings = VideoSettings()
    /// The drawings over the video, bottom first (``addVector(_:clear:)``).
    @ViewState public internal(set) var vectors: [VideoVector] = []
    /// Where the player is in its life.
    @ViewState public private(set) var status = PlayerStatus.idle
    /// Whether the player is playing (not paused, buffering or ended).
    @ViewState public private(set) var isPlaying = false
    /// The position in seconds, updated at the player's time ticks and after seeks.
    @ViewState public private(set) var currentTime = 0.0
    /// The duration in seconds, once known.
    @ViewState public private(set) var duration: Double?
    /// The media time ranges read ahead of the position.
    @ViewState public private(set) var buffered: [ClosedRange<Double>] = []
    /// Whether the item is a live stream that still grows (no duration; it plays near its edge).
    @ViewState public private(set) var isLive = false
    /// What ``seek(to:exact:)`` can reach: 0 to the duration, or a live stream's window (the DVR
    /// window); `nil` while unknown.
    @ViewState public private(set) var seekableRange: ClosedRange<Double>?
    /// Seconds the position is behind a live stream's edge; `nil` unless live.
    @ViewState public private(set) var liveLatency: Double?
    /// Whether a live stream plays at its live position (where ``seekToLive()`` goes) or close to
    /// it: a live badge shows it.
    @ViewState public private(set) var isAtLiveEdge = false
    /// The last error reported, cleared when an item loads (a new one, or the same one again).
    @ViewState public private(set) var error: PlayerError?
    /// The picture's size, once known.
    @ViewState public private(set) var videoSize: Size?
    /// Whether the item has a picture to show (false for sound alone), once it opened.
    @ViewState public private(set) var hasVideo = false
    /// Whether the item has sound, once it opened.
    @ViewState public private(set) var hasAudio = false
    /// The playback rate.
    @ViewState public private(set) var rate = 1.0
    /// The volume: 1 is the media's own level, up to 1.5 for a boost.
    @ViewState public private(set) var volume = 1.0
    /// Whether sound is muted.
    @ViewState public private(set) var isMuted = false
    /// Whether playback restarts at the end (``repeatMode`` is ``/VideoPlayerRender/RepeatMode/one``).
    @ViewState public private(set) var isLooping = false
    /// What happens at the end of an item: it ends, starts again, or the queue starts again.
    @ViewState public private(set) var repeatMode = RepeatMode.off
    /// Whether the sound's loudness is evened out (quiet dialogue raised, loud scenes lowered).
    @ViewState public private(set) var normalizesLoudness = false
    /// Seconds the current item's sound is heard after its picture (negative: before).
    @ViewState public private(set) var audioDelay = 0.0
    /// Seconds the current item's subtitles show after their cues' times (negative: before).
    @ViewState public private(set) var subtitleDelay = 0.0
    /// The subtitle cues shown at ``currentTime``, with ``subtitleDelay`` applied.
    @ViewState public private(set) var activeCues: [SubtitleCue] = []
    /// The ASS script header the cues' styled events are read with (an embedded ASS/SSA track's), or
    /// `nil` when they use the default style.
    @ViewState public private(set) var subtitleHeader: String?
    /// Fonts attached to the current item, which its styled subtitles may name.
    @ViewState public private(set) var subtitleFonts: [SubtitleFont] = []
    /// The tracks of the current item.
    @ViewState public private(set) var tracks: [MediaTrack] = []
    /// The chapters of the current item: the ones the app gave in its
    /// ``/VideoPlayerRender/MediaDetails``, or else its file's.
    @ViewState public internal(set) var chapters: [MediaChapter] = []
    /// What the app told about the items of the queue beyond their files, by item id: from a
    /// loader (``load(autoplay:timeout:from:)``) or ``setDetails(_:for:)``. Dropped when the item
    /// leaves the queue.
    @ViewState public internal(set) var details: [MediaItem.ID: MediaDetails] = [:]
    /// How many media loaders are running (``load(autoplay:timeout:from:)``).
    @ViewState public internal(set) var pendingLoaders = 0
    /// The current item's container tags (title, artist, album), once it opened.
    @ViewState public private(set) var metadata = MediaMetadata()
    /// The item playing now.
    @ViewState public private(set) var item: MediaItem?
    /// The queue: the items of the last load.
    @ViewState public private(set) var items: [MediaItem] = []
    /// Where ``item`` is in ``items``.
    @ViewState public private(set) var currentIndex: Int?
    /// Whether ``next()`` has an item to go to: one follows the current item, or the queue repeats.
    @ViewState public private(set) var canAdvanceToNext = false
    /// Whether ``previous()`` does something now: an item precedes the current one, or the
    /// position is far enough in for it to start the current item again.
    @ViewState public private(set) var canReturnToPrevious = false
    /// The stream index of the audio track playing, once the item opened.
    @ViewState public private(set) var selectedAudioTrack: Int?
    /// The stream index of the embedded subtitle track decoded, or `nil` when hidden or none.
    @ViewState public private(set) var selectedSubtitleTrack: Int?
    /// The renditions of the current item when it offers several (an HLS master playlist), in the
    /// playlist's order: what a quality menu lists. Empty for an item of one rendition.
    @ViewState public private(set) var qualities: [Rendition] = []
    /// Which rendition plays: `.auto` (the player's choice) or a fixed one (``setQuality(_:)``).
    @ViewState public private(set) var quality = Quality.auto
    /// The rendition playing, in an item that offers several.
    @ViewState public private(set) var currentRendition: Rendition?
    /// The picture's brightness, -1...1 (0 leaves it as it is).
    @ViewState public private(set) var brightness = 0.0
    /// The picture's contrast, 0...4 (1 leaves it as it is).
    @ViewState public private(set) var contrast = 1.0
    /// The picture's saturation, 0...3 (1 leaves it as it is; 0 is black and white).
    @ViewState public private(set) var saturation = 1.0
    /// The libavfilter video filters applied after the picture adjustments, first to last
    /// (``addFilter(_:clear:)``).
    @ViewState public private(set) var videoFilters: [String] = []
    /// Seconds the window took to compose and present its last frame (`nil` without a window).
    ///
    /// ``PlayerWindow`` sets it on every present. It is not a `@ViewState`, so it never redraws a
    /// widget by itself: statistics sample it.
    public internal(set) var lastComposeSeconds: Double?

    /// How playback of the current item is going: frames shown and dropped, the audio-video offset,
    /// decoding time and bit rate.
    ///
    /// It changes with every picture, so it is not a `@ViewState` and never redraws a widget by
    /// itself: a statistics display samples it on a timer, as `VideoPlayerWidgets`'s `StatsService` does.
    public var statistics: PlaybackStatistics { madeEngine?.statistics ?? PlaybackStatistics() }

    /// The position now, as the engine knows it between ``currentTime``'s ticks (it follows every
    /// picture shown).
    ///
    /// It is not a `@ViewState` and never redraws a widget by itself: what animates with the picture,
    /// such as animated subtitles, samples it on its own timer.
    public var liveTime: Double { madeEngine?.currentTime ?? currentTime }

    private var madeEngine: (any PlaybackEngine)?
    /// The engine if it was made, without making it.
    var existingEngine: (any PlaybackEngine)? { madeEngine }
    let events = Observers<PlayerEvent>()
    @Dependency(\.playbackEngine) private var engineFactory
    @Dependency(\.clock) var clock

    /// The engine behind the service, made on first access by the context's `playbackEngine`
    /// dependency: FFmpeg's ``/VideoPlayerRender/MediaPlayer`` when live, a ``FakePlaybackEngine`` in tests.
    ///
    /// > Important: Widgets read the service's `@ViewState` and call its methods instead. State
    /// > read from the engine is not tracked, so a widget that shows it does not redraw when it
    /// > changes; commands sent to the engine directly are mirrored at its next event.
    public var engine: any PlaybackEngine {
        if let madeEngine { return madeEngine }
        let made = engineFactory.makeEngine(configuration: configuration, clock: clock)
        made.addObserver { [weak self] event in self?.apply(event) }
        made.trackerDetails = { [weak self] id in self?.details[id] }
        madeEngine = made
        return made
    }

    /// The engine as FFmpeg's player, the advanced escape hatch for what the service does not offer
    /// (the decoded picture itself, an engine-level observer); `nil` when the context's engine is
    /// another one, such as the fake engine of tests.
    public var player: MediaPlayer? { engine as? MediaPlayer }

    /// Calls `handler` with every event of the player, after the state above was updated.
    @discardableResult
    public func observe(_ handler: @escaping @MainActor (PlayerEvent) -> Void) -> ObservationToken {
        let id = events.add(handler)
        return ObservationToken { [weak self] in self?.events.remove(id) }
    }

    /// Calls `handler` at most once every `interval` seconds of the context's clock with the events
    /// of `kinds` (all kinds when `nil`) that happened since its last call, in order: for an app that
    /// would be flooded by ticks, cues and statistics one event at a time.
    ///
    /// The first event after a quiet spell starts the interval; the batch follows when it ends, so
    /// no event waits longer than `interval`. An interval that is negative or not a number counts
    /// as 0 (the batch follows at the next turn of the clock's timers). `cancel()` on the token also
    /// drops a batch not yet delivered.
    @discardableResult
    public func observe(
        _ kinds: Set<PlayerEvent.Kind>? = nil, every interval: Double,
        _ handler: @escaping @MainActor ([PlayerEvent]) -> Void
    ) -> ObservationToken {
        let batch = EventBatch(
            interval: interval.isNaN ? 0 : max(interval, 0), clock: clock, deliver: handler)
        let id = events.add { event in
            guard kinds?.contains(event.kind) ?? true else { return }
            batch.add(event)
        }
        return ObservationToken { [weak self] in
            self?.events.remove(id)
            batch.drop()
        }
    }

    /// Closes the player (its threads finish in the background).
    override public func didStop() {
        guard let madeEngine else { return }
        self.madeEngine = nil
        Task { await madeEngine.close() }
    }

    private func apply(_ event: PlayerEvent) {
        guard let player = madeEngine else { return }
        switch event {
        case .itemChanged:
            item = player.currentItem
            error = nil
            dropDetails(keeping: player.items)
        case .queueChanged, .itemsRemoved:
            item = player.currentItem
            dropDetails(keeping: player.items)
        case .statusChanged(.loading):
            error = nil
        case .error(let reported):
            error = reported
        default:
            break
        }
        status = player.status
        isPlaying = player.status == .playing
        currentTime = player.currentTime
        duration = player.duration
        buffered = player.bufferedRanges
        isLive = player.isLive
        seekableRange = player.seekableRange
        liveLatency = player.liveLatency
        isAtLiveEdge = player.isAtLiveEdge
        videoSize = player.videoSize
        hasVideo = player.hasVideo
        hasAudio = player.hasAudio
        rate = player.rate
        volume = player.volume
        isMuted = player.isMuted
        isLooping = player.isLooping
        repeatMode = player.repeatMode
        normalizesLoudness = player.normalizesLoudness
        audioDelay = player.audioDelay
        subtitleDelay = player.subtitleDelay
        activeCues = player.activeCues
        subtitleHeader = player.subtitleHeader
        subtitleFonts = player.subtitleFonts
        tracks = player.tracks
        chapters = appChapters ?? player.chapters
        metadata = player.metadata
        items = player.items
        currentIndex = player.currentIndex
        canAdvanceToNext = player.canAdvanceToNext
        canReturnToPrevious = player.canReturnToPrevious
        selectedAudioTrack = player.selectedAudioTrack
        selectedSubtitleTrack = player.selectedSubtitleTrack
        qualities = player.renditions
        quality = player.quality
        currentRendition = player.currentRendition
        mirrorPictureAdjustments()
        events(event)
    }

    /// Takes the frame the render overlay's video area was laid out in, and tells observers when it
    /// moved or changed size.
    func videoAreaLaidOut(_ frame: Rect) {
        guard frame != videoBounds else { return }
        videoBounds = frame
        events(.boundsChanged(frame))
    }

    /// Copies the picture adjustments, which the player changes without an event.
    func mirrorPictureAdjustments() {
        guard let player = madeEngine else { return }
        brightness = player.brightness
        contrast = player.contrast
        saturation = player.saturation
        videoFilters = player.videoFilters
    }
}
