import Foundation
import VideoPlayerRender

/// A deterministic ``PlaybackEngine`` for tests: it decodes nothing, and its position moves only
/// with its clock (the context's ``TestClock`` in tests).
///
/// It follows the rules of ``/VideoPlayerRender/MediaPlayer`` (statuses, events, clamping, the queue, loops)
/// for items described by ``FakeMedia``, shows a one-colour picture, records every command it gets in
/// ``commands``, and can be told to reach a time, buffer or fail:
/// ```swift
/// let clock = TestClock()
/// let context = Context().withDependency(\.clock, clock)
/// context.render.load(MediaItem(path: "talk.mp4"), autoplay: true)
/// clock.advance(by: 2)                  // the position is 2 s
/// let engine = try #require(context.render.engine as? FakePlaybackEngine)
/// engine.fail(with: .network(.timeout))
/// ```
@MainActor
public final class FakePlaybackEngine: PlaybackEngine {
    /// A command the engine received, with its arguments, as it was called.
    public enum Command: Equatable, Sendable {
        /// A call of ``load(_:startingAt:autoplay:)`` of `count` items, starting at `index`.
        case load(count: Int, index: Int, autoplay: Bool)
        /// A call of ``append(_:)`` of `count` items.
        case append(count: Int)
        /// A call of ``insert(_:at:)`` of `count` items.
        case insert(count: Int, at: Int)
        /// A call of ``insert(_:after:)`` of `count` items.
        case insertAfter(count: Int, id: MediaItem.ID)
        /// A call of ``remove(at:)``.
        case remove(at: Int)
        /// A call of ``move(from:to:)``.
        case move(from: Int, to: Int)
        /// A call of ``removeAll()``.
        case removeAll
        /// A call of ``setExternalSubtitles(_:)``.
        case setExternalSubtitles(URL?)
        /// A call of ``retry()``.
        case retry
        /// A call of ``play()``.
        case play
        /// A call of ``pause()``.
        case pause
        /// A call of ``togglePlayPause()``.
        case togglePlayPause
        /// A call of ``seek(to:exact:)``.
        case seek(to: Double, exact: Bool)
        /// A call of ``skip(by:)``.
        case skip(by: Double)
        /// A call of ``stepForward()``.
        case stepForward
        /// A call of ``setRate(_:)``.
        case setRate(Double)
        /// A call of ``setVolume(_:)``.
        case setVolume(Double)
        /// A call of ``mute()``.
        case mute
        /// A call of ``unmute()``.
        case unmute
        /// A call of ``setLooping(_:)``.
        case setLooping(Bool)
        /// A call of ``setRepeatMode(_:)``.
        case setRepeatMode(RepeatMode)
        /// A call of ``setLoudnessNormalization(_:)``.
        case setLoudnessNormalization(Bool)
        /// A call of ``setAudioDelay(_:)``.
        case setAudioDelay(Double)
        /// A call of ``setSubtitleDelay(_:)``.
        case setSubtitleDelay(Double)
        /// A call of ``next()``.
        case next
        /// A call of ``previous()``.
        case previous
        /// A call of ``setBrightness(_:)``.
        case setBrightness(Double)
        /// A call of ``setContrast(_:)``.
        case setContrast(Double)
        /// A call of ``setSaturation(_:)``.
        case setSaturation(Double)
        /// A call of ``setVideoFilter(_:)``.
        case setVideoFilter(String)
        /// A call of ``addFilter(_:clear:)``, taken or refused.
        case addFilter(String, clear: Bool)
        /// A call of ``removeAllFilters()``.
        case removeAllFilters
        /// A call of ``selectAudioTrack(index:)``.
        case selectAudioTrack(index: Int)
        /// A call of ``selectAudioTrack(language:)``.
        case selectAudioTrackLanguage(String)
        /// A call of ``selectSubtitleTrack(index:)``.
        case selectSubtitleTrack(index: Int?)
        /// A call of ``selectSubtitleTrack(language:)``.
        case selectSubtitleTrackLanguage(String)
        /// A call of ``setQuality(_:)``.
        case setQuality(Quality)
        /// A call of ``seekToLive()``.
        case seekToLive
        /// A call of ``close()``.
        case close
    }

    /// The settings the engine was made with; `timeTickInterval` paces its `.timeTick` events
    /// and changes with ``setTimeTickInterval(_:)``.
    public internal(set) var configuration: PlayerConfiguration
    /// What each item holds; it is asked when an item opens, so a test may change it between loads.
    public var media: @Sendable (MediaItem) -> FakeMedia
    /// Every command received, oldest first.
    public internal(set) var commands: [Command] = []
    /// The video filters, as one libavfilter graph.
    public var videoFilter: String { videoFilters.joined(separator: ",") }
    public internal(set) var videoFilters: [String] = []

