import Foundation
import Logging

extension MediaPlayer {
    /// Replaces the queue with `item` and opens it in the background.
    public func load(_ item: MediaItem, autoplay: Bool = false) {
        load([item], startingAt: 0, autoplay: autoplay)
    }

    /// Replaces the queue with `items` and opens the one at `index` in the background.
    ///
    /// An out-of-range `index` is clamped and reported with `.adjusted`.
    public func load(_ items: [MediaItem], startingAt index: Int = 0, autoplay: Bool = false) {
        Logger.engine.debug("load \(items.count) item(s) at \(index), autoplay \(autoplay)")
        trackers.leave(at: currentTime)
        discardPreload()
        self.items = items
        wantsPlay = autoplay
        guard !items.isEmpty else {
            closeCurrentSession()
            currentIndex = nil
            emit(.itemChanged(nil))
            setStatus(.idle)
            return
        }
        let applied = min(max(index, 0), items.count - 1)
        if applied != index { emit(.adjusted(.load, requested: Double(index), applied: Double(applied))) }
        switchToItem(at: applied, playing: autoplay)
    }

    /// Adds `items` to the end of the queue; the current item plays on, and the queue goes on into
    /// them. A player with no current item (an empty queue, or one whose current item was
    /// removed) opens the first of them, paused.
    ///
    /// When the current item was the last, the first of them follows it without a gap, as a queue
    /// loaded whole does, unless the current item's end was read already (the demuxer reads about
    /// two seconds ahead): appended that late, it follows after the current item's codec padding.
    ///
    /// No items is ignored (and reported).
    public func append(_ items: [MediaItem]) {
        guard !items.isEmpty else { return ignore(.append, "no items") }
        Logger.engine.debug("append \(items.count) item(s) to \(self.items.count)")
        guard currentIndex != nil else {
            return load(self.items + items, startingAt: self.items.count)
        }
        self.items += items
        realignPreload()
        emit(.queueChanged(self.items.map(\.id)))
    }

    /// Whether the item at `index` has a next one whose sound follows its own on the same output.
    private func isFollowedGaplessly(_ index: Int) -> Bool {
        configuration.preloadsNext && navigation.following(index) != nil
    }

    /// Moves to the next item of the queue, or to the first from the last when the queue repeats
    /// (``RepeatMode/all``); ignored (and reported) when there is none (``canAdvanceToNext``).
    public func next() {
        guard let next = navigation.next else { return ignore(.next, "no next item") }
        switchToItem(at: next)
    }

    /// Goes back: starts the current item again when the ``navigationMode`` is smart and the
    /// position is past its interval, otherwise moves to the previous item of the queue (to the last
    /// from the first when the queue repeats); ignored (and reported) when there is neither
    /// (``canReturnToPrevious``).
    public func previous() {
        if session != nil, !isLive, QueueNavigation.restarts(at: currentTime, mode: navigationMode) {
            return seek(to: 0)
        }
        guard let previous = navigation.previous else { return ignore(.previous, "no previous item") }
        switchToItem(at: previous)
    }

    /// Brings what is read ahead in line with the queue after it or the repeat mode changed: the
    /// preloaded item stays when it still follows the current one, and otherwise closes for the one
    /// that follows now; each session learns whether an item follows its own without a gap.
    func realignPreload() {
        if let preload {
            if let next = navigation.next, items[next].id == preload.itemID {
                self.preload?.index = next
            } else {
                discardPreload()
            }
        }
        for (running, index) in [(session, currentIndex), (preload?.session, preload?.index)] {
            guard let running, let index else { continue }
            running.settings.update { $0.isFollowedGaplessly = isFollowedGaplessly(index) }
        }
        if session?.info != nil { preloadNextIfNeeded() }
    }

    /// Stops playback, empties the queue and waits (off the main actor) until every thread ended.
    public func close() async {
        trackers.close()
        externalSubtitleRead?.abort()
        discardPreload()
        closeCurrentSession()
        items = []
        currentIndex = nil
        wantsPlay = false
        setStatus(.idle)
        await retirement.waitForAll()
    }

