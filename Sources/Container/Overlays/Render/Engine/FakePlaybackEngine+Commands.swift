import Foundation
import VideoPlayerRender

extension FakePlaybackEngine {
    public func load(_ items: [MediaItem], startingAt index: Int, autoplay: Bool) {
        record(.load(count: items.count, index: index, autoplay: autoplay))
        open(items, startingAt: index, autoplay: autoplay)
    }

    private func open(_ items: [MediaItem], startingAt index: Int, autoplay: Bool) {
        stopClock()
        self.items = items
        wantsPlay = autoplay
        guard !items.isEmpty else {
            replaceQueue(with: [])
            return
        }
        let applied = min(max(index, 0), items.count - 1)
        if applied != index { emit(.adjusted(.load, requested: Double(index), applied: Double(applied))) }
        switchToItem(at: applied, playing: autoplay)
    }

    public func append(_ items: [MediaItem]) {
        record(.append(count: items.count))
        guard !items.isEmpty else { return ignore(.append, "no items") }
        guard currentIndex != nil else {
            return open(self.items + items, startingAt: self.items.count, autoplay: false)
        }
        self.items += items
        emit(.queueChanged(self.items.map(\.id)))
    }

    public func insert(_ items: [MediaItem], at index: Int) {
        record(.insert(count: items.count, at: index))
        edit(.insert(items, at: index))
    }

    public func insert(_ items: [MediaItem], after id: MediaItem.ID) {
        record(.insertAfter(count: items.count, id: id))
        edit(.insertAfter(items, id: id))
    }

    public func remove(at index: Int) {
        record(.remove(at: index))
        edit(.remove(at: index))
    }

    public func move(from: Int, to: Int) {
        record(.move(from: from, to: to))
        edit(.move(from: from, to: to))
    }

    public func removeAll() {
        record(.removeAll)
        edit(.removeAll)
    }

    public func setTrackers(_ trackers: [any PlayerTracker], for id: MediaItem.ID) {
        self.trackers.setTrackers(trackers, for: id)
    }

    public func trackers(for id: MediaItem.ID) -> [any PlayerTracker] {
        trackers.trackers(for: id)
    }

    public var trackerDetails: (@MainActor (MediaItem.ID) -> MediaDetails?)? {
        get { trackers.details }
        set { trackers.details = newValue }
    }

    /// Applies `edit` to the queue as the real player does: taking out the current item plays the
    /// one that followed it, or leaves none current.
    private func edit(_ edit: QueueEdit) {
        guard let outcome = edit.applied(to: items, currentIndex: currentIndex, report: emit) else { return }
        trackers.leave(at: currentTime)
        items = outcome.items
        currentIndex = outcome.currentIndex
        if !outcome.removed.isEmpty { emit(.itemsRemoved(outcome.removed)) }
        emit(.queueChanged(items.map(\.id)))
        guard let removedAt = outcome.removedAt else { return }
        if let successor = navigation.successor(ofRemovedAt: removedAt) {
            switchToItem(at: successor, playing: wantsPlay || status == .playing)
        } else {
            replaceQueue(with: items)
        }
    }

    public func setExternalSubtitles(_ url: URL?) {
        record(.setExternalSubtitles(url))
        guard let currentIndex else { return ignore(.externalSubtitles) }
        items[currentIndex].externalSubtitleURL = url
        externalCues = []
        externalSubtitleHeader = nil
        readExternalSubtitles()
        emit(.queueChanged(items.map(\.id)))
    }

    public func retry() {
        record(.retry)
        guard let currentIndex else { return ignore(.retry) }
        switchToItem(at: currentIndex, playing: true, position: isOpen ? currentTime : nil)
    }

    public func play() {
        record(.play)
        startOrResume()
    }

    public func pause() {
        record(.pause)
        stop()
    }

    public func togglePlayPause() {
        record(.togglePlayPause)
        status == .playing || status == .buffering || (status == .loading && wantsPlay)
            ? stop() : startOrResume()
    }

    public func seek(to time: Double, exact: Bool) {
        record(.seek(to: time, exact: exact))
        move(to: time)
    }

    public func skip(by seconds: Double) {
        record(.skip(by: seconds))
        move(to: currentTime + seconds)
    }

