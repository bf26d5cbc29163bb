import Foundation
import VideoPlayerRender

/// Something that hands a window pictures to show: what a ``VideoSurface`` composes.
///
/// ``/VideoPlayerRender/MediaPlayer`` is one; the fake engine of tests (``FakePlaybackEngine``) is another.
@MainActor
public protocol VideoSource: AnyObject {
    /// The picture to show now, or `nil` before the first one.
    var currentFrame: VideoFrame? { get }
    /// A number that changes whenever ``currentFrame`` does.
    var frameGeneration: Int { get }
    /// When (on `MediaPlayer.now`'s scale) the source has a new picture due, if it knows.
    var nextDueTime: Double? { get }
    /// Called from any thread when the source has work for ``pump()``.
    var wakeHandler: (@Sendable () -> Void)? { get set }
    /// Applies what the source's threads produced: new pictures, events.
    func pump()
    /// Reports that a window could not show the source's picture; the source tells its observers.
    func reportPresentationFailure(_ error: PlayerError)
    /// Tells the source how large (in pixels) the view that shows its picture is, and how the
    /// picture fills it: a stream of several renditions fetches none much larger.
    func setVideoViewSize(_ size: Size?, gravity: VideoGravity)
    /// Tells the source the size in pixels a window scaling on the CPU draws its pictures at
    /// (before they are turned), or `nil` when none does: the source may resize its pictures to
    /// it ahead of time, off the window's thread.
    func setDrawnPictureSize(_ size: Size?)
}

extension VideoSource {
    /// Sources that do not choose among renditions ignore the size.
    public func setVideoViewSize(_ size: Size?, gravity: VideoGravity) {}
    /// Sources whose pictures are made at their size ignore it.
    public func setDrawnPictureSize(_ size: Size?) {}
}

