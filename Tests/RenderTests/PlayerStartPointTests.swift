import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// HLS playlists that say where playback begins (`EXT-X-START`), served on 127.0.0.1.
    @Suite @MainActor
    struct PlayerStartPointTests {
        /// A five-second stream of 1 s segments whose playlist carries `EXT-X-START` with `attributes`.
        static func served(startPoint attributes: String) throws -> LocalHTTPServer {
            let playlist = try TestMedia.cachedHLS(ClipSpec(duration: 5))
            let server = LocalHTTPServer(root: playlist.deletingLastPathComponent())
            let text = try String(contentsOf: playlist, encoding: .utf8)
                .replacingOccurrences(of: "#EXTM3U\n", with: "#EXTM3U\n#EXT-X-START:\(attributes)\n")
            server.setFile("/" + TestMedia.hlsPlaylistName, Data(text.utf8))
            try server.start()
            return server
        }

        @Test(arguments: [
            ("TIME-OFFSET=2.5", 60), ("TIME-OFFSET=2.5,PRECISE=YES", 74), ("TIME-OFFSET=-1.5", 90),
            ("TIME-OFFSET=99", 120), ("TIME-OFFSET=later", 0),
        ])
        func anOnDemandPlaylistBeginsWhereItSays(attributes: String, firstFrame: Int) async throws {
            let server = try Self.served(startPoint: attributes)
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/" + TestMedia.hlsPlaylistName)), autoplay: false)
            #expect(await harness.wait { player.currentFrame != nil })
            // The start of the segment holding the point, the point itself when precise (the picture
            // showing at 2.5 s is 74: the priming of the sound puts position 0 21 ms before the
            // first picture), from the end when negative, the last segment when past the end; an
            // offset that is no number is ignored.
            #expect(player.currentFrame?.clipFrameNumber == firstFrame, "\(attributes)")
            #expect(abs(player.currentTime - Double(firstFrame) / 30) < 0.05)
            let skipped = (1..<max(1, firstFrame / 30)).map { "GET /segment\($0).ts bytes=0-" }
            #expect(Set(server.requests).isDisjoint(with: skipped), "\(server.requests)")
            #expect(harness.errors.isEmpty)
            await harness.close()
        }

        @Test func aStartPositionOfTheItemWinsOverThePlaylists() async throws {
            let server = try Self.served(startPoint: "TIME-OFFSET=3")
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            let url = server.url(for: "/" + TestMedia.hlsPlaylistName)
            player.load(MediaItem(url: url, startPosition: 1), autoplay: false)
            #expect(await harness.wait { player.currentFrame != nil })
            #expect(player.currentFrame?.clipFrameNumber == 30)
            await harness.close()
        }

        @Test func aLivePlaylistBeginsWhereItSaysAndGoingToLiveKeepsTheHoldBack() async throws {
            let stream = try LiveHLSStream(
                kind: .sliding(window: 9), startingAt: 12, startPoint: "TIME-OFFSET=-7")
            defer { stream.stop() }
            let harness = await PlayerLiveTests.playing(stream)
            let player = harness.player
            let latency = { player.liveLatency ?? 0 }
            let began = player.currentTime
            #expect(await harness.wait { player.currentTime > began + 1 && player.currentFrame != nil })
            // Seven seconds before the edge, where the demuxer alone begins three segments before it.
            // The edge moves a segment (1 s) at a time, so the latency dips to 6 s just before the
            // next one is listed.
            #expect(latency() > 5.8 && latency() < 8.5, "\(latency())")
            let frame = try #require(player.currentFrame?.clipFrameNumber)
            let expected = Double(frame) / 30 - Double(stream.firstSequence)
            #expect(abs(expected - player.currentTime) < 0.2, "frame \(frame) at \(player.currentTime)")
            player.seekToLive()
            #expect(await harness.wait { latency() < 4.5 && player.status == .playing }, "\(latency())")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }
    }
}