    /// Makes `index` current, adopting the preloaded session when it is that item's.
    ///
    /// - Parameter playing: whether the item plays once open; by default, whether the player plays
    ///   now (a load says it with its `autoplay` instead).
    func switchToItem(at index: Int, playing: Bool? = nil) {
        let keepPlaying = playing ?? (wantsPlay || status == .playing)
        let output = holdOutput()
        trackers.leave(at: currentTime)
        closeCurrentSession()
        resetItemState()
        currentIndex = index
        wantsPlay = keepPlaying
        clampDelays(ofItemAt: index)
        emit(.itemChanged(items[index].id))
        // A preload that found the only audio device taken has no sound: the item opens anew, once the
        // device the previous item held has closed.
        if let preload, preload.index == index, preload.session.becomeCurrent() {
            self.preload = nil
            output.map(retirement.release)
            loadExternalSubtitles(of: items[index])
            adopt(preload.session, id: preload.id)
            for event in preload.events { apply(event) }
            // NB: its first picture waits already, and the switch is meant to be at once.
            prerollsFirstPicture = false
            present(at: MediaPlayer.now)
        } else {
            discardPreload()
            setStatus(.loading)
            openSession(forItemAt: index, asPreload: false, sharing: output)
        }
    }

    /// Opens the next item in the background while the current one plays, on the current one's
    /// audio output: its sound follows the current one's last sample without a gap.
    func preloadNextIfNeeded() {
        guard configuration.preloadsNext, preload == nil, let next = navigation.next else { return }
        openSession(forItemAt: next, asPreload: true, sharing: holdOutput())
    }

    /// The current session's audio output, held for a session about to open, so that the device
    /// stays open and every item of the player plays on the same one.
    private func holdOutput() -> AudioOutput? {
        let output = session?.output
        output?.retain()
        return output
    }

    /// Whether the preloaded next item's sound is already queued on the output the current item
    /// plays on, so it follows the current one's last sample by itself.
    var nextFollowsGaplessly: Bool {
        guard let preload, preload.index == navigation.next, let output = session?.output else {
            return false
        }
        return preload.session.output === output && preload.session.renderer != nil
    }

    /// Opens the next item again after a change of track choice: a preload keeps the choice it
    /// opened with.
    func refreshPreload() {
        guard preload != nil else { return }
        discardPreload()
        preloadNextIfNeeded()
    }

    /// Stops the current session; its threads are joined in the background.
    func closeCurrentSession() {
        loadTask?.cancel()
        loadTask = nil
        guard let closing = session else { return }
        session = nil
        retirement.retire(closing)
    }

    func discardPreload() {
        guard let closing = preload?.session else { return }
        preload = nil
        retirement.retire(closing)
    }

    /// Opens the current item again where playback stood and plays it: after a failure, once the
    /// network is back, the viewer goes on from where it failed.
    ///
    /// An item that failed before it opened starts at its `startPosition`. Ignored (and reported)
    /// when nothing is loaded.
    public func retry() {
        guard currentIndex != nil else { return ignore(.retry) }
        wantsPlay = true
        reopenCurrentItem(at: session?.info == nil ? nil : currentTime)
    }

    /// Opens the current item again at `position` (after a change of audio track, or a retry);
    /// `nil` opens it at its own start position.
    func reopenCurrentItem(at position: Double?) {
        guard let currentIndex else { return }
        let keepPlaying = wantsPlay || status == .playing
        let output = holdOutput()
        let (chosenQuality, record, rendition) = (quality, experience, currentRendition)
        let fetched = session?.fetched.value ?? 0
        closeCurrentSession()
        resetItemState()
        // The item's own choices and record stay.
        quality = chosenQuality
        experience = record
        experience.earlierBytes += fetched
        renditionBeforeReopen = rendition
        wantsPlay = keepPlaying
        setStatus(.loading)
        openSession(forItemAt: currentIndex, asPreload: false, startPosition: position, sharing: output)
    }

