import DemoSupport
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import QuickTimeDemo
@testable import YouTubeDemo

/// A demo dropped with its host frees its context and its player, whose session then closes: the
/// handlers the demo gave the gesture service, and the actions of the buttons it gave the control
/// service, hold the context weakly (FeedDemoReleaseTests).
@MainActor
@Suite(.serialized)
struct DemoReleaseTests {
    /// Mounts what `root` builds on a bed, lets it show a picture, drops it, and says whether its
    /// context and its player were freed.
    private func isFreedOnceDropped(size: Size, _ root: @escaping (Context) -> AnyWidget) async -> Bool {
        weak var context: Context?
        weak var player: AnyObject?
        do {
            let bed = DemoBed(size: size, root: root)
            #expect(await bed.waitForPicture())
            // A key and a tap go through the demo's handlers.
            bed.host.press("Space")
            bed.click(Point(x: size.width / 2, y: size.height / 3))
            context = bed.context
            player = bed.context.render.engine as AnyObject
        }
        return context == nil && player == nil
    }

    @Test func aDroppedQuickTimeWindowFreesItsPlayer() async throws {
        let videos = try DemoBed.videos(count: 2)
        let size = Size(width: 960, height: 540)
        #expect(
            await isFreedOnceDropped(size: size) { context in
                AnyWidget(QuickTimeApp(context: context, videos: videos, size: size, autoplay: true).root)
            })
    }

    @Test func aDroppedYouTubePageFreesItsPlayer() async throws {
        let videos = try DemoBed.videos(count: 2)
        #expect(
            await isFreedOnceDropped(size: Size(width: 1280, height: 720)) { context in
                AnyWidget(YouTubeApp(context: context, videos: videos).root)
            })
    }
}
