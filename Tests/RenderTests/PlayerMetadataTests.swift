import Foundation
import Testing
import VideoPlayerRender
import VideoPlayerTestSupport

/// The container's tags reach the player once the item opened, and leave with it.
@MainActor
@Suite struct PlayerMetadataTests {
    @Test(arguments: ["mp4", "mkv"])
    func theFilesTitleArtistAndAlbumAreReadWhenItOpens(_ container: String) async throws {
        var tagged = ClipSpec(width: 64, height: 48, duration: 1, tone: nil)
        tagged.metadata = MediaMetadata(title: "Night Train", artist: "The Sleepers", album: "Tracks")
        let plain = ClipSpec(width: 64, height: 48, duration: 1, tone: nil)
        let harness = PlayerHarness()
        harness.player.load(
            [
                MediaItem(url: try TestMedia.cachedClip(tagged, fileExtension: container)),
                MediaItem(url: try TestMedia.cachedClip(plain, fileExtension: container)),
            ], startingAt: 0, autoplay: false)
        #expect(harness.player.metadata == MediaMetadata())
        #expect(await harness.wait(for: .ready))
        #expect(harness.player.metadata == tagged.metadata)
        harness.player.next()
        #expect(
            harness.player.metadata == MediaMetadata(), "the next item starts without the last one's tags")
        #expect(await harness.wait(for: .ready))
        #expect(harness.player.metadata == MediaMetadata())
        await harness.close()
    }
}
