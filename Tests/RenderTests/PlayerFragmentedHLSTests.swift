import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// HLS streams of fragmented-MP4 segments (an `EXT-X-MAP` initialization section), served on
    /// 127.0.0.1.
    @Suite @MainActor
    struct PlayerFragmentedHLSTests {
        static let spec = ClipSpec(duration: 6)

        /// Seeks to 4 s and watches to the end: it plays from the picture at 4 s (position 0 is
        /// the sound's start, 21 ms before the first picture's), every one after once and in
        /// order. Returns the requests the server got after the seek.
        static func seekToFourSeconds(_ harness: PlayerHarness, server: LocalHTTPServer) async -> [String] {
            let player = harness.player
            let before = server.requests.count
            player.seek(to: 4)
            let watched = await harness.watchUntilFinished()
            #expect(watched.finished)
            #expect(player.status == .ended, "errors: \(harness.errors)")
            let after = watched.frameNumbers.drop { $0 < 100 }
            #expect(after.first == 119, "\(watched.frameNumbers)")
            #expect(zip(after, after.dropFirst()).allSatisfy { $1 > $0 }, "\(watched.frameNumbers)")
            #expect((after.last ?? 0) >= 175, "\(watched.frameNumbers)")
            #expect(abs(player.currentTime - 6) < 0.2)
            return Array(server.requests.dropFirst(before))
        }

        @Test(arguments: [false, true])
        func aSeekPlaysFromTheTarget(afterAllWasRead: Bool) async throws {
            let playlist = try TestMedia.cachedHLS(Self.spec, segmentDuration: 1, fragmentedMP4: true)
            let server = LocalHTTPServer(root: playlist.deletingLastPathComponent())
            try server.start()
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(MediaItem(url: server.url(for: "/" + TestMedia.hlsPlaylistName)), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 0.3 })
            if afterAllWasRead {
                #expect(await harness.wait { (player.bufferedRanges.last?.upperBound ?? 0) > 5.9 })
            }
            let requests = await Self.seekToFourSeconds(harness, server: server)
            // From the segment holding the target on: the ones before it are not fetched again.
            let segments = requests.numbers(after: "GET /segment")
            #expect(
                segments.allSatisfy { $0 >= 3 } && (afterAllWasRead || segments.contains(5)), "\(requests)")
            await harness.close()
        }

        @Test func aSeekInALadderFetchesTheRenditionPlayingAndOnlyGlimpsesTheOther() async throws {
            var small = Self.spec
            (small.width, small.height) = (160, 120)
            let playlists = try [Self.spec, small].map {
                try TestMedia.cachedHLS($0, segmentDuration: 1, fragmentedMP4: true)
            }
            let (server, folders) = try LocalHTTPServer.ladder(
                of: playlists,
                variants: ["BANDWIDTH=900000,RESOLUTION=320x240", "BANDWIDTH=300000,RESOLUTION=160x120"],
                at: "/ladder.m3u8")
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.setQuality(.fixed(0))
            player.load(MediaItem(url: server.url(for: "/ladder.m3u8")), autoplay: true)
            #expect(await harness.wait { player.status == .playing && player.currentTime > 0.3 })
            let requests = await Self.seekToFourSeconds(harness, server: server)
            #expect(player.currentFrame?.width == 320 && player.currentRendition?.height == 240)
            // The rendition playing from the segment holding the target on; of the other, the
            // start of that segment only, for the demuxer to learn its streams.
            let playing = requests.numbers(after: "GET /\(folders[0])/segment")
            #expect(playing.allSatisfy { $0 >= 3 } && playing.contains(5), "\(requests)")
            let other = requests.filter { $0.hasPrefix("GET /\(folders[1])/segment") }
            #expect(other.count == 1 && other.allSatisfy { !$0.hasSuffix("bytes=0-") }, "\(requests)")
            await harness.close()
        }
    }
}
