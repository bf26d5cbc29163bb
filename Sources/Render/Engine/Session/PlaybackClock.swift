import Foundation

/// Seconds of the monotonic clock (never jumps with the wall clock).
package func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
}

/// The media time that playback has reached: a position that advances with the monotonic clock at
/// the playback rate, re-anchored by the audio callback whenever audio is the master.
///
/// While the sound runs out of data before its end, the clock stops where the sound heard ends
/// (``follow(_:at:until:)``): it must not run ahead of the sound and then step back when the sound
/// goes on. It stops for ``longestHold`` at most: sound that never comes (a stream that decodes
/// to nothing) must not hold the picture for ever.
///
/// Nor does it step back when the sound re-anchors it a little behind where it ran to (a callback
/// that came late on a busy machine): it stays where it stood until the sound catches up, so the
/// position a player reports never goes back while it plays. Only ``set(_:at:until:)`` (a seek, an
/// item opening) moves it back.
final class PlaybackClock: Sendable {
    /// Seconds the clock stays at a limit before it runs on without the sound.
    static let longestHold = 1.0
    /// Seconds behind the time shown within which the sound re-anchoring the clock holds it
    /// instead of moving it back; a larger step (the audio delay changed a lot) is taken.
    static let largestHeldStepBack = 0.25

    private struct Anchor {
        var mediaTime: Double
        var at: Double
        var rate: Double
        var paused: Bool
        /// The media time the clock stops at, if any.
        var limit: Double?
        /// The media time shown when the sound re-anchored the clock a little behind it: the clock
        /// shows no less until it runs past it.
        var floor: Double?

        func time(at now: Double) -> Double {
            let anchored = anchoredTime(at: now)
            guard let floor else { return anchored }
            return max(floor, anchored)
        }

        private func anchoredTime(at now: Double) -> Double {
            // NB: a time read for an instant before the anchor (a caller that took `now` before the
            // clock started) is the anchor's: the clock stood there until then, not behind it.
            let running = paused ? mediaTime : mediaTime + max(now - at, 0) * rate
            guard let limit else { return running }
            let stop = max(limit, mediaTime)
            guard running > stop else { return running }
            // Held since it reached the stop; past the longest hold it runs on from there.
            let reached = at + (stop - mediaTime) / max(rate, 0.0001)
            return now - reached < PlaybackClock.longestHold
                ? stop : running - PlaybackClock.longestHold * rate
        }
    }

    private let anchor: Locked<Anchor>

    init(mediaTime: Double = 0) {
        anchor = Locked(Anchor(mediaTime: mediaTime, at: monotonicSeconds(), rate: 1, paused: true))
    }

    /// The media time at monotonic time `now`.
    func time(at now: Double = monotonicSeconds()) -> Double {
        anchor.withLock { $0.time(at: now) }
    }

    /// Anchors the clock: at monotonic time `now` the media time is `mediaTime`, wherever the clock
    /// stood (a seek); with `limit`, it advances no further than that.
    func set(_ mediaTime: Double, at now: Double = monotonicSeconds(), until limit: Double? = nil) {
        anchor.withLock { state in
            state.mediaTime = mediaTime
            state.at = now
            state.limit = limit
            state.floor = nil
        }
    }

    /// Re-anchors the clock to the sound heard, as ``set(_:at:until:)`` does, except that while it
    /// runs it does not step back by less than ``largestHeldStepBack``: it stays at the time it
    /// shows until the sound's time passes it.
    func follow(_ mediaTime: Double, at now: Double = monotonicSeconds(), until limit: Double? = nil) {
        anchor.withLock { state in
            let shown = state.time(at: now)
            state.mediaTime = mediaTime
            state.at = now
            state.limit = limit
            state.floor = nil
            let behind = shown - state.time(at: now)
            if !state.paused, behind > 0, behind < Self.largestHeldStepBack { state.floor = shown }
        }
    }

    /// Stops the clock where it is at `now` until it is next set: the sound it follows has nothing
    /// to play yet.
    func hold(at now: Double = monotonicSeconds()) {
        anchor.withLock { state in
            if state.limit == nil { state.limit = state.time(at: now) }
        }
    }

    /// Freezes or releases the clock, keeping the media time it shows.
    func setPaused(_ paused: Bool) {
        let now = monotonicSeconds()
        anchor.withLock { state in
            guard state.paused != paused else { return }
            if paused { state.mediaTime = state.time(at: now) }
            state.at = now
            state.paused = paused
            state.floor = nil
        }
    }

    /// Changes how fast media time advances, keeping the current media time.
    func setRate(_ rate: Double) {
        let now = monotonicSeconds()
        anchor.withLock { state in
            if !state.paused { state.mediaTime = state.time(at: now) }
            state.at = now
            state.rate = rate
            state.floor = nil
        }
    }

    /// The playback rate the clock advances at.
    var rate: Double { anchor.withLock { $0.rate } }

    /// Whether the clock is frozen.
    var isPaused: Bool { anchor.withLock { $0.paused } }

    /// The media time now while the clock runs, `nil` while it is frozen: both read at once.
    var runningTime: Double? {
        let now = monotonicSeconds()
        return anchor.withLock { $0.paused ? nil : $0.time(at: now) }
    }
}
