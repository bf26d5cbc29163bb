import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite @MainActor
    struct PlayerLiveTests {
        @Test func aGrowingLivePlaylistIsFollowedAtItsEdge() async throws {
            let stream = try LiveHLSStream()
            defer { stream.stop() }
            stream.startGrowing()
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: stream.url), autoplay: true)
            #expect(await harness.wait(for: .playing))
            #expect(player.isLive && player.duration == nil)
            // The timeline starts at the window's first segment; playback three target durations
            // before the edge.
            let range = try #require(player.seekableRange)
            #expect(range.lowerBound >= 0 && range.upperBound - range.lowerBound == 6)
            #expect(abs(player.currentTime - (range.upperBound - 3)) < 1, "\(player.currentTime) in \(range)")
            let edgeAtStart = range.upperBound
            var latencies: [Double] = []
            var mismatches: [String] = []
            var generation = player.frameGeneration
            let watched = await harness.wait(timeout: 10) {
                latencies.append(player.liveLatency ?? .infinity)
                if player.frameGeneration != generation, let frame = player.currentFrame?.clipFrameNumber {
                    generation = player.frameGeneration
                    // Position 0 is the start of segment `firstSequence`, 1 s each.
                    let expected = Double(frame) / 30 - Double(stream.firstSequence)
                    if abs(expected - player.currentTime) > 0.15 {
                        mismatches.append("frame \(frame) at \(player.currentTime)")
                    }
                }
                return player.currentTime > edgeAtStart + 1
            }
            #expect(watched, "the position stayed at \(player.currentTime)")
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
            #expect(latencies.allSatisfy { $0 <= 4 }, "\(latencies.max() ?? 0)")
            // The window slid with the playlist.
            let slid = try #require(player.seekableRange)
            #expect(slid.lowerBound > range.lowerBound && slid.upperBound > edgeAtStart)
            #expect(player.status == .playing && harness.errors.isEmpty, "\(harness.errors)")
            // Each segment is fetched once.
            let segments = stream.server.requests.filter { $0.contains(".ts") }
            #expect(Set(segments).count == segments.count, "\(segments)")
            await harness.close()
        }

        @Test func aPlaylistThatStopsUpdatingBuffersThenFails() async throws {
            let stream = try LiveHLSStream()
            defer { stream.stop() }
            stream.startGrowing()
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: stream.url), autoplay: true)
            #expect(await harness.wait(for: .playing))
            stream.stopGrowing()
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(harness.player.status == .failed(.network(.liveStreamStalled)))
            let statuses = harness.statuses
            // What was read plays out first: the player waits for more, then gives up.
            #expect(statuses.suffix(2) == [.buffering, .failed(.network(.liveStreamStalled))], "\(statuses)")
            await harness.close()
        }

        @Test func aVideoOnDemandPlaylistIsNotLive() async throws {
            let playlist = try TestMedia.cachedHLS(ClipSpec(duration: 4), segmentDuration: 1)
            let server = LocalHTTPServer(root: playlist.deletingLastPathComponent())
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            harness.player.load(MediaItem(url: server.url(for: "/" + TestMedia.hlsPlaylistName)))
            #expect(await harness.wait { harness.player.duration != nil })
            #expect(!harness.player.isLive && harness.player.liveLatency == nil)
            #expect(harness.player.seekableRange == 0...(harness.player.duration ?? 0))
            await harness.close()
        }
    }
}
