extension MediaPlayer {
    /// Tells the player the size, in pixels, a window draws its pictures at when it scales them
    /// on the CPU (before the picture is turned, if the stream turns it), or `nil` when none does.
    ///
    /// Pictures larger than 1080p that are drawn smaller (a 4K stream in a 720p window) are then
    /// resized on the video decoder thread as they are decoded, and the window's thread is left
    /// converting each one at the size it shows, which costs a fraction of resizing it (4K into
    /// 1280x720: about 1.4 ms a frame instead of 6.5, debug build). Pictures of 1080p and less are
    /// not: their copies would cost more memory than the time they save. A picture drawn at
    /// another size than the one it was resized to is scaled whole, so a stale size costs time,
    /// never a wrong picture. ``currentFrame`` keeps the decoded picture whole (screenshots, other
    /// windows). The container's CPU compositor calls it as it draws.
    public func setDrawnPictureSize(_ size: Size?) {
        let size = size.flatMap { size in
            size.width >= 1 && size.height >= 1 && size.width.isFinite && size.height.isFinite
                ? Size(width: size.width.rounded(), height: size.height.rounded()) : nil
        }
        guard size != drawnPictureSize else { return }
        drawnPictureSize = size
        updateSettings()
    }

    /// Seconds between looks while playing with no picture waiting: the position shown moves on
    /// this often.
    private static let refreshInterval = 0.05
    /// Seconds between looks while what the player waits for comes without a signal: data enough
    /// to end buffering, the last of the sound played.
    private static let pollInterval = 0.01

    /// Makes the due frame current, drops late ones, advances the time and detects the end.
    ///
    /// The presenter looks again when the next picture is due; a picture queued where none waited
    /// wakes it (``SessionEvent/pictureQueued``), the first one after a load or a seek too, so it
    /// does not look for pictures in between.
    func present(at now: Double) {
        guard let session, session.info != nil else {
            nextDueTime = nil
            return
        }
        let clockTime = session.clock.time(at: now)
        let playing = status == .playing || status == .buffering
        var due: Double? = playing ? now + MediaPlayer.refreshInterval : nil
        if hasVideo, let frameDue = advanceVideo(session, clockTime: clockTime, now: now, playing: playing) {
            due = frameDue
        }
        completeSeekThatFoundNoPicture(session)
        releaseFirstPictureHold(session, now: now)
        // NB: the picture, the end of the video and a read failure each wake it: only the wait
        // running out needs a look of its own.
        if let hold = firstPictureHold {
            // NB: while the pictures after the first are decoded, the queue filling wakes it
            // (`VideoPipeline`), its decoder running out of packets does not.
            let waking = awaitingFirstFrame || !prerollsFirstPicture ? hold : now + MediaPlayer.pollInterval
            due = min(due ?? .infinity, min(hold, waking))
        }
        if playing, status == .buffering || session.demuxerReachedEnd {
            due = min(due ?? .infinity, now + MediaPlayer.pollInterval)
        } else if playing, let starving = starvationDue(session, clockTime: clockTime, now: now) {
            due = min(due ?? .infinity, starving)
        }
        let time = session.clock.time(at: now)
        if playing, loopTimeline.enter(at: time, serial: session.serial) {
            lastTick = nil
            emit(.looped)
        }
        currentTime = pendingSeek?.target ?? min(max(itemTime(time), 0), duration ?? .infinity)
        let buffered = min(itemTime(session.bufferedUpTo, inPassOf: time), duration ?? .infinity)
        bufferedRanges = buffered > currentTime ? [currentTime...buffered] : []
        updateSeekableRange(session)
        if playing, pendingSeek == nil, let interval = configuration.timeTickInterval, interval > 0 {
            // Ticks follow the media time, as a clock display does: one when the position enters the
            // next multiple of the interval (never again for the same one, should the audio clock
            // step back a little), so a time label changes exactly when its second does. A pending
            // seek is reported by `.seekCompleted` instead: a tick at its target would repaint the
            // controls, and wait on the renderer, before the picture is there.
            let step = (currentTime / interval).rounded(.down)
            if lastTick.map({ step > $0 }) ?? true {
                lastTick = step
                emit(.timeTick(currentTime))
            }
            let untilNext = ((step + 1) * interval - currentTime) / max(rate, 0.01)
            due = min(due ?? .infinity, now + max(untilNext, 0))
        }
        nextDueTime = due
        if failWhereTheDataStops(session, clockTime: time) { return }
        if playing {
            updateBuffering(session, clockTime: time)
            detectEnd(session, clockTime: time)
        }
    }

