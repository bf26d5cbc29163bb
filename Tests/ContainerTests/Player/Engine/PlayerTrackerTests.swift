import Testing
import VideoPlayerContainer

/// Trackers attached to items hear their item's playback, in the manner of Pillarbox's tracker
/// tests: the sequence of events each one gets, with the position and metadata of its item.
@MainActor
@Suite struct PlayerTrackerTests {
    /// Writes down what it hears as "title: event @ position".
    final class Log: PlayerTracker {
        var lines: [String] = []
        var reports: [TrackerReport] = []

        func track(_ event: TrackerEvent, _ report: TrackerReport) {
            let what: String =
                switch event {
                case .started: "started"
                case .statusChanged(let status): "\(status)"
                case .seeked(let position): "seeked to \(Int(position))"
                case .looped: "looped"
                case .error(let error): "error \(error)"
                case .stopped(let reason): "stopped, \(reason.rawValue)"
                }
            lines.append("\(report.item.title ?? "?"): \(what) @ \(Int(report.position))")
            reports.append(report)
        }
    }

    let clock = TestClock()
    let context: Context
    let log = Log()

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
        context.withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 10) })
    }

    func item(_ title: String, tracked: Bool = true) -> MediaItem {
        let item = MediaItem(path: "\(title).mp4", title: title)
        if tracked { context.render.setTrackers([log], for: item.id) }
        return item
    }

    @Test func aTrackerHearsItsItemStartSeekEndAndTheNextOneStart() {
        context.render.load([item("A"), item("B")], autoplay: true)
        clock.advance(by: 2)
        context.render.seek(to: 6)
        clock.advance(by: 4)
        #expect(
            log.lines == [
                "A: started @ 0", "A: loading @ 0", "A: ready @ 0", "A: playing @ 0", "A: seeked to 6 @ 6",
                "A: ended @ 10", "A: stopped, ended @ 10", "B: started @ 0", "B: loading @ 0", "B: ready @ 0",
                "B: playing @ 0",
            ])
        #expect(log.reports.last?.duration == 10)
    }

    @Test func skippingRemovingAndClosingSayWhereAndWhyTheItemStopped() async {
        context.render.load([item("A"), item("B"), item("C")], autoplay: true)
        clock.advance(by: 3)
        context.render.next()
        clock.advance(by: 5)
        context.render.remove(at: 1)
        clock.advance(by: 1)
        context.render.pause()
        await context.render.engine.close()
        let stops = log.lines.filter { $0.contains("stopped") }
        #expect(stops == ["A: stopped, skipped @ 3", "B: stopped, removed @ 5", "C: stopped, closed @ 1"])
        #expect(log.lines.suffix(2) == ["C: paused @ 1", "C: stopped, closed @ 1"])
    }

    @Test func onlyTheItemsATrackerIsAttachedToAreHeardAndErrorsComeWithTheItem() throws {
        context.render.load([item("A", tracked: false), item("B")], autoplay: true)
        clock.advance(by: 4)
        #expect(log.lines.isEmpty)
        context.render.next()
        let engine = try #require(context.render.engine as? FakePlaybackEngine)
        engine.fail(with: .network(.timeout))
        #expect(log.lines.suffix(2).map { $0.prefix(9) } == ["B: error ", "B: failed"])
        #expect(log.reports.allSatisfy { $0.item.title == "B" })
    }

    @Test func aLoopingItemIsHeardToLoopAndAReplacedQueueStopsIt() {
        context.render.load([item("A")], autoplay: true)
        context.render.setLooping(true)
        clock.advance(by: 12)
        #expect(log.lines.contains("A: looped @ 0"))
        context.render.load([item("B")], autoplay: true)
        #expect(log.lines.contains("A: stopped, removed @ 2"))
        #expect(log.lines.last == "B: playing @ 0")
    }

    @Test func aTrackerAttachedWhileItsItemPlaysHearsItStartAndIsLetGoOnceItLeavesTheQueue() {
        let a = item("A", tracked: false)
        let b = item("B", tracked: false)
        context.render.load([a, b], autoplay: true)
        clock.advance(by: 2)
        context.render.setTrackers([log], for: a.id)
        #expect(log.lines == ["A: started @ 2"])
        #expect(context.render.engine.trackers(for: a.id).count == 1)
        context.render.remove(at: 0)
        #expect(log.lines.last == "A: stopped, removed @ 2")
        #expect(context.render.engine.trackers(for: a.id).isEmpty)
        // Attached to nothing the queue holds, they never hear a thing.
        context.render.setTrackers([log], for: MediaItem(path: "elsewhere.mp4").id)
        clock.advance(by: 20)
        #expect(log.lines.count == 2)
    }

    @Test func reportsCarryTheDetailsTheAppLoadedWithTheItemUntilItStops() async throws {
        let chapters = [MediaChapter(title: "Intro", start: 0, end: 4)]
        let a = item("A")
        try await context.render.load(autoplay: true) {
            LoadedMedia(a, details: MediaDetails(description: "The first", chapters: chapters))
        }
        clock.advance(by: 2)
        context.render.setDetails(MediaDetails(description: "Retold"), for: a.id)
        context.render.seek(to: 5)
        context.render.load([item("B")], autoplay: true)

        let heard = zip(log.lines, log.reports).filter { $0.0.hasPrefix("A:") }
        #expect(heard.first?.0 == "A: started @ 0")
        #expect(heard.first?.1.details == MediaDetails(description: "The first", chapters: chapters))
        #expect(heard.first { $0.0.hasPrefix("A: seeked") }?.1.details?.description == "Retold")
        #expect(heard.last?.0 == "A: stopped, removed @ 5")
        #expect(heard.last?.1.details?.description == "Retold")
        // B came with no details, and A's left with it.
        #expect(log.reports.last?.details == nil)
        #expect(context.render.details[a.id] == nil)
    }
}