    public func seekToLive() {
        record(.seekToLive)
        guard let edge = liveEdge, let media = currentMedia else {
            return ignore(.seek, currentIndex == nil ? "nothing is loaded" : "the item is not live")
        }
        move(to: edge - media.liveHoldBack)
    }

    public func stepForward() {
        record(.stepForward)
        guard currentIndex != nil, isOpen else { return ignore(.step) }
        guard hasVideo else { return ignore(.step, "no video") }
        if status != .paused { stop() }
        let step = 1 / max(currentMedia?.frameRate ?? 30, 1)
        pausedPosition = duration.map { min(pausedPosition + step, $0) } ?? pausedPosition + step
        showPicture()
    }

    public func setRate(_ requested: Double) {
        record(.setRate(requested))
        let position = currentTime
        rate = clamp(.rate, requested, to: 0.25...4)
        if anchor != nil {
            anchor = (clock.now, position)
            scheduleNextStop()
        }
        emit(.rateChanged(rate))
    }

    public func setVolume(_ requested: Double) {
        record(.setVolume(requested))
        volume = clamp(.volume, requested, to: 0...MediaPlayer.maximumVolume)
        emit(.volumeChanged(volume))
    }

    public func mute() {
        record(.mute)
        isMuted = true
        emit(.muteChanged(true))
    }

    public func unmute() {
        record(.unmute)
        isMuted = false
        emit(.muteChanged(false))
    }

    public func setLooping(_ looping: Bool) {
        record(.setLooping(looping))
        changeRepeatMode(looping ? .one : .off)
    }

    public func setRepeatMode(_ mode: RepeatMode) {
        record(.setRepeatMode(mode))
        changeRepeatMode(mode)
    }

    private func changeRepeatMode(_ mode: RepeatMode) {
        repeatMode = mode
        emit(.repeatModeChanged(mode))
    }

    public func setLoudnessNormalization(_ enabled: Bool) {
        record(.setLoudnessNormalization(enabled))
        normalizesLoudness = enabled
        emit(.loudnessNormalizationChanged(enabled))
    }

    public func setAudioDelay(_ seconds: Double) {
        record(.setAudioDelay(seconds))
        setDelay(.audio, to: seconds)
    }

    public func setSubtitleDelay(_ seconds: Double) {
        record(.setSubtitleDelay(seconds))
        setDelay(.subtitle, to: seconds)
    }

    /// Sets the current item's `kind` of delay, clamped (reported with `.adjusted`), and reports
    /// the change; ignored without an item.
    private func setDelay(_ kind: ItemDelay, to seconds: Double) {
        guard let currentIndex else { return ignore(kind.command) }
        let delay = clamp(kind.command, seconds, to: kind.range, ifNaN: 0)
        items[currentIndex][keyPath: kind.key] = delay
        emit(kind.changed(delay))
    }

    public func next() {
        record(.next)
        guard let next = navigation.next else { return ignore(.next, "no next item") }
        switchToItem(at: next, playing: wantsPlay || status == .playing)
    }

    public func previous() {
        record(.previous)
        if isOpen, !isLive, QueueNavigation.restarts(at: currentTime, mode: navigationMode) {
            return move(to: 0)
        }
        guard let previous = navigation.previous else { return ignore(.previous, "no previous item") }
        switchToItem(at: previous, playing: wantsPlay || status == .playing)
    }

    public func setTimeTickInterval(_ interval: Double?) {
        configuration.timeTickInterval = interval.map { clamp(.timeTick, $0, to: 0.01...3600, ifNaN: 0.25) }
        if anchor != nil { scheduleNextStop() }
    }

    public func setBrightness(_ value: Double) {
        record(.setBrightness(value))
        brightness = clamp(.brightness, value, to: -1...1)
    }

    public func setContrast(_ value: Double) {
        record(.setContrast(value))
        contrast = clamp(.contrast, value, to: 0...4)
    }

    public func setSaturation(_ value: Double) {
        record(.setSaturation(value))
        saturation = clamp(.saturation, value, to: 0...3)
    }

    public func setVideoFilter(_ description: String) {
        record(.setVideoFilter(description))
        videoFilters = description.isEmpty ? [] : [description]
    }

