import Testing

@testable import VideoPlayerRender

/// The clock that paces pictures and reports the position, given explicit monotonic times.
@Suite struct PlaybackClockTests {
    /// A clock running at rate 1 that showed 10 s at monotonic time 100.
    private func runningClock() -> PlaybackClock {
        let clock = PlaybackClock()
        clock.setPaused(false)
        clock.set(10, at: 100)
        return clock
    }

    /// A late sound callback re-anchors the clock 23 ms behind what it showed: it stays where it
    /// stood until the sound's time passes it, then follows the sound.
    @Test func theSoundReanchoringItALittleBehindHoldsItInsteadOfSteppingBack() {
        let clock = runningClock()
        #expect(abs(clock.time(at: 100.1) - 10.1) < 1e-9)
        clock.follow(10.077, at: 100.1)
        #expect(abs(clock.time(at: 100.1) - 10.1) < 1e-9)
        #expect(abs(clock.time(at: 100.12) - 10.1) < 1e-9)
        #expect(abs(clock.time(at: 100.2) - 10.177) < 1e-9)
        // Ahead of what it showed, it moves forward at once.
        clock.follow(10.25, at: 100.2)
        #expect(abs(clock.time(at: 100.2) - 10.25) < 1e-9)
    }

    /// A step back larger than jitter (the audio delay cut by a second) is taken; so is a seek back,
    /// however small; and a paused clock follows the sound where it says.
    @Test func largeStepsSeeksAndAPausedClockGoBack() {
        let clock = runningClock()
        clock.follow(9, at: 100.1)
        #expect(abs(clock.time(at: 100.1) - 9) < 1e-9)
        clock.set(8.99, at: 100.1)
        #expect(abs(clock.time(at: 100.1) - 8.99) < 1e-9)
        clock.setPaused(true)
        clock.follow(8.95, at: 100.2)
        #expect(abs(clock.time(at: 100.3) - 8.95) < 1e-9)
    }

    /// Held behind a late callback, the clock keeps the time it shows through a change of rate and
    /// a pause (which read the monotonic clock themselves).
    @Test func aHeldClockSpedUpOrPausedKeepsTheTimeItShows() {
        let clock = PlaybackClock()
        clock.setPaused(false)
        let now = monotonicSeconds()
        clock.set(10, at: now)
        clock.follow(9.95, at: now)
        clock.setRate(2)
        #expect(clock.time() >= 10)
        clock.setPaused(true)
        let paused = clock.time()
        #expect(paused >= 10)
        #expect(clock.time() == paused)
    }

    /// A time read for an instant taken before the clock started (a presenter that started the
    /// clock in the middle of a look) is where the clock stood, not extrapolated behind it.
    @Test func aTimeReadForAnInstantBeforeTheClockStartedIsWhereItStood() {
        let clock = PlaybackClock(mediaTime: 3)
        let before = monotonicSeconds()
        clock.setPaused(false)
        #expect(clock.time(at: before - 0.01) == 3)
        #expect(clock.time(at: before + 10) > 3)
    }
}
