import Testing
import VideoPlayerContainer

/// Editing the queue while it plays (insert, remove, move, remove all), its repeat modes and the
/// smart back button, through `RenderService` on the fake engine: queue states and event sequences.
@MainActor
@Suite struct QueueEditingTests {
    let clock = TestClock()
    let context: Context
    let items = ["A", "B", "C", "D"].map { (name: String) in MediaItem(path: name + ".mp4", title: name) }

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
        context.withDependency(\.playbackEngine, .fake { _ in FakeMedia(duration: 10) })
    }

    var render: RenderService { context.render }

    /// The titles of the queue, the current one in brackets.
    var queue: String {
        render.items.enumerated().map { index, item in
            index == render.currentIndex ? "[\(item.title ?? "")]" : item.title ?? ""
        }.joined(separator: " ")
    }

    /// Plays the queue from `index`, `seconds` into that item.
    func play(from index: Int = 1, at seconds: Double = 4) {
        render.load(items, startingAt: index, autoplay: true)
        clock.advance(by: seconds)
    }

    /// Records the events that follow.
    func record() -> Recorder {
        let recorder = Recorder()
        render.observe { event in
            if case .timeTick = event { return }
            recorder.events.append(event)
        }
        return recorder
    }

    final class Recorder {
        var events: [PlayerEvent] = []
    }

    @Test func insertedItemsLeaveTheCurrentOnePlayingWhereItWas() {
        play()
        let recorder = record()
        let x = MediaItem(path: "X.mp4", title: "X")
        render.insert([x], at: 0)
        #expect(queue == "X A [B] C D")
        #expect(recorder.events == [.queueChanged(render.items.map(\.id))])
        #expect(render.status == .playing && render.currentTime == 4 && render.item?.title == "B")
        render.insert([MediaItem(path: "Y.mp4", title: "Y")], at: 99)
        #expect(queue == "X A [B] C D Y")
        #expect(recorder.events.contains(.adjusted(.insert, requested: 99, applied: 5)))
        render.insert([], at: 0)
        #expect(recorder.events.last == .ignored(.insert, reason: "no items"))
    }

    @Test func itemsInsertedAfterTheCurrentOnePlayNext() {
        play()
        let next = MediaItem(path: "N.mp4", title: "N")
        render.insert([next], after: items[1].id)
        #expect(queue == "A [B] N C D")
        clock.advance(by: 6)
        #expect(render.item?.title == "N" && render.status == .playing)
        let recorder = record()
        render.insert([next], after: MediaItem(path: "gone.mp4").id)
        #expect(recorder.events == [.ignored(.insert, reason: "no item of the queue has that id")])
        #expect(queue == "A B [N] C D")
    }

    @Test func removingTheCurrentItemPlaysTheOneThatFollowedIt() {
        play()
        let recorder = record()
        render.remove(at: 1)
        #expect(queue == "A [C] D")
        #expect(
            recorder.events.prefix(3) == [
                .itemsRemoved([items[1].id]), .queueChanged(render.items.map(\.id)),
                .itemChanged(items[2].id),
            ])
        #expect(render.status == .playing && render.currentTime == 0)
        // Paused, the next one opens paused.
        render.pause()
        render.remove(at: 1)
        #expect(queue == "A [D]")
        #expect(render.status == .paused || render.status == .ready)
    }

    @Test func removingTheLastItemWhilePlayingLeavesNoneCurrentUntilOneIsAppended() {
        play(from: 3)
        let recorder = record()
        render.remove(at: 3)
        #expect(queue == "A B C")
        #expect(render.item == nil && render.status == .idle && !render.canAdvanceToNext)
        #expect(recorder.events.contains(.itemChanged(nil)))
        render.next()
        #expect(recorder.events.last == .ignored(.next, reason: "no next item"))
        let more = MediaItem(path: "E.mp4", title: "E")
        render.append([more])
        #expect(queue == "A B C [E]")
        #expect(render.status == .ready)
    }

    @Test func otherItemsComeOutAroundTheCurrentOneAndBadIndicesAreRefused() {
        play(from: 2)
        render.remove(at: 0)
        #expect(queue == "B [C] D")
        #expect(render.currentTime == 4 && render.status == .playing)
        let recorder = record()
        render.remove(at: 3)
        render.remove(at: -1)
        #expect(
            recorder.events == [
                .ignored(.remove, reason: "index 3 is outside the queue of 3 items"),
                .ignored(.remove, reason: "index -1 is outside the queue of 3 items"),
            ])
        #expect(queue == "B [C] D")
    }

    @Test func theCurrentItemKeepsPlayingWhereverAMoveTakesIt() {
        play()
        render.move(from: 1, to: 3)
        #expect(queue == "A C D [B]")
        render.move(from: 0, to: 3)
        #expect(queue == "C D [B] A")
        render.move(from: 3, to: 0)
        #expect(queue == "A C D [B]")
        #expect(render.currentTime == 4 && render.status == .playing && render.item?.title == "B")
        let recorder = record()
        render.move(from: 0, to: 10)
        #expect(queue == "C D [B] A")
        render.move(from: 7, to: 0)
        #expect(
            recorder.events == [
                .adjusted(.move, requested: 10, applied: 3), .queueChanged(render.items.map(\.id)),
                .ignored(.move, reason: "index 7 is outside the queue of 4 items"),
            ])
    }

    @Test func removingEverythingStopsAndASecondTimeIsRefused() {
        play()
        var recorder = record()
        render.removeAll()
        #expect(render.items.isEmpty && render.item == nil && render.status == .idle)
        #expect(recorder.events.prefix(2) == [.itemsRemoved(items.map(\.id)), .queueChanged([])])
        recorder = record()
        render.removeAll()
        #expect(recorder.events == [.ignored(.removeAll, reason: "the queue is empty")])
    }

    @Test func repeatingAllGoesFromTheLastItemToTheFirstAndBack() {
        play(from: 3, at: 1)
        #expect(!render.canAdvanceToNext)
        let recorder = record()
        render.setRepeatMode(.all)
        #expect(recorder.events.first == .repeatModeChanged(.all))
        #expect(render.repeatMode == .all && render.canAdvanceToNext && !render.isLooping)
        clock.advance(by: 9)
        #expect(queue == "[A] B C D")
        #expect(render.status == .playing)
        render.previous()
        #expect(queue == "A B C [D]")
        render.next()
        #expect(queue == "[A] B C D")
        let ends = recorder.events.filter { $0 == .ended }
        #expect(ends.count == 1)
    }

    @Test func repeatingOneLoopsTheItemAsLoopingDoes() {
        play(from: 0, at: 1)
        render.setRepeatMode(.one)
        #expect(render.isLooping)
        clock.advance(by: 10)
        #expect(queue == "[A] B C D")
        #expect(render.currentTime == 1)
        render.setLooping(false)
        #expect(render.repeatMode == .off)
    }

    @Test func backRestartsTheItemPastThreeSecondsAndGoesToThePreviousOneBefore() {
        play(from: 1, at: 5)
        #expect(render.canReturnToPrevious)
        render.previous()
        #expect(queue == "A [B] C D")
        #expect(render.currentTime == 0)
        clock.advance(by: 1)
        render.previous()
        #expect(queue == "[A] B C D")
        // The first item, near its start: nothing to go back to.
        #expect(!render.canReturnToPrevious)
        clock.advance(by: 4)
        #expect(render.canReturnToPrevious)
        // Immediate navigation always goes to the previous item.
        render.next()
        clock.advance(by: 5)
        render.navigationMode = .immediate
        render.previous()
        #expect(queue == "[A] B C D")
    }
}
