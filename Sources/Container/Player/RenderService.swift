/// The player of the container: `context.render` owns the engine's ``MediaPlayer`` and mirrors its
/// state as `@ViewState`, so widgets redraw when the part they read changes.
///
/// ```swift
/// context.render.load(MediaItem(path: "movie.mp4"), autoplay: true)
/// Text(context.render.isPlaying ? "Playing" : "Paused")
/// ```
/// Each piece of state is its own `@ViewState`: a widget that reads only ``status`` does not
/// rebuild on every ``currentTime`` tick.
///
/// > Important: Main actor only. The player is made on first use of ``player`` with
/// > ``configuration``; set the configuration before that. Stopping the service closes the player.
public final class RenderService: Service {
    /// The settings the player is made with; changing them after the player exists has no effect.
    public var configuration = PlayerConfiguration(timeTickInterval: 0.25)

    /// How the picture fills the video area.
    @ViewState public var gravity = VideoGravity.fit
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
    /// The last error reported, cleared when an item loads (a new one, or the same one again).
    @ViewState public private(set) var error: PlayerError?
    /// The picture's size, once known.
    @ViewState public private(set) var videoSize: Size?
    /// The playback rate.
    @ViewState public private(set) var rate = 1.0
    /// The volume, 0...1.
    @ViewState public private(set) var volume = 1.0
    /// Whether sound is muted.
    @ViewState public private(set) var isMuted = false
    /// Whether playback restarts at the end.
    @ViewState public private(set) var isLooping = false
    /// The subtitle cues shown at ``currentTime``.
    @ViewState public private(set) var activeCues: [SubtitleCue] = []
    /// The tracks of the current item.
    @ViewState public private(set) var tracks: [MediaTrack] = []
    /// The chapters of the current item.
    @ViewState public private(set) var chapters: [MediaChapter] = []
    /// The item playing now.
    @ViewState public private(set) var item: MediaItem?
    /// Seconds the window took to compose and present its last frame (`nil` without a window).
    ///
    /// ``PlayerWindow`` sets it on every present. It is not a `@ViewState`, so it never redraws a
    /// widget by itself: statistics sample it.
    public internal(set) var lastComposeSeconds: Double?

    private var madePlayer: MediaPlayer?
    private var events = HandlerList<PlayerEvent>()

    /// The engine's player, made on first access; commands sent to it directly are mirrored too.
    public var player: MediaPlayer {
        if let madePlayer { return madePlayer }
        let made = MediaPlayer(configuration: configuration)
        made.addObserver { [weak self] event in self?.apply(event) }
        madePlayer = made
        return made
    }

    /// Calls `handler` with every event of the player, after the state above was updated.
    @discardableResult
    public func observe(_ handler: @escaping @MainActor (PlayerEvent) -> Void) -> ObservationToken {
        let id = events.add(handler)
        return ObservationToken { [weak self] in self?.events.remove(id) }
    }

    /// Closes the player (its threads finish in the background).
    override public func didStop() {
        guard let madePlayer else { return }
        self.madePlayer = nil
        Task { await madePlayer.close() }
    }

    private func apply(_ event: PlayerEvent) {
        guard let player = madePlayer else { return }
        switch event {
        case .itemChanged:
            item = player.currentItem
            error = nil
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
        videoSize = player.videoSize
        rate = player.rate
        volume = player.volume
        isMuted = player.isMuted
        isLooping = player.isLooping
        activeCues = player.activeCues
        tracks = player.tracks
        chapters = player.chapters
        events(event)
    }
}
