import Foundation

extension RenderService {
    /// Replaces the queue with `item`; plays once it opened when `autoplay` is set.
    public func load(_ item: MediaItem, autoplay: Bool = false) {
        engine.load([item], startingAt: 0, autoplay: autoplay)
    }

    /// Replaces the queue with `items`, starting at `index`.
    public func load(_ items: [MediaItem], startingAt index: Int = 0, autoplay: Bool = false) {
        engine.load(items, startingAt: index, autoplay: autoplay)
    }

    /// Adds `items` to the end of the queue (``items``); the current item plays on and the queue
    /// goes on into them. With no item current, the first of them opens, paused.
    public func append(_ items: [MediaItem]) { engine.append(items) }

    /// Puts `items` into the queue before the one at `index` (at the end for the queue's count);
    /// the current item plays on. An index outside the queue is clamped.
    public func insert(_ items: [MediaItem], at index: Int) { engine.insert(items, at: index) }

    /// Puts `items` into the queue right after the item with `id`: after ``item``'s id, they play
    /// next. An id no item of the queue has is ignored.
    public func insert(_ items: [MediaItem], after id: MediaItem.ID) { engine.insert(items, after: id) }

    /// Takes the item at `index` out of the queue. Taking out the current item plays the one that
    /// followed it, as the current one was playing or paused; when none did, playback stops with no
    /// item current. An index outside the queue is ignored.
    public func remove(at index: Int) { engine.remove(at: index) }

    /// Moves the item at `from` so that it is at `to` in the queue; the current item plays on
    /// wherever it moves. A `from` outside the queue is ignored, a `to` outside it clamped.
    public func move(from: Int, to: Int) { engine.move(from: from, to: to) }

    /// Empties the queue and stops playback.
    public func removeAll() { engine.removeAll() }

    /// Attaches `trackers` to the item with `id`, in place of the ones it had: they hear what
    /// happens to it while it is current (started, status changes, seeks, errors, and where and
    /// why it stopped), with its metadata. Attach them before the item is loaded, appended or
    /// inserted, or while it is in the queue; the engine lets them go once the item has left it.
    public func setTrackers(_ trackers: [any PlayerTracker], for id: MediaItem.ID) {
        engine.setTrackers(trackers, for: id)
    }

    /// Chooses what happens at the end of an item: the queue ends after its last item
    /// (``/VideoPlayerRender/RepeatMode/off``), the item starts again
    /// (``/VideoPlayerRender/RepeatMode/one``), or the first item follows the last
    /// (``/VideoPlayerRender/RepeatMode/all``).
    public func setRepeatMode(_ mode: RepeatMode) { engine.setRepeatMode(mode) }

    /// What ``previous()`` does: ``/VideoPlayerRender/NavigationMode/smart(interval:)`` (the
    /// default, 3 seconds) starts the current item again once past the interval,
    /// ``/VideoPlayerRender/NavigationMode/immediate`` always goes to the previous item.
    public var navigationMode: NavigationMode {
        get { engine.navigationMode }
        set { engine.navigationMode = newValue }
    }

    /// Shows the WebVTT, SubRip, ASS/SSA or TTML file at `url` (local, or at an HTTP or HTTPS
    /// URL) as the current item's subtitles, in place of the file it had (`nil` removes it). A
    /// file that cannot be read or fetched, or holds none of these formats, is reported in
    /// ``error`` as a warning and playback goes on.
    public func setExternalSubtitles(_ url: URL?) { engine.setExternalSubtitles(url) }

    /// Opens the current item again where it stopped and plays it (after a failure).
    public func retry() { engine.retry() }

    /// Starts or resumes playback.
    public func play() { engine.play() }

    /// Pauses playback.
    public func pause() { engine.pause() }

    /// Plays when paused, pauses when playing.
    public func togglePlayPause() { engine.togglePlayPause() }

    /// Moves to `time` seconds, precisely by default; `exact: false` lands on the keyframe at or before
    /// it instead (faster, for scrubbing). At or past the end, the item ends, paused or not.
    public func seek(to time: Double, exact: Bool = true) { engine.seek(to: time, exact: exact) }