    public internal(set) var status = PlayerStatus.idle
    public internal(set) var duration: Double?
    public internal(set) var bufferedRanges: [ClosedRange<Double>] = []
    public var isLive: Bool { liveOpenedAt != nil }
    public var seekableRange: ClosedRange<Double>? {
        guard let edge = liveEdge, let window = currentMedia?.liveWindow else {
            return duration.map { 0...$0 }
        }
        return (edge - window)...edge
    }
    public var liveLatency: Double? { liveEdge.map { max(0, $0 - currentTime) } }
    /// Within 2 s of the hold-back behind the edge.
    public var isAtLiveEdge: Bool {
        guard let latency = liveLatency, let media = currentMedia else { return false }
        return latency <= media.liveHoldBack + 2
    }
    /// When a live item opened, on the clock: its window has grown since.
    var liveOpenedAt: Double?
    /// Where a live item's window ends now.
    var liveEdge: Double? {
        guard let liveOpenedAt, let window = currentMedia?.liveWindow else { return nil }
        return window + clock.now - liveOpenedAt
    }
    public internal(set) var videoSize: Size?
    public internal(set) var hasVideo = false
    public internal(set) var hasAudio = false
    public internal(set) var rate = 1.0
    public internal(set) var volume = 1.0
    public internal(set) var isMuted = false
    public internal(set) var repeatMode = RepeatMode.off
    public var isLooping: Bool { repeatMode == .one }
    public var navigationMode = NavigationMode.smart()
    public var canAdvanceToNext: Bool { navigation.next != nil }
    public var canReturnToPrevious: Bool { navigation.canReturn(at: currentTime, mode: navigationMode) }
    /// Where the queue goes from the current item.
    var navigation: QueueNavigation {
        QueueNavigation(count: items.count, currentIndex: currentIndex, repeatMode: repeatMode)
    }
    public internal(set) var normalizesLoudness = false
    public var audioDelay: Double { currentItem?.audioDelay ?? 0 }
    public var subtitleDelay: Double { currentItem?.subtitleDelay ?? 0 }
    public internal(set) var tracks: [MediaTrack] = []
    public internal(set) var chapters: [MediaChapter] = []
    public internal(set) var metadata = MediaMetadata()
    public internal(set) var items: [MediaItem] = []
    public internal(set) var currentIndex: Int?
    public internal(set) var selectedAudioTrack: Int?
    public internal(set) var selectedSubtitleTrack: Int?
    public internal(set) var renditions: [Rendition] = []
    public internal(set) var quality = Quality.auto
    public internal(set) var currentRendition: Rendition?
    /// How many times another rendition of the current item took over.
    var renditionSwitches = 0
    public internal(set) var brightness = 0.0
    public internal(set) var contrast = 1.0
    public internal(set) var saturation = 1.0
    public internal(set) var currentFrame: VideoFrame?
    public internal(set) var frameGeneration = 0
    /// Pictures of the current item "shown" so far: one per frame interval played, and one per
    /// seek or step.
    public internal(set) var framesPresented = 0

    let clock: any TimerClock
    /// The media of the current item, once it is asked for (at the start of opening).
    var currentMedia: FakeMedia?
    /// Whether the current item opened.
    var isOpen = false
    /// The identity of the item the state describes, so that reopening it (a retry) keeps it.
    var shownItemID: MediaItem.ID?
    /// The cues of the current item's external subtitle file.
    var externalCues: [SubtitleCue] = []
    /// The script header of the current item's external ASS/SSA file.
    var externalSubtitleHeader: String?
    var wantsPlay = false
    /// Where the clock and the position stood when playback last started; `nil` unless playing.
    var anchor: (clock: Double, position: Double)?
    var pausedPosition = 0.0
    var playTimer: TimerToken?
    private var openTimer: TimerToken?
    /// The tracks asked for, which later items open with; `nil` takes the first one.
    var audioPreference: TrackPreference?
    var subtitlePreference: TrackPreference?
    private var reportedPresentationFailure = false
    private let observers = Observers<PlayerEvent>()
    /// Hands events to the trackers of the items they concern, as the real player does.
    let trackers = TrackerRelay()

    /// An engine at time zero of `clock`, opening every item as `media` says.
    public init(
        configuration: PlayerConfiguration = PlayerConfiguration(), clock: any TimerClock,
        media: @escaping @Sendable (MediaItem) -> FakeMedia = { _ in FakeMedia() }
    ) {
        self.configuration = configuration
        self.clock = clock
        self.media = media
    }

    /// The position in seconds: while playing, it follows the clock at the playback rate.
    public var currentTime: Double {
        guard let anchor else { return pausedPosition }
        let moved = anchor.position + (clock.now - anchor.clock) * rate
        return (duration ?? liveEdge).map { min(moved, $0) } ?? moved
    }

    public var currentItem: MediaItem? { currentIndex.map { items[$0] } }

