import DemoSupport
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

@testable import BilibiliDemo
@testable import TikTokDemo

/// A demo's scene dropped with its host frees its context and its player, whose session then
/// closes: the handlers the scene gave the gesture service hold the context weakly. A handler that
/// held it strongly kept every scene's player demuxing and decoding on its threads for good.
@MainActor
@Suite(.serialized)
struct FeedDemoReleaseTests {
    /// Mounts what `scene` builds on a bed, lets it play, drops it, and says whether its context
    /// and its player were freed.
    private func isFreedOnceDropped(_ scene: (DemoBed) throws -> Void) async throws -> Bool {
        weak var context: Context?
        weak var player: AnyObject?
        do {
            let bed = DemoBed()
            try scene(bed)
            let render = bed.context.render
            try #require(
                await bed.waitUntil(timeout: 20) { render.isPlaying && render.engine.currentFrame != nil })
            // A key and a tap go through the scene's handlers.
            bed.host?.press("Space")
            bed.click(Point(x: 100, y: 100))
            context = bed.context
            player = render.engine as AnyObject
        }
        return context == nil && player == nil
    }

    @Test func aDroppedBilibiliSceneFreesItsPlayer() async throws {
        #expect(
            try await isFreedOnceDropped { bed in
                let item = MediaItem(url: try DemoBed.clip(duration: 4, width: 320, height: 180))
                let scene = BilibiliScene(context: bed.context, item: item, danmaku: [])
                bed.mount(scene.content, size: BilibiliScene.size)
            })
    }

    @Test func aDroppedTikTokFeedFreesItsPlayers() async throws {
        #expect(
            try await isFreedOnceDropped { bed in
                let paths = try (0..<3).map { try DemoBed.clip(duration: 2 + Double($0)).path }
                let scene = TikTokScene(context: bed.context, items: FeedSamples.items(for: paths))
                bed.mount(scene.content, size: TikTokScene.size)
            })
    }
}
