import Foundation

/// Seconds of the monotonic clock (never jumps with the wall clock).
package func monotonicSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000_000
}

/// The media time that playback has reached: a position that advances with the monotonic clock at
/// the playback rate, re-anchored by the audio callback whenever audio is the master.
final class PlaybackClock: Sendable {
    private struct Anchor {
        var mediaTime: Double
        var at: Double
        var rate: Double
        var paused: Bool
    }

    private let anchor: Locked<Anchor>

    init(mediaTime: Double = 0) {
        anchor = Locked(Anchor(mediaTime: mediaTime, at: monotonicSeconds(), rate: 1, paused: true))
    }

    /// The media time at monotonic time `now`.
    func time(at now: Double = monotonicSeconds()) -> Double {
        anchor.withLock { state in
            state.paused ? state.mediaTime : state.mediaTime + (now - state.at) * state.rate
        }
    }

    /// Anchors the clock: at monotonic time `now` the media time is `mediaTime`.
    func set(_ mediaTime: Double, at now: Double = monotonicSeconds()) {
        anchor.withLock { state in
            state.mediaTime = mediaTime
            state.at = now
        }
    }

    /// Freezes or releases the clock, keeping the media time it shows.
    func setPaused(_ paused: Bool) {
        let now = monotonicSeconds()
        anchor.withLock { state in
            guard state.paused != paused else { return }
            if paused { state.mediaTime += (now - state.at) * state.rate }
            state.at = now
            state.paused = paused
        }
    }

    /// Changes how fast media time advances, keeping the current media time.
    func setRate(_ rate: Double) {
        let now = monotonicSeconds()
        anchor.withLock { state in
            if !state.paused { state.mediaTime += (now - state.at) * state.rate }
            state.at = now
            state.rate = rate
        }
    }

    /// The playback rate the clock advances at.
    var rate: Double { anchor.withLock { $0.rate } }

    /// Whether the clock is frozen.
    var isPaused: Bool { anchor.withLock { $0.paused } }
}
