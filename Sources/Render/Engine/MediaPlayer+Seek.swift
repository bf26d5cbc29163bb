extension MediaPlayer {
    /// Moves playback to `time` (clamped to the item, reported with `.adjusted`).
    ///
    /// - Parameter exact: `false` lands on the keyframe at or before `time` (fast); `true` decodes
    ///   from that keyframe and discards pictures until `time`.
    /// `.seekCompleted` follows once the picture at the new position is current.
    public func seek(to time: Double, exact: Bool = false) {
        guard let session else { return ignore(.seek) }
        let applied = clamp(.seek, time, to: 0...max(duration ?? .greatestFiniteMagnitude, 0))
        let serial = session.seek(to: applied, exact: exact)
        pendingSeek = (serial, applied, exact)
        awaitingFirstFrame = true
        waitingSince = nil
        starvedSince = nil
        videoEnded = false
        currentTime = applied
        if status == .ended { setStatus(wantsPlay ? .playing : .paused) }
        inbox.wake()
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
            currentTime = frame.time
            return
        }
        ignore(.step, "no decoded picture yet")
    }

    /// Starts the item again from the beginning without ending (looping).
    func restartForLoop() {
        seek(to: 0)
    }
}
