import Testing
import VideoPlayerContainer

/// The README's "Editing the queue" block, run on a test context: keep the two in step.
@MainActor
@Suite struct QueueReadmeTests {
    @Test func theTrailerPlaysAndTheQueueRepeats() {
        let context = Context(mode: .test)
        let episodes = (1...4).map { MediaItem(path: "episode\($0).mp4", title: "Episode \($0)") }
        let trailer = MediaItem(path: "trailer.mp4", title: "Trailer")

        let render = context.render
        render.load(episodes, autoplay: true)  // episodes 1 to 4; the first plays
        render.move(from: 3, to: 1)  // episode 4 comes second
        if let playing = render.item {
            render.insert([trailer], after: playing.id)  // the trailer plays next
        }
        render.remove(at: 0)  // episode 1 was playing: the trailer plays now
        render.setRepeatMode(.all)  // the first episode follows the last
        render.navigationMode = .immediate  // back always goes to the previous item

        #expect(render.items.map(\.title) == ["Trailer", "Episode 4", "Episode 2", "Episode 3"])
        #expect(render.item?.title == "Trailer" && render.status == .playing)
        render.previous()
        #expect(render.item?.title == "Episode 3")
        #expect(render.canAdvanceToNext)
    }
}
