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
}