    /// Completes a seek whose generation ended without a picture (the target lies past the real end
    /// of the data, or nothing after it decodes) at its target, so the end and decode-failure rules
    /// apply instead of the player waiting for a picture that never comes.
    private func completeSeekThatFoundNoPicture(_ session: PlaybackSession) {
        guard let pendingSeek, pendingSeek.serial == session.serial, session.demuxerReachedEnd else { return }
        guard hasVideo ? videoEnded : session.audioFinished else { return }
        awaitingFirstFrame = false
        completeSeek(at: pendingSeek.target)
    }

    /// Pops frames of the current generation that are due; returns when the next one is due.
    private func advanceVideo(_ session: PlaybackSession, clockTime: Double, now: Double, playing: Bool)
        -> Double?
    {
        while let head = session.videoFrames.peek() {
            // NB: read on every frame: completing a seek may start another one (a seek to the end
            // of a looping item starts it again), and the frames queued behind are then stale.
            let serial = session.serial
            guard case .frame(let frame) = head, frame.serial == serial else {
                if case .end(let endSerial) = head, endSerial == serial { videoEnded = true }
                _ = session.videoFrames.tryPop()
                continue
            }
            if awaitingFirstFrame {
                _ = session.videoFrames.tryPop()
                awaitingFirstFrame = false
                waitingSince = nil
                if let hold = firstPictureHold, prerollsFirstPicture {
                    firstPictureHold = min(hold, now + Self.longestPrerollWait)
                }
                experience.started(at: now)
                show(frame, clockTime: clockTime)
                if let pendingSeek, pendingSeek.serial == serial {
                    // An exact seek's first picture is the one showing at the target (or, past the
                    // last picture, that picture), and the sound begins at the target: the position
                    // stays where the seek asked, not up to a frame before it. A keyframe seek's
                    // position is its picture's.
                    let atTarget = pendingSeek.exact && frame.time <= pendingSeek.target
                    completeSeek(at: atTarget ? pendingSeek.target : frame.time)
                    session.clock.set(currentTime)
                }
                continue
            }
            guard playing else { return nil }
            if frame.time > clockTime {
                if isMistimed(frame, session: session, clockTime: clockTime) {
                    _ = session.videoFrames.tryPop()
                    framesDropped += 1
                    continue
                }
                // NB: looked at again within a second, so that a picture found mistimed only once
                // the pictures after it came does not wait out its own time.
                return now + min((frame.time - clockTime) / max(rate, 0.01), Self.longestFrameWait)
            }
            if case .frame(let next) = session.videoFrames.peek(1), next.serial == serial,
                next.time <= clockTime
            {
                _ = session.videoFrames.tryPop()
                framesDropped += 1
                continue
            }
            _ = session.videoFrames.tryPop()
            show(frame, clockTime: clockTime)
        }
        return nil
    }

    /// Seconds the presenter waits for the next picture at most before it looks at the queue again.
    private static let longestFrameWait = 1.0

    /// Whether `frame`, the next picture and not due yet, carries a damaged time that would hold
    /// the pictures after it, or the end, until that time: the picture after it is due already and
    /// stamped before it (decoders hand pictures out in display order), or it is the last picture
    /// of the data and lies past the item's end.
    private func isMistimed(_ frame: VideoFrame, session: PlaybackSession, clockTime: Double) -> Bool {
        switch session.videoFrames.peek(1) {
        case .frame(let next) where next.serial == frame.serial:
            return next.time < frame.time && next.time <= clockTime
        case .end(serial: let serial) where serial == frame.serial:
            guard let duration else { return false }
            return itemTime(frame.time) > duration + Self.lengthSlack
        default:
            return false
        }
    }

    /// Seconds a picture may lie past the item's duration and still be shown.
    private static let lengthSlack = 1.0

