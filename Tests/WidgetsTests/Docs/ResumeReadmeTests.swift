import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The README's resume block (under "Desktop"), run on the fake engine with its positions in memory:
/// keep the two in step.
@MainActor
@Suite struct ResumeReadmeTests {
    @Test func theReadmesResumeBlockOffersThenStartsWhereTheFilmWasLeft() async throws {
        let bed = WidgetBed(engine: .fake { _ in FakeMedia(duration: 3600) }) { context in
            PlayerWidget(context)
        }
        let context = bed.context
        // Left at 12:34 earlier in the run.
        context.startService(ResumeService.self)
        #expect(await bed.load(MediaItem(path: "film.mkv")))
        #expect(await bed.seek(to: 754))
        context.render.pause()

        let resume = context.startService(ResumeService.self)
        context.render.load(MediaItem(path: "film.mkv"), autoplay: true)  // offers where it was left
        context.render.load(resume.resuming([MediaItem(path: "film.mkv")]))  // or starts there

        #expect(await bed.waitUntil { context.render.status == .ready })
        #expect(context.render.currentTime == 754, "started where it was left, with no offer")
        #expect(resume.offer == nil)
        context.render.load(MediaItem(path: "film.mkv"), autoplay: true)
        #expect(resume.offer?.position == 754, "offered where it was left")
    }
}
