extension MediaPlayer {
    /// Applies what the sessions reported, in order, then updates the picture and the time.
    ///
    /// > Important: the host calls this on every loop iteration; it never blocks.
    public func pump() {
        for (id, event) in inbox.drain() {
            if id == sessionID, session != nil {
                apply(event)
            } else if id == preload?.id {
                preload?.events.append(event)
            }
        }
        present(at: MediaPlayer.now)
        subtitleRenditions?.advance(to: currentTime - subtitleDelay, live: liveReference)
        scheduleSelfPump()
    }

    /// Applies one session event to the state and reports it.
    func apply(_ event: SessionEvent) {
        switch event {
        case .opened(let info):
            opened(info)
        case .failed(let error):
            emit(.error(error))
            setStatus(.failed(error))
        case .warning(let error):
            emit(.error(error))
        case .videoFilterFailed(let error):
            videoFilterFailed(error)
        case .seeked(let serial, let failure):
            guard let pendingSeek, pendingSeek.serial == serial else { return }
            if let failure {
                failSeek(failure)
            } else if !hasVideo {
                completeSeek(at: pendingSeek.target)
            }
        case .subtitleCue(let cue, let header, let serial):
            // A seek re-reads cues already known, and cues read before a seek or a track change are stale.
            guard serial == session?.serial, !cues.contains(where: { $0.isReadAgain(as: cue) }) else {
                return
            }
            embeddedSubtitleHeader = header
            cues.append(cue)
            emit(.subtitleCue(cue))
        case .subtitlesCleared(let time, let serial):
            guard serial == session?.serial else { return }
            for index in cues.indices
            where (!cues[index].bitmaps.isEmpty || isEndStatedLater(cues[index])) && cues[index].start < time
                && cues[index].end > time
            {
                cues[index].end = time
            }
        case .closedCaptionsFound(let track):
            guard !tracks.contains(where: { $0.index == track.index }) else { return }
            tracks.append(track)
            emit(.tracksChanged(tracks))
            // A caption track chosen by its index for an earlier item is chosen again.
            if subtitlePreference == .index(track.index), selectedSubtitleTrack == nil {
                selectSubtitleTrack(index: track.index)
            }
        case .renditionChanged(let from, let info, let reason):
            changeRendition(from: from, info: info, reason: reason)
        case .reachedEnd, .pictureQueued, .readAhead:
            break
        case .wrapped(let serial, let start):
            loopTimeline.add(start, serial: serial)
        case .overloadChanged(let level):
            overloadLevel = level
            emit(.overloadChanged(level))
        }
    }

    /// Whether `cue` came from a track that states its end later (a closed caption, a text cue
    /// shown until the next one): its end is infinite until then, unlike a subtitle file's.
    func isEndStatedLater(_ cue: SubtitleCue) -> Bool {
        cue.end == .infinity && !externalCues.contains(cue)
    }

    private func opened(_ info: SessionInfo) {
        tracks = info.tracks
        chapters = info.chapters
        metadata = info.metadata
        subtitleFonts = info.fonts
        hasVideo = info.videoStream != nil
        hasAudio = info.audioStream != nil
        selectedAudioTrack = info.audioStream
        selectedSubtitleTrack = info.subtitleStream
        bitRate = info.bitRate
        renditions = info.ladder?.renditions ?? []
        if info.videoStream == nil { experience.started(at: MediaPlayer.now) }
        emit(.tracksChanged(info.tracks))
        readSubtitleRenditions(of: info)
        let before = renditionBeforeReopen
        renditionBeforeReopen = nil
        if let before, before.id != info.rendition {
            changeRendition(from: before.id, info: info, reason: .manual)
        } else {
            changeRendition(from: nil, info: info, reason: .initial)
        }
        guard !settleQuality(opened: info) else { return }
        if !info.chapters.isEmpty { emit(.chaptersChanged(info.chapters)) }
        if let size = info.videoSize {
            videoSize = size
            emit(.videoSizeChanged(size))
        }
        if let known = info.duration {
            duration = known
            emit(.durationKnown(known))
        }
        if wantsPlay, hasVideo, awaitingFirstFrame, status == .loading {
            // NB: the sound and the clock start with the first picture: a picture that takes long
            // to decode (4K on two cores, a slow network) would otherwise leave the sound playing
            // alone and the player buffering at once. A preloaded item taken over while playing
            // has its picture already and goes on.
            firstPictureHold = MediaPlayer.now + Self.longestFirstPictureWait
            prerollsFirstPicture = true
            inbox.wake()
        } else if wantsPlay {
            startPlaying()
        } else {
            setStatus(.ready)
        }
        preloadNextIfNeeded()
    }