    /// Opens the item at `index` in a new session, which plays on `output` when one is given.
    ///
    /// - Parameter output: held for the new session by the caller (`holdOutput()`); the session
    ///   takes a hold of its own, and this one ends once it exists or could not be made.
    private func openSession(
        forItemAt index: Int, asPreload: Bool, startPosition: Double? = nil, sharing output: AudioOutput?
    ) {
        let item = items[index]
        if !asPreload { loadExternalSubtitles(of: item) }
        if case .location(let location) = item.source {
            attachSession(
                for: item, location: location, index: index, asPreload: asPreload,
                startPosition: startPosition, sharing: output)
            output.map(retirement.release)
            return
        }
        let task = Task { [weak self, retirement] in
            defer { output.map(retirement.release) }
            do {
                let location = try await item.resolveLocation()
                self?.attachSession(
                    for: item, location: location, index: index, asPreload: asPreload,
                    startPosition: startPosition, sharing: output)
            } catch {
                guard let self, !asPreload, self.currentIndex == index, !Task.isCancelled else { return }
                self.apply(.failed(.invalidArgument("the item's loader failed: \(error)")))
            }
        }
        if !asPreload { loadTask = task }
    }

    private func attachSession(
        for item: MediaItem, location: String, index: Int, asPreload: Bool, startPosition: Double?,
        sharing output: AudioOutput?
    ) {
        guard index < items.count, items[index].id == item.id else { return }
        guard asPreload ? preload == nil : currentIndex == index && self.session == nil else { return }
        nextSessionID += 1
        let id = nextSessionID
        var settings = sessionSettings
        // The quality is the item's own choice: the next item opened ahead starts as `.auto` does.
        if asPreload { settings.quality = .auto }
        settings.audioDelay = Self.clamped(item.audioDelay, to: ItemDelay.audio.range, ifNaN: 0)
        settings.isFollowedGaplessly = isFollowedGaplessly(index)
        var options = SessionOptions(
            location: location, isPreload: asPreload,
            startPosition: startPosition ?? item.startPosition,
            networkTimeout: configuration.networkTimeout, forwardBuffer: configuration.forwardBuffer,
            audioSinkFactory: configuration.audioSink,
            sharedOutput: output, retirement: retirement,
            audioPreference: audioPreference, subtitlePreference: subtitlePreference,
            settings: settings)
        options.extraDecodeCost = configuration.extraDecodeCost
        options.startsWherePlaylistSays = startPosition == nil && item.startPosition == 0
        let session = PlaybackSession(options: options) { [inbox] event in inbox.post(event, from: id) }
        if asPreload {
            preload = Preload(index: index, itemID: item.id, session: session, id: id)
            // Only the first picture is needed ahead; the rest would hold memory for nothing.
            session.videoFrames.setCapacity(1)
            session.start()
        } else {
            adopt(session, id: id)
            session.start()
        }
    }

    private func adopt(_ session: PlaybackSession, id: Int) {
        self.session = session
        sessionID = id
        session.videoFrames.setCapacity(PlaybackSession.videoFramesAhead)
        session.setRate(rate)
        session.settings.update { $0 = sessionSettings.keepingItemChoices(of: $0) }
    }

    func resetItemState() {
        currentTime = 0
        duration = nil
        bufferedRanges = []
        isLive = false
        liveWindow = nil
        liveReference = nil
        liveLatency = nil
        isAtLiveEdge = false
        videoSize = nil
        hasVideo = false
        hasAudio = false
        tracks = []
        chapters = []
        metadata = MediaMetadata()
        subtitleFonts = []
        cues = []
        externalCues = []
        subtitleRenditions?.close()
        subtitleRenditions = nil
        embeddedSubtitleHeader = nil
        externalSubtitleHeader = nil
        selectedAudioTrack = nil
        selectedSubtitleTrack = nil
        renditions = []
        quality = .auto
        currentRendition = nil
        experience = ExperienceRecord(loadedAt: MediaPlayer.now)
        currentFrame = nil
        frameGeneration += 1
        framesPresented = 0
        framesDropped = 0
        if overloadLevel != .none {
            overloadLevel = .none
            emit(.overloadChanged(.none))
        }
        bitRate = nil
        reportedPresentationFailure = false
        awaitingFirstFrame = true
        firstPictureHold = nil
        prerollsFirstPicture = false
        waitingSince = nil
        starvedSince = nil
        videoEnded = false
        pendingSeek = nil
        lastTick = nil
    }
}
