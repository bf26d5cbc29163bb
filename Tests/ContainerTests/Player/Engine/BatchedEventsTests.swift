import Testing
import VideoPlayerContainer

/// A batched observer hears the kinds of events it asked for, at most once per interval of the
/// context's clock, in order.
@MainActor
@Suite struct BatchedEventsTests {
    let clock = TestClock()
    let context: Context

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
        context.withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 10) })
    }

    final class Batches {
        var received: [[PlayerEvent]] = []
    }

    @Test func ticksAndSeeksComeInOneBatchPerIntervalAndOtherKindsNot() {
        context.render.load(MediaItem(path: "a.mp4"), autoplay: true)
        let batches = Batches()
        context.render.observe([.timeTick, .seekCompleted], every: 1) { batches.received.append($0) }
        clock.advance(by: 0.5)
        #expect(batches.received.isEmpty, "the first tick, at 0.25 s, starts the interval")
        context.render.seek(to: 5)
        context.render.pause()
        clock.advance(by: 0.5)
        #expect(batches.received.isEmpty)
        clock.advance(by: 0.25)
        #expect(batches.received == [[.timeTick(0.25), .timeTick(0.5), .seekCompleted(5)]])
        context.render.play()
        clock.advance(by: 2)
        // The tick of the resume at 1.25 s starts an interval, the one at 2.25 s the next; the one
        // at 3.25 s, after that batch, waits for its own.
        #expect(batches.received.dropFirst().map(\.count) == [4, 4])
        let ticks = stride(from: 5.0, through: 6.75, by: 0.25).map { PlayerEvent.timeTick($0) }
        #expect(Array(batches.received.dropFirst().joined()) == ticks)
        clock.advance(by: 1)
        #expect(batches.received.last?.first == .timeTick(7))
    }

    @Test func everyKindByDefaultAndCancellingDropsTheBatchNotYetSent() {
        let batches = Batches()
        let token = context.render.observe(every: 0.2) { batches.received.append($0) }
        context.render.load(MediaItem(path: "a.mp4"))
        clock.advance(by: 0.2)
        #expect(batches.received.count == 1)
        #expect(batches.received.first?.first?.kind == .itemChanged)
        #expect(batches.received.first?.contains(.durationKnown(10)) == true)
        context.render.seek(to: 3)
        token.cancel()
        clock.advance(by: 1)
        #expect(batches.received.count == 1)
    }

    @Test(arguments: [-1, Double.nan, 0])
    func anIntervalBelowZeroOrNotANumberDeliversAtTheNextTurnOfTheTimers(_ interval: Double) {
        let batches = Batches()
        context.render.observe([.seekCompleted, .adjusted], every: interval) { batches.received.append($0) }
        context.render.load(MediaItem(path: "a.mp4"))
        context.render.seek(to: 12)
        #expect(batches.received.isEmpty)
        clock.advance(by: 0)
        #expect(
            batches.received == [[.adjusted(.seek, requested: 12, applied: 10), .seekCompleted(10)]])
    }
}
