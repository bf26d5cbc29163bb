import Foundation

extension PlaybackSession {
    /// Seconds of media a multi-rendition stream is read ahead of the position: its next segment is
    /// requested once less than this is read (``PlayerConfiguration/forwardBuffer``, 10 s by default
    /// as Shaka Player's buffering goal).
    ///
    /// Segments are fetched whole, one after another, while less is read ahead, and none while more is:
    /// the pause between two downloads is where no request is under way, so that each download runs at
    /// the network's speed and measures it.
    var forwardBufferGoal: Double { max(options.forwardBuffer, Self.switchLead + 1) }
    /// Seconds read ahead at most: the segment that crosses the goal is read to its end, unless it
    /// is longer than this many seconds more.
    static let longestSegmentReadAhead = 20.0

    /// Seconds read ahead of the position.
    var secondsReadAhead: Double { bufferedUpTo - clock.time() }

    /// Lets the demuxer request segments of a multi-rendition stream only while less than the goal
    /// is read ahead.
    func holdSegmentsWhileAhead() {
        segments.holdSegments { [weak self] in self?.waitForRoomAhead() }
    }

    /// Waits while the goal is read ahead; a seek, a close or another choice of quality ends the wait.
    private func waitForRoomAhead() {
        let quality = settings.current.quality
        while !interrupt.isAborted, seekRequest.withLock({ $0 == nil }), settings.current.quality == quality,
            secondsReadAhead >= forwardBufferGoal
        {
            _ = demuxWake.wait(timeout: .now() + .milliseconds(Self.longestIdleWait))
        }
    }
}