    public func addFilter(_ description: String, clear: Bool) throws(PlayerError) {
        record(.addFilter(description, clear: clear))
        // The same check as FFmpeg's player: the names and options libavfilter knows.
        let chain = try MediaPlayer.checkVideoFilter(description)
        videoFilters = (clear ? [] : videoFilters) + [chain]
    }

    public func removeAllFilters() {
        record(.removeAllFilters)
        videoFilters = []
    }

    public func selectAudioTrack(index: Int) {
        record(.selectAudioTrack(index: index))
        selectAudio(.index(index))
    }

    public func selectAudioTrack(language: String) {
        record(.selectAudioTrackLanguage(language))
        selectAudio(.language(language))
    }

    public func selectSubtitleTrack(index: Int?) {
        record(.selectSubtitleTrack(index: index))
        guard let index else {
            guard currentIndex != nil else { return ignore(.selectSubtitleTrack) }
            subtitlePreference = .off
            selectedSubtitleTrack = nil
            return emit(.tracksChanged(tracks))
        }
        selectSubtitles(.index(index))
    }

    public func selectSubtitleTrack(language: String) {
        record(.selectSubtitleTrackLanguage(language))
        selectSubtitles(.language(language))
    }

    public func close() async {
        record(.close)
        trackers.close()
        replaceQueue(with: [])
    }

    // MARK: Telling the engine what happens

    /// Opens the current item now, when its ``FakeMedia/openingTime`` has not passed yet.
    public func completeOpening() {
        open()
    }

    /// Moves the position to `time` as if playback got there (no seek): a `.timeTick` while
    /// playing, the end of the item at or past its duration.
    public func reach(_ time: Double) {
        guard isOpen else { return }
        let target = max(0, duration.map { min(time, $0) } ?? time)
        if anchor != nil {
            anchor = (clock.now, target)
        } else {
            pausedPosition = target
        }
        showPicture()
        if let duration, target >= duration { return endItem() }
        if anchor != nil {
            emit(.timeTick(target))
            scheduleNextStop()
        }
    }

    /// Plays to the end of the current item.
    public func finish() {
        reach(duration ?? currentTime)
    }

    /// Runs out of data: the status is `.buffering` and the position stops until ``endBuffering()``.
    public func beginBuffering() {
        guard status == .playing else { return }
        stopClock()
        setStatus(.buffering)
    }

    /// Data arrived again: playing goes on from where it stopped.
    public func endBuffering() {
        guard status == .buffering else { return }
        startPlaying()
    }

    /// Sets the media ranges read ahead of the position (reported at the next event).
    public func setBuffered(_ ranges: [ClosedRange<Double>]) {
        bufferedRanges = ranges
    }

    /// Fails the current item with `error`, as an error the player cannot go on from: an `.error`
    /// event, then the `.failed` status.
    public func fail(with error: PlayerError) {
        stopClock()
        emit(.error(error))
        setStatus(.failed(error))
    }

    /// Reports `error` without stopping playback, as the real player does for warnings (a missing
    /// audio device, a subtitle file that cannot be read).
    public func warn(_ error: PlayerError) {
        emit(.error(error))
    }

    // MARK: Rules

    private func startOrResume() {
        guard currentIndex != nil else { return ignore(.play) }
        wantsPlay = true
        guard isOpen, status != .loading, anchor == nil else { return }
        if status == .ended { pausedPosition = 0 }
        if case .failed = status { return }
        startPlaying()
    }

    private func stop() {
        guard currentIndex != nil else { return ignore(.pause) }
        wantsPlay = false
        stopClock()
        if [.playing, .buffering, .ready].contains(status) { setStatus(.paused) }
    }

    /// A seek: clamped to the item, the picture of the new position shown, the end reached at or
    /// past the duration, paused or not.
    private func move(to time: Double) {
        guard currentIndex != nil else { return ignore(.seek) }
        let applied = clamp(
            .seek, time,
            to: isLive ? seekableRange ?? 0...0 : 0...max(duration ?? .greatestFiniteMagnitude, 0))
        if isOpen, let failure = currentMedia?.seekFailure {
            return emit(.seekFailed(requested: applied, failure))
        }
        let resumes = anchor != nil || (status == .ended && wantsPlay)
        stopClock()
        pausedPosition = applied
        guard isOpen else { return }
        if status == .ended { setStatus(wantsPlay ? .playing : .paused) }
        showPicture()
        emit(.seekCompleted(applied))
        if let duration, applied >= duration { return endItem() }
        if resumes {
            anchor = (clock.now, applied)
            scheduleNextStop()
        }
    }