    /// Seconds an item opened to play waits for its first picture before its clock starts anyway
    /// (the sound of an item whose pictures never decode plays on).
    public static let longestFirstPictureWait = 5.0

    /// Seconds an item opened to play waits at most, once its first picture is shown, for the
    /// pictures after it to be decoded before its clock starts.
    public static let longestPrerollWait = 1.0

    /// Starts an item held for its first picture once that is shown and the pictures after it are
    /// decoded (or the video ended or the data failed without them, or the wait ran out); `.ready`
    /// instead if paused meanwhile.
    func releaseFirstPictureHold(_ session: PlaybackSession, now: Double) {
        guard let hold = firstPictureHold else { return }
        guard status == .loading else {
            firstPictureHold = nil
            return
        }
        let ready = !awaitingFirstFrame && (!wantsPlay || !prerollsFirstPicture || isPrerolled(session))
        guard ready || videoEnded || session.readFailure != nil || now >= hold else { return }
        firstPictureHold = nil
        if wantsPlay { startPlaying() } else { setStatus(.ready) }
    }

    /// Whether the decoder is as far ahead of the first picture as it gets before the clock
    /// starts: the pictures waiting fill their queue, or it has no packet left to decode (a slow
    /// network, or the end of the data).
    ///
    /// A decoder started on a stream it barely keeps up with (4K60 on two cores) gives its second
    /// and third pictures 0.15 and 0.4 s after its first, while its threads work through the
    /// pictures the first ones refer to; a clock started at the first picture would find them that
    /// late, and the player would shed decoding work it did not need.
    func isPrerolled(_ session: PlaybackSession) -> Bool {
        session.videoFrames.isFull || session.videoDecoder.packets.count == 0
    }

    /// Takes the streams of the rendition `info` names as the ones playing and reports the change.
    private func changeRendition(from: Int?, info: SessionInfo, reason: RenditionChangeReason) {
        guard let id = info.rendition, let rendition = renditions.first(where: { $0.id == id }) else {
            return
        }
        let previous = from.flatMap { old in renditions.first { $0.id == old } }
        currentRendition = rendition
        if reason != .initial {
            experience.renditionSwitches += 1
            // The subtitle renditions the player reads itself stay.
            tracks = info.tracks + tracks.filter { $0.index >= SubtitleRenditions.firstTrackIndex }
            selectedAudioTrack = info.audioStream
            emit(.tracksChanged(tracks))
            if let size = info.videoSize, size != videoSize {
                videoSize = size
                emit(.videoSizeChanged(size))
            }
        }
        emit(.renditionChanged(from: previous, to: rendition, reason: reason))
    }

    /// Starts the clock and the audio of the open session.
    func startPlaying() {
        session?.setPaused(false)
        lastTick = nil
        setStatus(.playing)
        inbox.wake()
    }

    /// Reports a finished seek once its first picture (or, without video, its first packet) is there.
    ///
    /// `.seekCompleted` tells the new time, so the next tick comes at the next multiple of the
    /// interval after it. A seek at or past the end then ends the item.
    func completeSeek(at time: Double) {
        let target = pendingSeek?.target ?? time
        pendingSeek = nil
        // A seek sent before the duration was known could not be clamped to it then.
        currentTime = min(time, duration ?? time)
        lastTick = configuration.timeTickInterval.flatMap { $0 > 0 ? (currentTime / $0).rounded(.down) : nil }
        emit(.seekCompleted(currentTime))
        if let duration, target >= duration { endItem(at: duration) }
    }

    /// Reports a seek the media refused: playback goes on from where the media is read next, and the
    /// position follows the pictures (or the sound) played from there, so `.seekCompleted` is not sent.
    func failSeek(_ failure: PlayerError) {
        guard let pendingSeek else { return }
        self.pendingSeek = nil
        session?.clock.set(pendingSeek.origin)
        currentTime = pendingSeek.origin
        emit(.seekFailed(requested: pendingSeek.target, failure))
    }

    /// Keeps pumping without a host: at the next due time while something is due.
    private func scheduleSelfPump() {
        selfPumpTask?.cancel()
        selfPumpTask = nil
        guard wakeHandler == nil, let due = nextDueTime else { return }
        let delay = max(0, due - MediaPlayer.now)
        selfPumpTask = Task { [weak self] in
            try? await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
            guard !Task.isCancelled else { return }
            self?.pump()
        }
    }
}
