extension MediaPlayer {
    /// Seconds between polls while playing and nothing precise is due (decoder output, audio end).
    private static let pollInterval = 0.01
    /// Seconds the clock may run past the missing picture before the player reports buffering.
    private static let starvationMargin = 0.25

    /// Makes the due frame current, drops late ones, advances the time and detects the end.
    func present(at now: Double) {
        guard let session, session.info != nil else {
            nextDueTime = nil
            return
        }
        let clockTime = session.clock.time(at: now)
        let playing = status == .playing || status == .buffering
        var due: Double? =
            playing ? now + (hasVideo ? MediaPlayer.pollInterval : 5 * MediaPlayer.pollInterval) : nil
        if hasVideo, let frameDue = advanceVideo(session, clockTime: clockTime, now: now, playing: playing) {
            due = frameDue
        }
        completeSeekThatFoundNoPicture(session)
        if hasVideo && awaitingFirstFrame && !videoEnded {
            // The picture after a load or a seek is shown even when paused, as soon as it is decoded.
            due = min(due ?? .infinity, now + MediaPlayer.pollInterval)
        }
        let time = session.clock.time(at: now)
        currentTime = pendingSeek?.target ?? min(max(time, 0), duration ?? .infinity)
        let buffered = session.bufferedUpTo
        bufferedRanges = buffered > currentTime ? [currentTime...buffered] : []
        if playing, let interval = configuration.timeTickInterval, interval > 0 {
            if lastTick.map({ now - $0 >= interval }) ?? true {
                lastTick = now
                emit(.timeTick(currentTime))
            }
            due = min(due ?? .infinity, (lastTick ?? now) + interval)
        }
        nextDueTime = due
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

    /// Holds the clock while pictures are missing before the end (a slow network), and releases it
    /// once a few are decoded again.
    private func updateBuffering(_ session: PlaybackSession, clockTime: Double) {
        guard hasVideo else { return }
        let queued = session.videoFrames.count
        if status == .playing, queued == 0, !session.demuxerReachedEnd {
            // Pictures are missing once the clock passes the shown picture's end, or while waiting
            // for the first picture after a load or a seek, once the clock moved on without it.
            let expected =
                awaitingFirstFrame
                ? waitingSince ?? clockTime : currentFrame.map { $0.time + $0.duration } ?? clockTime
            if awaitingFirstFrame && waitingSince == nil { waitingSince = clockTime }
            guard clockTime > expected + MediaPlayer.starvationMargin else { return }
            session.setPaused(true)
            setStatus(.buffering)
        } else if status == .buffering, queued >= 3 || session.demuxerReachedEnd {
            waitingSince = nil
            session.setPaused(false)
            setStatus(.playing)
        }
    }

    /// Pops frames of the current generation that are due; returns when the next one is due.
    private func advanceVideo(_ session: PlaybackSession, clockTime: Double, now: Double, playing: Bool)
        -> Double?
    {
        let serial = session.serial
        while let head = session.videoFrames.peek() {
            guard case .frame(let frame) = head, frame.serial == serial else {
                if case .end(let endSerial) = head, endSerial == serial { videoEnded = true }
                _ = session.videoFrames.tryPop()
                continue
            }
            if awaitingFirstFrame {
                _ = session.videoFrames.tryPop()
                awaitingFirstFrame = false
                waitingSince = nil
                show(frame, clockTime: clockTime)
                if let pendingSeek, pendingSeek.serial == serial {
                    session.clock.set(frame.time)
                    completeSeek(at: frame.time)
                }
                continue
            }
            guard playing else { return nil }
            if frame.time > clockTime { return now + (frame.time - clockTime) / max(rate, 0.01) }
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

    /// Makes `frame` the current picture.
    func show(_ frame: VideoFrame, clockTime: Double) {
        currentFrame = frame
        frameGeneration += 1
        framesPresented += 1
        avOffset = clockTime - frame.time
    }

    /// Ends (or loops) once the demuxer, the video and the audio have all reached the end.
    private func detectEnd(_ session: PlaybackSession, clockTime: Double) {
        guard pendingSeek == nil, session.demuxerReachedEnd, session.audioFinished else { return }
        if hasVideo {
            guard videoEnded else { return }
            if let currentFrame, clockTime < currentFrame.time + currentFrame.duration { return }
        } else if session.renderer == nil, clockTime < session.bufferedUpTo {
            // Without a picture or an audio device nothing paces the item: the demuxer reads it all
            // at once, so it ends when the clock reaches the end of the last packet read.
            return
        }
        let statistics = [session.videoDecoder.statistics, session.audioDecoder.statistics]
        if statistics.allSatisfy({ $0.decoded == 0 }),
            let failure = statistics.first(where: { $0.failures > 0 })
        {
            apply(.failed(.decodeFailed(failure.lastError)))
            return
        }
        // The last picture's end is the media's real end; the clock may have run past it.
        let mediaEnd = hasVideo ? currentFrame.map { $0.time + $0.duration } ?? clockTime : clockTime
        let end = min(mediaEnd, duration ?? mediaEnd)
        if let known = duration, known > end + 0.5 {
            duration = end
            emit(.durationKnown(end))
        }
        if isLooping {
            restartForLoop()
            return
        }
        currentTime = end
        session.setPaused(true)
        setStatus(.ended)
        emit(.ended)
        if let currentIndex, currentIndex + 1 < items.count {
            wantsPlay = true
            switchToItem(at: currentIndex + 1)
        }
    }
}