    /// Moves precisely to `time` and plays from there (`play: true`) or stays paused there.
    ///
    /// Before the start it goes to the start and past the end to the end, both reported with
    /// `.adjusted`; the end ends the item (with `play: true` the queue moves on, as at the end of
    /// playback).
    public func seek(to time: Double, play: Bool) {
        play ? engine.play() : engine.pause()
        engine.seek(to: time, exact: true)
    }

    /// Goes to the start: of the item, or of a live stream's window.
    public func begin() { engine.seek(to: engine.seekableRange?.lowerBound ?? 0, exact: true) }

    /// Goes to the end: of the item, which ends it, or a live stream's live position.
    public func end() {
        if engine.isLive { return engine.seekToLive() }
        engine.seek(to: engine.duration ?? .infinity, exact: true)
    }

    /// Moves `seconds` forward or back from the position (or from where a pending seek goes), always
    /// precisely: "+10 s" never lands behind where it started. At or past the end, the item ends.
    public func skip(by seconds: Double) { engine.skip(by: seconds) }

    /// Goes back to a live stream's live edge (where it started playing); ignored unless live.
    public func seekToLive() { engine.seekToLive() }

    /// Shows the next picture while paused.
    public func stepForward() { engine.stepForward() }

    /// Sets the playback rate (0.25...4).
    public func setRate(_ rate: Double) { engine.setRate(rate) }

    /// Sets the volume: 0...1, and up to 1.5 as a boost for quiet media, held under full scale by
    /// a limiter.
    public func setVolume(_ volume: Double) { engine.setVolume(volume) }

    /// Silences the sound.
    public func mute() { engine.mute() }

    /// Restores the sound.
    public func unmute() { engine.unmute() }

    /// Restarts playback at the end when `looping` (the repeat mode
    /// ``/VideoPlayerRender/RepeatMode/one``; ``/VideoPlayerRender/RepeatMode/off`` otherwise).
    public func setLooping(_ looping: Bool) { engine.setLooping(looping) }

    /// Evens out the sound's loudness (a night mode), or stops doing so.
    public func setLoudnessNormalization(_ enabled: Bool) { engine.setLoudnessNormalization(enabled) }

    /// Delays the current item's sound by `seconds` (negative: earlier than its picture), within
    /// ``/VideoPlayerRender/MediaPlayer/audioDelayRange``; the item keeps it.
    public func setAudioDelay(_ seconds: Double) { engine.setAudioDelay(seconds) }

    /// Shows the current item's subtitles `seconds` later than their cues say (negative: earlier),
    /// within ``/VideoPlayerRender/MediaPlayer/subtitleDelayRange``; the item keeps it.
    public func setSubtitleDelay(_ seconds: Double) { engine.setSubtitleDelay(seconds) }

    /// Plays the next item of the queue, or the first after the last when the queue repeats;
    /// ignored when there is none (``canAdvanceToNext``).
    public func next() { engine.next() }

    /// Goes back: starts the current item again when the ``navigationMode`` is smart and the
    /// position is past its interval, otherwise plays the previous item of the queue; ignored when
    /// there is neither (``canReturnToPrevious``).
    public func previous() { engine.previous() }

    /// Plays the item at `index` of the queue (``items``), keeping the queue; an index outside it
    /// is ignored.
    public func play(at index: Int) {
        guard engine.items.indices.contains(index) else { return }
        engine.load(engine.items, startingAt: index, autoplay: true)
    }

    /// Publishes the position (``currentTime`` and `.timeTick`) every `interval` seconds of media
    /// time, 0.01...3600; `nil` only at seeks and changes of state.
    public func setTimeTickInterval(_ interval: Double?) {
        engine.setTimeTickInterval(interval)
        configuration.timeTickInterval = engine.configuration.timeTickInterval
    }

    /// Sets the picture's brightness, -1...1 (0 leaves it as it is).
    public func setBrightness(_ value: Double) {
        engine.setBrightness(value)
        mirrorPictureAdjustments()
    }