    public var activeCues: [SubtitleCue] {
        guard let currentMedia, isOpen else { return [] }
        let embedded = showsEmbeddedCues ? currentMedia.cues : []
        let time = currentTime - subtitleDelay
        return (embedded + externalCues).filter { $0.isActive(at: time) }
    }

    public var subtitleHeader: String? {
        guard let currentMedia, isOpen else { return nil }
        return (showsEmbeddedCues ? currentMedia.subtitleHeader : nil) ?? externalSubtitleHeader
    }

    /// Whether the media's own cues show: a subtitle track is selected, or the item has none (its
    /// cues stand for an external file's).
    private var showsEmbeddedCues: Bool {
        selectedSubtitleTrack != nil || !tracks.contains { $0.kind == .subtitle }
    }

    public var subtitleFonts: [SubtitleFont] { isOpen ? currentMedia?.subtitleFonts ?? [] : [] }

    public var statistics: PlaybackStatistics {
        let playing = isOpen && framesPresented > 0
        return PlaybackStatistics(
            framesPresented: framesPresented, framesDropped: 0, avOffset: 0,
            videoDecodeSecondsPerFrame: playing && hasVideo ? currentMedia?.decodeSecondsPerFrame : nil,
            bitRate: playing ? currentMedia?.bitRate : nil, renditionSwitches: renditionSwitches,
            throughputEstimate: playing ? currentMedia?.throughputEstimate : nil)
    }

    // MARK: Video source

    /// Always `nil`: the fake's pictures change with its clock's timers, not on a schedule of
    /// their own.
    public var nextDueTime: Double? { nil }
    public var wakeHandler: (@Sendable () -> Void)?
    /// Nothing to do: the fake has no threads.
    public func pump() {}

    /// The view size a window last reported, and how the picture fills it, as
    /// ``/VideoPlayerRender/MediaPlayer`` keeps them.
    public private(set) var videoViewSize: Size?
    /// How the picture fills the view, as ``setVideoViewSize(_:gravity:)`` last said.
    public private(set) var videoViewGravity = VideoGravity.fit

    public func setVideoViewSize(_ size: Size?, gravity: VideoGravity) {
        videoViewSize = size
        videoViewGravity = gravity
    }

    public func reportPresentationFailure(_ error: PlayerError) {
        guard !reportedPresentationFailure else { return }
        reportedPresentationFailure = true
        emit(.error(error))
    }

    // MARK: Observers

    @discardableResult
    public func addObserver(_ handler: @escaping @MainActor (PlayerEvent) -> Void) -> ObserverToken {
        ObserverToken(id: observers.add(handler))
    }

    public func removeObserver(_ token: ObserverToken) {
        observers.remove(token.id)
    }

    func emit(_ event: PlayerEvent) {
        trackers.handle(event) {
            TrackerRelay.State(
                items: items, currentIndex: currentIndex, position: currentTime, duration: duration,
                metadata: metadata)
        }
        observers(event)
    }

    func setStatus(_ newStatus: PlayerStatus) {
        guard status != newStatus else { return }
        status = newStatus
        emit(.statusChanged(newStatus))
    }

    func record(_ command: Command) {
        commands.append(command)
    }

    // MARK: Items

    /// Makes `index` current and opens it (at once, after its opening time, or when told).
    func switchToItem(at index: Int, playing: Bool, position: Double? = nil) {
        if position == nil { trackers.leave(at: currentTime) }
        stopClock()
        openTimer?.cancel()
        openTimer = nil
        let changesItem = shownItemID != items[index].id
        isOpen = false
        liveOpenedAt = nil
        reportedPresentationFailure = false
        currentIndex = index
        shownItemID = items[index].id
        wantsPlay = playing
        items[index] = ItemDelay.clamping(items[index]) { clamp($0, $1, to: $2, ifNaN: 0) }
        pausedPosition = position ?? items[index].startPosition
        if changesItem {
            duration = nil
            videoSize = nil
            hasVideo = false
            hasAudio = false
            tracks = []
            chapters = []
            metadata = MediaMetadata()
            bufferedRanges = []
            selectedAudioTrack = nil
            selectedSubtitleTrack = nil
            renditions = []
            quality = .auto
            currentRendition = nil
            renditionSwitches = 0
            currentFrame = nil
            frameGeneration += 1
            framesPresented = 0
            externalCues = []
            externalSubtitleHeader = nil
            emit(.itemChanged(items[index].id))
        }
        setStatus(.loading)
        let opened = media(items[index])
        currentMedia = opened
        if opened.openingTime <= 0 {
            open()
        } else if opened.openingTime.isFinite {
            openTimer = clock.schedule(after: opened.openingTime) { [weak self] in self?.open() }
        }
    }

