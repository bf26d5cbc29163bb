import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// The README's "Mini player" block, run on a test context: keep the two in step.
@MainActor
@Suite struct MiniPlayerReadmeTests {
    /// An app's pages, as the block names them.
    final class Pages: Widget {
        enum Page { case home, watch }
        var shown = Page.home
        func open(_ page: Page) { shown = page }
        var body: some Widget { Color.white }
    }

    @Test func theCardShowsOverThePagesAndBringsTheWatchPageBack() throws {
        let clock = TestClock()
        let context = VideoCornerTests.playingOrange(clock: clock)
        let pages = Pages()

        let window = PlayerWindow(context: context) {
            MiniPlayerOverlay { pages }
        }
        try context.miniPlayer.show { pages.open(.watch) }  // on leaving the watch page
        context.miniPlayer.width = 400  // points, held to 160...640
        context.miniPlayer.alignment = .bottomLeading
        context.miniPlayer.hide()  // back on the watch page, which shows the player itself

        #expect(window.title == "VideoPlayerContainer")
        #expect(!context.miniPlayer.isActive && pages.shown == .home)
        try context.miniPlayer.show { pages.open(.watch) }
        context.miniPlayer.expand()
        #expect(pages.shown == .watch)
    }
}
