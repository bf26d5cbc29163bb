import Foundation
import Testing
import VideoPlayerRender

/// `URL(mediaLocation:)`: what a user types becomes a URL when it has a scheme, else a file path.
@Suite struct MediaLocationTests {
    @Test func aSchemeMakesAURLAndAnythingElseAPath() {
        #expect(
            URL(mediaLocation: "https://cdn.test/live/master.m3u8").absoluteString
                == "https://cdn.test/live/master.m3u8")
        #expect(URL(mediaLocation: "file:///videos/a.mp4").path == "/videos/a.mp4")
        #expect(URL(mediaLocation: "/videos/a b.mp4") == URL(fileURLWithPath: "/videos/a b.mp4"))
        let relative = URL(mediaLocation: "clips/a.mp4")
        #expect(relative.isFileURL)
        #expect(relative.path == FileManager.default.currentDirectoryPath + "/clips/a.mp4")
        guard case .location(let location) = MediaItem(url: URL(mediaLocation: "/videos/a.mp4")).source else {
            Issue.record("a path gives a location")
            return
        }
        #expect(location == "/videos/a.mp4")
    }
}
