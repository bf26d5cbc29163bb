extension MediaPlayer {
    /// Seconds the clock may run past the missing picture, or the read-ahead may stay empty, before
    /// the player reports buffering.
    static let starvationMargin = 0.25
    /// Seconds the clock may run past the shown picture's end, while the video decoder waits for
    /// packets with none left to decode, before the player reports buffering: the data is missing
    /// then, and every moment more is sound played on past a frozen picture.
    static let pictureStarvationMargin = 0.05
    /// Seconds read ahead of the position below which an item with sound is starved of data.
    static let starvedReadAhead = 0.1
    /// Seconds to read ahead before playback goes on after buffering.
    private static let resumeReadAhead = 1.0

    /// Holds the clock while data is missing before the end (a slow network), and releases it once
    /// a little is read and decoded again.
    func updateBuffering(_ session: PlaybackSession, clockTime: Double) {
        let starved =
            isMissingPictures(session, clockTime: clockTime) || isMissingData(session, clockTime: clockTime)
        if status == .playing, !session.demuxerReachedEnd, starved {
            starvedSince = nil
            session.setPaused(true)
            setStatus(.buffering)
        } else if status == .buffering,
            session.demuxerReachedEnd || hasRefilled(session, clockTime: clockTime)
        {
            waitingSince = nil
            session.setPaused(false)
            setStatus(.playing)
        }
    }

    /// When the player, playing, could find itself starved of pictures or of data next, if nothing
    /// comes before: ``updateBuffering(_:clockTime:)`` looks then.
    func starvationDue(_ session: PlaybackSession, clockTime: Double, now: Double) -> Double? {
        var due: Double?
        let speed = max(rate, 0.01)
        if let deadline = pictureDeadline(session, clockTime: clockTime) {
            due = now + max(0, deadline - clockTime) / speed
        }
        if session.renderer != nil, pendingSeek == nil {
            let starving =
                starvedSince.map { $0 + MediaPlayer.starvationMargin }
                ?? now + max(0, session.bufferedUpTo - MediaPlayer.starvedReadAhead - clockTime) / speed
            due = min(due ?? .infinity, starving)
        }
        // NB: a little after, so that the clock has passed the margin when the player looks.
        return due.map { $0 + 0.001 }
    }

    /// The clock time past which pictures count as missing, or `nil` while a picture is decoded
    /// ahead or packets wait for the video decoder.
    ///
    /// Pictures are awaited when none is decoded ahead and what would make the next one is missing:
    /// the first picture after a load or a seek, or any picture while no packet waits for the
    /// decoder. Packets waiting mean the data is there and the decoder is slow: the clock runs on,
    /// with the sound, and the decoder sheds work to catch up (``OverloadLevel``) instead of the
    /// player stopping as for a slow network.
    ///
    /// The clock may run ``pictureStarvationMargin`` past the shown picture's end once the video
    /// decoder is done with every packet it had (none it still works on could make the picture),
    /// else ``starvationMargin``; the first picture after a load or a seek has the longer margin.
    private func pictureDeadline(_ session: PlaybackSession, clockTime: Double) -> Double? {
        guard hasVideo, session.videoFrames.count == 0 else { return nil }
        if awaitingFirstFrame { return (waitingSince ?? clockTime) + MediaPlayer.starvationMargin }
        let backlog = session.videoDecoder.packets.backlog
        guard backlog != .holding else { return nil }
        let expected = currentFrame.map { $0.time + $0.duration } ?? clockTime
        let margin =
            backlog == .drainedAndAwaited ? MediaPlayer.pictureStarvationMargin : MediaPlayer.starvationMargin
        return expected + margin
    }

    /// Whether the clock passed the shown picture's end with no next picture decoded or coming, or
    /// moved on without the first picture after a load or a seek.
    private func isMissingPictures(_ session: PlaybackSession, clockTime: Double) -> Bool {
        guard let deadline = pictureDeadline(session, clockTime: clockTime) else { return false }
        if awaitingFirstFrame && waitingSince == nil { waitingSince = clockTime }
        return clockTime > deadline
    }

    /// Whether an item with sound has had nothing read ahead of its position for a while.
    ///
    /// With sound, the clock follows the samples played, so data arriving too slowly slows the clock
    /// down (stuttering sound, slow pictures) instead of leaving pictures late.
    private func isMissingData(_ session: PlaybackSession, clockTime: Double) -> Bool {
        guard session.renderer != nil, pendingSeek == nil,
            session.bufferedUpTo < clockTime + MediaPlayer.starvedReadAhead
        else {
            starvedSince = nil
            return false
        }
        let now = MediaPlayer.now
        if starvedSince == nil { starvedSince = now }
        return now - (starvedSince ?? now) > MediaPlayer.starvationMargin
    }

    /// Whether as many pictures are decoded as wait for their time at most (three, fewer when they
    /// are large) and, with sound, a second is read ahead again (or the queues are full: no more
    /// can be read ahead).
    private func hasRefilled(_ session: PlaybackSession, clockTime: Double) -> Bool {
        guard !hasVideo || session.videoFrames.isFull else { return false }
        guard session.renderer != nil else { return true }
        return session.bufferedUpTo >= clockTime + MediaPlayer.resumeReadAhead || session.isReadAheadFull
    }
}