    /// The item's own time for a time on the session's timeline, which runs on across the passes
    /// of a looping item: the time since the start of the pass it lies in (or, with `inPassOf`,
    /// since the start of that time's pass).
    func itemTime(_ time: Double, inPassOf reference: Double? = nil) -> Double {
        guard let session else { return time }
        return time - loopTimeline.passStart(at: reference ?? time, serial: session.serial)
    }

    /// Makes `frame` the current picture.
    func show(_ frame: VideoFrame, clockTime: Double) {
        currentFrame = frame
        frameGeneration += 1
        framesPresented += 1
        avOffset = clockTime - frame.time
    }

    /// Whether the demuxer reached the end of the current generation's data and the sound and the
    /// last picture of it have all played.
    private func hasPlayedAllData(_ session: PlaybackSession, clockTime: Double) -> Bool {
        guard pendingSeek == nil, session.demuxerReachedEnd, session.audioFinished else { return false }
        // Without a picture or an audio device nothing paces the item: the demuxer reads it all at
        // once, so it ends when the clock reaches the end of the last packet read.
        guard hasVideo else { return session.renderer != nil || clockTime >= session.bufferedUpTo }
        guard videoEnded else { return false }
        return currentFrame.map { clockTime >= $0.time + $0.duration } ?? true
    }

    /// Fails the item with the network failure that cut its data short, once what was read before it
    /// has played (at once when it was already waiting for data); the position is left at the last
    /// picture shown, so a retry goes on from there.
    ///
    /// - Returns: whether the item failed now.
    private func failWhereTheDataStops(_ session: PlaybackSession, clockTime: Double) -> Bool {
        if case .failed = status { return false }
        guard let failure = session.readFailure,
            status == .buffering || hasPlayedAllData(session, clockTime: clockTime)
        else { return false }
        // The clock may have run on while the player waited for data (buffering); after a seek the
        // picture shown may be an older generation's.
        let lastPicture = currentFrame.flatMap { $0.serial == session.serial ? $0.time + $0.duration : nil }
        let stop = max(0, hasVideo ? lastPicture ?? clockTime : clockTime)
        session.setPaused(true)
        session.clock.set(stop)
        currentTime = itemTime(stop)
        apply(.failed(failure))
        return true
    }

    /// Ends (or loops) once the demuxer, the video and the audio have all reached the end.
    private func detectEnd(_ session: PlaybackSession, clockTime: Double) {
        guard hasPlayedAllData(session, clockTime: clockTime) else { return }
        let statistics = [session.videoDecoder.statistics, session.audioDecoder.statistics]
        if statistics.allSatisfy({ $0.decoded == 0 }),
            let failure = statistics.first(where: { $0.failures > 0 })
        {
            apply(.failed(.decodeFailed(failure.lastError)))
            return
        }
        // The last picture's end is the media's real end; the clock may have run past it. Where
        // the sound ran on past it, the position shown followed: the item ends there, not back.
        let mediaEnd = itemTime(
            hasVideo ? currentFrame.map { $0.time + $0.duration } ?? clockTime : clockTime)
        let end = max(min(mediaEnd, duration ?? mediaEnd), currentTime)
        if let known = duration, known > end + 0.5 {
            duration = end
            emit(.durationKnown(end))
        }
        endItem(at: end)
    }

    /// Ends the item at `end`: starts it again when looping, otherwise reports `.ended` and moves to
    /// the next item of the queue, which plays if this one was meant to.
    func endItem(at end: Double) {
        if isLooping {
            restartForLoop()
            return
        }
        currentTime = end
        // The device plays on into the next item's first sample, which is already queued after
        // this one's last: pausing it now would put silence between them.
        if !nextFollowsGaplessly { session?.setPaused(true) }
        setStatus(.ended)
        emit(.ended)
        if let next = navigation.next { switchToItem(at: next, playing: wantsPlay) }
    }

    /// The live window, the latency and whether the position is at the live edge.
    private func updateSeekableRange(_ session: PlaybackSession) {
        let live = session.liveWindow
        isLive = live?.growing == true
        liveWindow = live?.range
        liveReference = live?.reference
        liveLatency = isLive ? live.map { max(0, $0.range.upperBound - currentTime) } : nil
        isAtLiveEdge = isLive && live.map { currentTime >= $0.livePosition - $0.targetDuration } == true
    }
}