    /// Finishes opening the current item, as its ``FakeMedia`` says.
    func open() {
        openTimer = nil
        guard status == .loading, let media = currentMedia else { return }
        if let failure = media.failure {
            emit(.error(failure))
            setStatus(.failed(failure))
            return
        }
        isOpen = true
        duration = media.liveWindow == nil ? media.duration : nil
        if let window = media.liveWindow {
            liveOpenedAt = clock.now
            pausedPosition = max(0, window - media.liveHoldBack)
        }
        videoSize = media.videoSize
        hasVideo = media.videoSize != nil
        hasAudio = media.hasAudio
        tracks = media.tracks
        chapters = media.chapters
        metadata = media.metadata
        if let duration { pausedPosition = min(max(pausedPosition, 0), duration) }
        bufferedRanges = duration.map { [pausedPosition...$0] } ?? []
        selectedAudioTrack = chooseTrack(.audio, preference: audioPreference)
        selectedSubtitleTrack = chooseTrack(.subtitle, preference: subtitlePreference)
        renditions = media.renditions
        settleQuality()
        currentRendition = startingRendition
        if let size = currentRendition?.size, hasVideo { videoSize = size }
        readExternalSubtitles()
        showPicture()
        emit(.tracksChanged(tracks))
        if !chapters.isEmpty { emit(.chaptersChanged(chapters)) }
        if let videoSize { emit(.videoSizeChanged(videoSize)) }
        if let duration { emit(.durationKnown(duration)) }
        if let currentRendition { emit(.renditionChanged(from: nil, to: currentRendition, reason: .initial)) }
        setStatus(.ready)
        if wantsPlay { startPlaying() }
    }

    /// Reads the item's subtitle file, as the real player does (there off the main actor); a file
    /// that cannot be read is reported as an error and playback goes on. A file on a server is
    /// kept with the item but not fetched: the fake engine does no network I/O.
    func readExternalSubtitles() {
        guard let url = currentItem?.externalSubtitleURL, url.isFileURL else { return }
        do throws(PlayerError) {
            let document = try SubtitleParser.parse(contentsOf: url)
            externalCues = document.cues
            externalSubtitleHeader = document.header
            for cue in externalCues { emit(.subtitleCue(cue)) }
        } catch {
            emit(.error(error))
        }
    }

    /// The supported track of `kind` that `preference` names, else the first one, as the player
    /// chooses when an item opens; none when that kind is switched off.
    private func chooseTrack(_ kind: TrackKind, preference: TrackPreference?) -> Int? {
        if preference == .off { return nil }
        let candidates = tracks.filter { $0.kind == kind && $0.isSupported }
        return (preference.flatMap { candidates.first(where: $0.matches) } ?? candidates.first)?.index
    }

    /// Shows the picture at the position.
    func showPicture() {
        currentFrame = currentMedia?.picture(at: currentTime)
        frameGeneration += 1
        if currentFrame != nil { framesPresented += 1 }
    }

    // MARK: Playing by the clock

    /// Starts the clock from the position and schedules the next tick or the end.
    func startPlaying() {
        guard isOpen else { return }
        anchor = (clock.now, pausedPosition)
        setStatus(.playing)
        emit(.timeTick(pausedPosition))
        scheduleNextStop()
    }

    /// Stops the clock, keeping the position.
    func stopClock() {
        playTimer?.cancel()
        playTimer = nil
        guard anchor != nil else { return }
        pausedPosition = currentTime
        anchor = nil
    }

    /// Schedules the next multiple of the tick interval, or the end if it comes first.
    func scheduleNextStop() {
        playTimer?.cancel()
        playTimer = nil
        let position = currentTime
        var target = duration ?? .infinity
        if let tick = configuration.timeTickInterval, tick > 0 {
            target = min(target, ((position / tick).rounded(.down) + 1) * tick)
        }
        guard target.isFinite else { return }
        playTimer = clock.schedule(after: max(0, target - position) / rate) { [weak self] in
            self?.reachedStop(target)
        }
    }

    private func reachedStop(_ position: Double) {
        guard let start = anchor else { return }
        let frames = Int(((position - start.position) * (currentMedia?.frameRate ?? 0)).rounded())
        framesPresented += max(0, frames)
        anchor = (clock.now, position)
        if let duration, position >= duration {
            endItem()
            return
        }
        emit(.timeTick(position))
        scheduleNextStop()
    }

    /// At the end: loops, or ends and moves on to the next item as the real player does.
    func endItem() {
        if isLooping {
            anchor = anchor.map { _ in (clock.now, 0) }
            pausedPosition = 0
            emit(.looped)
            if anchor != nil { scheduleNextStop() }
            return
        }
        stopClock()
        pausedPosition = duration ?? pausedPosition
        setStatus(.ended)
        emit(.ended)
        if let next = navigation.next { switchToItem(at: next, playing: wantsPlay) }
    }
}