/// The engine behind ``RenderService``: the player state a UI shows and the commands it sends.
///
/// The live engine is FFmpeg's ``/VideoPlayerRender/MediaPlayer``; tests get ``FakePlaybackEngine``, a
/// deterministic player driven by the context's clock. Which one a context uses is its `playbackEngine`
/// dependency (``PlaybackEngineFactory``).
///
/// Every event is delivered to observers on the main actor, in order, after the state it changes.
@MainActor
public protocol PlaybackEngine: VideoSource {
    /// Where the engine is in its life.
    var status: PlayerStatus { get }
    /// The position in seconds.
    var currentTime: Double { get }
    /// The current item's duration in seconds, once known.
    var duration: Double? { get }
    /// The media time ranges read ahead of the position.
    var bufferedRanges: [ClosedRange<Double>] { get }
    /// Whether the current item is a live stream that still grows.
    var isLive: Bool { get }
    /// What a seek can reach: 0 to the duration, or a live stream's window; `nil` while unknown.
    var seekableRange: ClosedRange<Double>? { get }
    /// Seconds the position is behind a live stream's edge; `nil` unless live.
    var liveLatency: Double? { get }
    /// Whether a live stream plays at its live position (where go-to-live goes), or close to it.
    var isAtLiveEdge: Bool { get }
    /// The picture's display size, once known.
    var videoSize: Size? { get }
    /// Whether the current item has a picture.
    var hasVideo: Bool { get }
    /// Whether the current item has sound.
    var hasAudio: Bool { get }
    /// The playback rate.
    var rate: Double { get }
    /// The volume, 1 for the media's own level.
    var volume: Double { get }
    /// Whether sound is muted.
    var isMuted: Bool { get }
    /// Whether playback restarts at the end (``/VideoPlayerRender/RepeatMode/one``).
    var isLooping: Bool { get }
    /// What happens at the end of an item.
    var repeatMode: RepeatMode { get }
    /// What going back does (see ``/VideoPlayerRender/MediaPlayer/navigationMode``).
    var navigationMode: NavigationMode { get set }
    /// Whether ``next()`` has an item to go to.
    var canAdvanceToNext: Bool { get }
    /// Whether ``previous()`` does something now (see
    /// ``/VideoPlayerRender/MediaPlayer/canReturnToPrevious``).
    var canReturnToPrevious: Bool { get }
    /// Whether the sound's loudness is evened out.
    var normalizesLoudness: Bool { get }
    /// Seconds the current item's sound is heard after its picture (negative: before).
    var audioDelay: Double { get }
    /// Seconds the current item's subtitles show after their cues' times (negative: before).
    var subtitleDelay: Double { get }
    /// The subtitle cues shown at ``currentTime``, with ``subtitleDelay`` applied.
    var activeCues: [SubtitleCue] { get }
    /// The ASS script header the cues' ``/VideoPlayerRender/SubtitleCue/assEvent``s are read with (an
    /// embedded ASS/SSA track's), or `nil` when they use the default style.
    var subtitleHeader: String? { get }
    /// Fonts attached to the current item, for the subtitles that name them.
    var subtitleFonts: [SubtitleFont] { get }
    /// The current item's tracks.
    var tracks: [MediaTrack] { get }
    /// The current item's chapters.
    var chapters: [MediaChapter] { get }
    /// The current item's container tags (title, artist, album).
    var metadata: MediaMetadata { get }
    /// The queue.
    var items: [MediaItem] { get }
    /// The item playing now.
    var currentItem: MediaItem? { get }
    /// Where ``currentItem`` is in ``items``.
    var currentIndex: Int? { get }
    /// The stream index of the audio track playing.
    var selectedAudioTrack: Int? { get }
    /// The stream index of the embedded subtitle track shown, `nil` when hidden or none.
    var selectedSubtitleTrack: Int? { get }
    /// The renditions of the current item, when it offers several (an HLS master playlist).
    var renditions: [Rendition] { get }
    /// Which rendition plays: the engine's choice, or a fixed one.
    var quality: Quality { get }
    /// The rendition playing, in an item that offers several.
    var currentRendition: Rendition? { get }
    /// The settings the engine was made with, and its tick interval as it is now.
    var configuration: PlayerConfiguration { get }
    /// The picture's brightness, -1...1.
    var brightness: Double { get }
    /// The picture's contrast, 0...4.
    var contrast: Double { get }
    /// The picture's saturation, 0...3.
    var saturation: Double { get }
    /// The libavfilter video filters applied after the picture adjustments, first to last.
    var videoFilters: [String] { get }
    /// How playback of the current item is going.
    var statistics: PlaybackStatistics { get }

