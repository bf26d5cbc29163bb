import Testing
import VideoPlayerContainer

/// The README's block on seeking from the render service, run on a test context: keep the two in
/// step.
@MainActor
@Suite struct SeekReadmeTests {
    @MainActor final class Toasts {
        var shown: [String] = []
        func show(_ text: String) { shown.append(text) }
    }

    @Test func aRefusedSeekIsToldAndTheEndEndsTheItem() {
        let refused = PlayerError.io("seeking: Illegal seek")
        let context = Context(mode: .test)
            .withDependency(
                \.playbackEngine,
                .fake { item in
                    var media = FakeMedia()
                    if item.title == "pipe" { media.seekFailure = refused }
                    return media
                })
        let toast = Toasts()
        context.render.load(MediaItem(path: "/dev/stdin", title: "pipe"))

        context.render.observe { event in
            if case .seekFailed(let requested, let error) = event {
                toast.show("Cannot go to \(Int(requested)) s: \(error)")
            }
        }
        context.render.seek(to: 30, play: true)
        context.render.end()

        #expect(toast.shown == ["Cannot go to 10 s: \(refused)", "Cannot go to 10 s: \(refused)"])
        #expect(context.render.status == .playing && context.render.currentTime == 0)

        context.render.load(MediaItem(path: "talk.mkv"))
        context.render.seek(to: 30, play: true)
        #expect(context.render.currentTime == 10 && context.render.status == .ended)
        context.render.end()
        #expect(context.render.currentTime == 10 && toast.shown.count == 2)
    }

    @MainActor final class Progress {
        var positions: [Double] = []
        func update(with events: [PlayerEvent]) {
            for case .timeTick(let time) in events { positions.append(time) }
        }
    }

    @Test func aBatchOfTicksComesEveryHalfSecond() {
        let clock = TestClock()
        let context = Context(mode: .test).withDependency(\.clock, clock)
        let progress = Progress()
        context.render.load(MediaItem(path: "talk.mp4"), autoplay: true)

        context.render.observe([.timeTick, .seekCompleted, .seekFailed], every: 0.5) { events in
            progress.update(with: events)
        }

        clock.advance(by: 0.5)
        #expect(progress.positions.isEmpty, "the tick at 0.25 s starts the half second")
        clock.advance(by: 0.25)
        #expect(progress.positions == [0.25, 0.5])
    }
}