    /// Sets the picture's contrast, 0...4 (1 leaves it as it is).
    public func setContrast(_ value: Double) {
        engine.setContrast(value)
        mirrorPictureAdjustments()
    }

    /// Sets the picture's saturation, 0...3 (1 leaves it as it is; 0 is black and white).
    public func setSaturation(_ value: Double) {
        engine.setSaturation(value)
        mirrorPictureAdjustments()
    }

    /// Applies a libavfilter video graph ("hflip", "negate,vflip"...) after the picture adjustments,
    /// in the place of the filters applied before; one libavfilter rejects is reported as an error
    /// and removed.
    public func setVideoFilter(_ description: String) {
        engine.setVideoFilter(description)
        mirrorPictureAdjustments()
    }

    /// Adds a libavfilter video filter, or a chain of them ("hflip", "boxblur=4", "negate,vflip"),
    /// after those applied already (``videoFilters``); `clear` removes those first.
    ///
    /// - Throws: ``/VideoPlayerRender/PlayerError/invalidArgument(_:)`` when libavfilter knows no
    ///   filter of that name or the filter does not take the options given; the filters stay as
    ///   they were.
    public func addFilter(_ description: String, clear: Bool = false) throws(PlayerError) {
        defer { mirrorPictureAdjustments() }
        try engine.addFilter(description, clear: clear)
    }

    /// Removes every video filter; brightness, contrast and saturation stay.
    public func removeAllFilters() {
        engine.removeAllFilters()
        mirrorPictureAdjustments()
    }

    /// Draws `vector` over the video, on top of the others, or in the place of the one with the same
    /// identifier; `clear` removes all the others first.
    ///
    /// - Throws: ``ContainerError/invalidVector(id:reason:)`` when a point, radius or angle of its
    ///   path, or its line width, is not a finite number; the vectors drawn stay as they were.
    public func addVector(_ vector: VideoVector, clear: Bool = false) throws(ContainerError) {
        if let problem = vector.problem { throw .invalidVector(id: vector.id, reason: problem) }
        var updated = clear ? [] : vectors
        if let index = updated.firstIndex(where: { $0.id == vector.id }) {
            updated[index] = vector
        } else {
            updated.append(vector)
        }
        vectors = updated
    }

    /// Removes the vector named `id`, if there is one.
    public func removeVector(id: String) {
        vectors.removeAll { $0.id == id }
    }

    /// Removes every vector drawn over the video.
    public func removeAllVectors() {
        if !vectors.isEmpty { vectors = [] }
    }

    /// The picture of the player, as a widget: what the render overlay shows, for layouts of one's
    /// own (a feed page, a thumbnail of the playing item). Its gravity is ``gravity`` and its corner
    /// radius ``videoCornerRadius`` unless given.
    public func surface(gravity: VideoGravity? = nil, cornerRadius: Double? = nil) -> VideoSurface {
        VideoSurface(
            player: engine, gravity: gravity ?? self.gravity, cornerRadius: cornerRadius ?? videoCornerRadius)
    }

    /// Plays the audio track with stream index `index`.
    public func selectAudioTrack(index: Int) { engine.selectAudioTrack(index: index) }

    /// Plays the first audio track in `language` (an ISO 639 code such as "en" or "eng").
    public func selectAudioTrack(language: String) { engine.selectAudioTrack(language: language) }

    /// Shows the embedded subtitle track with stream index `index`, or none when `nil`.
    public func selectSubtitleTrack(index: Int?) { engine.selectSubtitleTrack(index: index) }

    /// Shows the first subtitle track in `language`.
    public func selectSubtitleTrack(language: String) { engine.selectSubtitleTrack(language: language) }

    /// Chooses which rendition of a multi-rendition stream plays: `.auto` lets the player choose,
    /// `.fixed(id)` switches to one of ``qualities`` at its next segment, keeping the position.
    public func setQuality(_ quality: Quality) { engine.setQuality(quality) }
}