    /// Plays the audio track `preference` names, which later items prefer too, as the player does.
    private func selectAudio(_ preference: TrackPreference) {
        guard currentIndex != nil else { return ignore(.selectAudioTrack) }
        guard
            let track = tracks.first(where: { $0.kind == .audio && $0.isSupported && preference.matches($0) })
        else {
            return ignore(.selectAudioTrack, "no playable audio track matches")
        }
        audioPreference = preference
        guard track.index != selectedAudioTrack else { return }
        selectedAudioTrack = track.index
        emit(.tracksChanged(tracks))
    }

    /// Shows the subtitle track `preference` names, which later items prefer too.
    private func selectSubtitles(_ preference: TrackPreference) {
        guard currentIndex != nil else { return ignore(.selectSubtitleTrack) }
        guard
            let track = tracks.first(where: {
                $0.kind == .subtitle && $0.isSupported && preference.matches($0)
            })
        else {
            return ignore(.selectSubtitleTrack, "no supported subtitle track matches")
        }
        subtitlePreference = preference
        selectedSubtitleTrack = track.index
        emit(.tracksChanged(tracks))
    }

    private func replaceQueue(with items: [MediaItem]) {
        trackers.leave(at: currentTime)
        stopClock()
        self.items = items
        currentIndex = nil
        shownItemID = nil
        isOpen = false
        wantsPlay = false
        currentFrame = nil
        frameGeneration += 1
        emit(.itemChanged(nil))
        setStatus(.idle)
    }

    func clamp(
        _ command: PlayerCommand, _ requested: Double, to range: ClosedRange<Double>, ifNaN: Double? = nil
    ) -> Double {
        let applied = MediaPlayer.clamped(requested, to: range, ifNaN: ifNaN)
        if applied != requested { emit(.adjusted(command, requested: requested, applied: applied)) }
        return applied
    }

    private func ignore(_ command: PlayerCommand, _ reason: String = "nothing is loaded") {
        emit(.ignored(command, reason: reason))
    }
}

extension FakePlaybackEngine {
    public func setQuality(_ quality: Quality) {
        record(.setQuality(quality))
        guard currentIndex != nil else { return ignore(.quality) }
        guard isOpen else {
            // The item is opening: it starts with the chosen rendition (`settleQuality()`).
            guard quality != self.quality else { return }
            self.quality = quality
            return emit(.qualityChanged(quality))
        }
        if let refusal = quality.refusal(among: renditions) { return ignore(.quality, refusal) }
        guard quality != self.quality else { return }
        self.quality = quality
        emit(.qualityChanged(quality))
        guard case .fixed(let id) = quality, let chosen = renditions.first(where: { $0.id == id }),
            chosen != currentRendition
        else { return }
        play(chosen, from: currentRendition, reason: .manual)
    }

    /// Reports a quality chosen while the item opened that it cannot keep, which goes back to `.auto`.
    func settleQuality() {
        guard quality != .auto, let refusal = quality.refusal(among: renditions) else { return }
        ignore(.quality, refusal)
        quality = .auto
        emit(.qualityChanged(.auto))
    }

    /// The rendition the current item starts with: the fixed one of a reopened item, else the one
    /// ``/VideoPlayerRender/Quality/auto`` starts with.
    var startingRendition: Rendition? {
        if case .fixed(let id) = quality, let fixed = renditions.first(where: { $0.id == id }) {
            return fixed
        }
        return Rendition.start(of: renditions)
    }

    /// Plays `rendition` from now on (the fake switches at once), its picture at its size.
    private func play(_ rendition: Rendition, from previous: Rendition?, reason: RenditionChangeReason) {
        currentRendition = rendition
        if reason != .initial { renditionSwitches += 1 }
        if let size = rendition.size, hasVideo, size != videoSize {
            videoSize = size
            emit(.videoSizeChanged(size))
        }
        emit(.renditionChanged(from: previous, to: rendition, reason: reason))
    }
}