    /// Replaces the queue with `items` and opens the one at `index`.
    func load(_ items: [MediaItem], startingAt index: Int, autoplay: Bool)
    /// Adds `items` to the end of the queue, the current item playing on; an empty queue opens
    /// the first of them, paused (see ``/VideoPlayerRender/MediaPlayer/append(_:)``).
    func append(_ items: [MediaItem])
    /// Puts `items` before the one at `index` (see ``/VideoPlayerRender/MediaPlayer/insert(_:at:)``).
    func insert(_ items: [MediaItem], at index: Int)
    /// Puts `items` after the item with `id` (see ``/VideoPlayerRender/MediaPlayer/insert(_:after:)``).
    func insert(_ items: [MediaItem], after id: MediaItem.ID)
    /// Takes the item at `index` out of the queue (see ``/VideoPlayerRender/MediaPlayer/remove(at:)``).
    func remove(at index: Int)
    /// Moves the item at `from` to `to` (see ``/VideoPlayerRender/MediaPlayer/move(from:to:)``).
    func move(from: Int, to: Int)
    /// Empties the queue and stops playback.
    func removeAll()
    /// Attaches `trackers` to the item with `id` (see
    /// ``/VideoPlayerRender/MediaPlayer/setTrackers(_:for:)``).
    func setTrackers(_ trackers: [any PlayerTracker], for id: MediaItem.ID)
    /// The trackers attached to the item with `id`.
    func trackers(for id: MediaItem.ID) -> [any PlayerTracker]
    /// Where trackers' reports find the app's details of an item (see
    /// ``/VideoPlayerRender/MediaPlayer/trackerDetails``).
    var trackerDetails: (@MainActor (MediaItem.ID) -> MediaDetails?)? { get set }
    /// Opens the current item again where it stopped and plays it.
    func retry()
    /// Starts or resumes playback.
    func play()
    /// Pauses playback.
    func pause()
    /// Plays when paused, pauses when playing.
    func togglePlayPause()
    /// Moves to `time` seconds; `exact: false` may land on an earlier keyframe.
    func seek(to time: Double, exact: Bool)
    /// Moves `seconds` forward or back from the position, precisely.
    func skip(by seconds: Double)
    /// Goes to a live stream's live position, some target durations before its edge.
    func seekToLive()
    /// Shows the next picture while paused.
    func stepForward()
    /// Sets the playback rate.
    func setRate(_ rate: Double)
    /// Sets the volume.
    func setVolume(_ volume: Double)
    /// Silences the sound.
    func mute()
    /// Restores the sound.
    func unmute()
    /// Restarts playback at the end when `looping`.
    func setLooping(_ looping: Bool)
    /// Chooses what happens at the end of an item (see
    /// ``/VideoPlayerRender/MediaPlayer/setRepeatMode(_:)``).
    func setRepeatMode(_ mode: RepeatMode)
    /// Evens out the sound's loudness, or stops (see
    /// ``/VideoPlayerRender/MediaPlayer/setLoudnessNormalization(_:)``).
    func setLoudnessNormalization(_ enabled: Bool)
    /// Delays the current item's sound (see ``/VideoPlayerRender/MediaPlayer/setAudioDelay(_:)``).
    func setAudioDelay(_ seconds: Double)
    /// Delays the current item's subtitles (see ``/VideoPlayerRender/MediaPlayer/setSubtitleDelay(_:)``).
    func setSubtitleDelay(_ seconds: Double)
    /// Plays the next item of the queue.
    func next()
    /// Goes back: restarts the current item or plays the previous one (see
    /// ``/VideoPlayerRender/MediaPlayer/previous()``).
    func previous()
    /// Sets the picture's brightness.
    func setBrightness(_ value: Double)
    /// Sends `.timeTick` every `interval` seconds of media time from now on (`nil`: never).
    func setTimeTickInterval(_ interval: Double?)
    /// Sets the picture's contrast.
    func setContrast(_ value: Double)
    /// Sets the picture's saturation.
    func setSaturation(_ value: Double)
    /// Applies a libavfilter video graph after the picture adjustments, in the place of the filters.
    func setVideoFilter(_ description: String)
    /// Adds a libavfilter video filter after the others (`clear`: in their place); throws
    /// `.invalidArgument` for one libavfilter does not know.
    func addFilter(_ description: String, clear: Bool) throws(PlayerError)
    /// Removes every video filter.
    func removeAllFilters()
    /// Plays the audio track with stream index `index`.
    func selectAudioTrack(index: Int)
    /// Plays the first audio track in `language`.
    func selectAudioTrack(language: String)
    /// Shows the embedded subtitle track with stream index `index`, or none.
    func selectSubtitleTrack(index: Int?)
    /// Shows the first subtitle track in `language`.
    func selectSubtitleTrack(language: String)
    /// Shows a subtitle file over the current item (see
    /// ``/VideoPlayerRender/MediaPlayer/setExternalSubtitles(_:)``).
    func setExternalSubtitles(_ url: URL?)
    /// Chooses the rendition that plays (see ``/VideoPlayerRender/MediaPlayer/setQuality(_:)``).
    func setQuality(_ quality: Quality)
    /// Registers `handler` for every later event, in order.
    @discardableResult
    func addObserver(_ handler: @escaping @MainActor (PlayerEvent) -> Void) -> ObserverToken
    /// Unregisters an observer.
    func removeObserver(_ token: ObserverToken)
    /// Stops playback, empties the queue and waits until the engine's work has ended.
    func close() async
}

extension MediaPlayer: PlaybackEngine {}
