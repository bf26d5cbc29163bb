import Testing
import VideoPlayerContainer

@MainActor
final class FiredLog {
    var entries: [String] = []
}

@MainActor
@Suite struct ClockTests {
    @Test func testClockFiresDueTimersInDeadlineOrderWhileAdvancing() {
        let clock = TestClock()
        let log = FiredLog()
        clock.schedule(after: 2) { log.entries.append("b@\(clock.now)") }
        clock.schedule(after: 1) { log.entries.append("a@\(clock.now)") }
        clock.schedule(after: 5) { log.entries.append("c@\(clock.now)") }
        #expect(clock.nextDeadline == 1)
        clock.advance(by: 3)
        #expect(log.entries == ["a@1.0", "b@2.0"])
        #expect(clock.now == 3)
        #expect(clock.nextDeadline == 5)
        clock.advance(by: 3)
        #expect(log.entries == ["a@1.0", "b@2.0", "c@5.0"])
        #expect(clock.nextDeadline == nil)
    }

    @Test func cancelledTimerNeverFires() {
        let clock = TestClock()
        let log = FiredLog()
        let token = clock.schedule(after: 1) { log.entries.append("fired") }
        token.cancel()
        clock.advance(by: 2)
        #expect(log.entries.isEmpty)
        #expect(clock.nextDeadline == nil)
    }

    @Test func timerScheduledByATimerFiresInTheSameAdvance() {
        let clock = TestClock()
        let log = FiredLog()
        clock.schedule(after: 1) {
            log.entries.append("first")
            clock.schedule(after: 1) { log.entries.append("second@\(clock.now)") }
        }
        clock.advance(by: 2.5)
        #expect(log.entries == ["first", "second@2.0"])
    }

    @Test func liveClockIsMonotonicAndRunsDueTimers() {
        let clock = LiveClock()
        let log = FiredLog()
        let start = clock.now
        clock.schedule(after: 0) { log.entries.append("now") }
        clock.schedule(after: 60) { log.entries.append("later") }
        clock.runDueTimers()
        #expect(log.entries == ["now"])
        #expect(clock.now >= start)
        #expect((clock.nextDeadline ?? 0) > start + 59)
    }
}
