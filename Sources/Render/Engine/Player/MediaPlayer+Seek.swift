extension MediaPlayer {
    /// Moves playback to `time` (clamped to the item, or to a live stream's window, reported with
    /// `.adjusted`).
    ///
    /// - Parameters:
    ///   - time: Where to go, in seconds from the item's start.
    ///   - exact: `true` (the default) decodes from the keyframe before `time` and discards
    ///     pictures until `time`, so playback goes on from exactly there, as mpv's precise seeks do;
    ///     `false` lands on the keyframe at or before `time`, which is faster but may lie seconds before
    ///     it (a clip with one keyframe goes back to its start), for scrubbing.
    ///
    /// `.seekCompleted` follows once the picture at the new position is current. A seek at or past the
    /// end (once the duration is known) shows the last picture and ends the item, paused or not: the
    /// player loops, or moves to the next item as at the end of playback (playing only if it was).
    public func seek(to time: Double, exact: Bool = true) {
        guard let session else { return ignore(.seek) }
        let range = isLive ? seekableRange : nil
        let applied = clamp(.seek, time, to: range ?? 0...max(duration ?? .greatestFiniteMagnitude, 0))
        // The end is sought precisely, so the last picture shows where the item ends.
        let precise = exact || duration.map { applied >= $0 } ?? false
        let origin = pendingSeek?.origin ?? currentTime
        let serial = session.seek(to: applied, exact: precise)
        pendingSeek = (serial, applied, precise, origin)
        // A cue whose end is not known yet ends where its track says next; reading from the new
        // place either finds it again or shows the track has moved on.
        cues.removeAll { isEndStatedLater($0) }
        awaitingFirstFrame = true
        waitingSince = nil
        starvedSince = nil
        videoEnded = false
        currentTime = applied
        if status == .ended { setStatus(wantsPlay ? .playing : .paused) }
        inbox.wake()
    }

    /// Moves playback `seconds` forward (or back, when negative) from the current position, or from
    /// where a seek still under way goes, so quick repeated skips add up.
    ///
    /// A skip is always precise: it never lands behind where it started when keyframes are far apart.
    /// Before the start it goes to the start, at or past the end it ends the item, both as
    /// ``seek(to:exact:)`` does.
    public func skip(by seconds: Double) {
        guard session != nil else { return ignore(.seek) }
        seek(to: (pendingSeek?.target ?? currentTime) + seconds, exact: true)
    }

    /// Goes to a live stream's live position, where it starts: the playlist's hold-back before its
    /// edge, else three target durations. Ignored (and reported) unless the item is live.
    public func seekToLive() {
        guard let session, isLive, let position = session.liveWindow?.livePosition else {
            return ignore(.seek, session == nil ? "nothing is loaded" : "the item is not live")
        }
        seek(to: position)
    }

    /// Shows the next picture and stays paused there.
    public func stepForward() {
        guard let session, hasVideo else {
            return ignore(.step, session == nil ? "nothing is loaded" : "no video")
        }
        if status != .paused { pause() }
        let serial = session.serial
        while let item = session.videoFrames.tryPop() {
            guard case .frame(let frame) = item, frame.serial == serial else { continue }
            show(frame, clockTime: frame.time)
            session.clock.set(frame.time)
            currentTime = itemTime(frame.time)
            return
        }
        ignore(.step, "no decoded picture yet")
    }

    /// Starts the item again from the beginning without ending (looping).
    func restartForLoop() {
        seek(to: 0)
    }
}
