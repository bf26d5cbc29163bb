import Foundation
import Testing

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite(.enabled(if: SharedMedia.shouldRun)) @MainActor
    struct PlayerStreamingTests {
        @Test func hlsPlaylistServedOverLocalHTTPPlaysToTheEnd() async throws {
            let folder = try #require(SharedMedia.url("hls/multi-segment"))
            let server = LocalHTTPServer(root: folder)
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: server.url(for: "/playlist.m3u8")), autoplay: true)
            #expect(await harness.wait(timeout: 6) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors: \(harness.errors)")
            #expect(harness.player.hasVideo && harness.player.framesPresented > 10)
            #expect(abs(harness.player.currentTime - 1.05) < 0.2)
            await harness.close()
        }

        @Test func aFileServedOverHTTPReportsBufferedRanges() async throws {
            let file = try #require(SharedMedia.url("av/sample_with_chapters.mkv"))
            let server = LocalHTTPServer(root: file.deletingLastPathComponent())
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: server.url(for: "/sample_with_chapters.mkv")))
            #expect(await harness.wait { !harness.player.bufferedRanges.isEmpty })
            let range = try #require(harness.player.bufferedRanges.first)
            #expect(range.lowerBound == 0 && range.upperBound > 0.5)
            await harness.close()
        }

        @Test func aMissingFileOverHTTPFailsWith404() async throws {
            let server = LocalHTTPServer(files: [:])
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: server.url(for: "/nothing.mp4")))
            #expect(await harness.wait { harness.isFinished })
            #expect(harness.player.status == .failed(.network(.httpStatus(404))))
            await harness.close()
        }
    }
}
