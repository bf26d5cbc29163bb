import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite(.enabled(if: SharedMedia.shouldRun)) @MainActor
    struct PlayerStreamingTests {
        /// A clip made to `spec`, served over loopback HTTP (started; the caller stops it), and the
        /// item that plays it from there.
        static func served(_ spec: ClipSpec) throws -> (server: LocalHTTPServer, item: MediaItem) {
            let clip = try TestMedia.cachedClip(spec)
            let server = LocalHTTPServer(root: clip.deletingLastPathComponent())
            try server.start()
            return (server, MediaItem(url: server.url(for: "/" + clip.lastPathComponent)))
        }

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
            // NB: a limit to give up at, not a speed: under ThreadSanitizer, beside the other shards,
            // opening the file took longer than 5 s once.
            #expect(
                await harness.wait(timeout: 20) { harness.player.bufferedRanges.first?.upperBound ?? 0 > 0.5 }
            )
            let range = try #require(harness.player.bufferedRanges.first)
            #expect(range.lowerBound == 0 && range.upperBound > 0.5)
            await harness.close()
        }

        @Test func aFileServedOverHTTPIsReadAheadAsFarAsTheForwardBuffer() async throws {
            let (server, item) = try Self.served(ClipSpec(duration: 16))
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 5)
            harness.player.load(item, autoplay: true)
            // A file on disk is read 2 s ahead; one over the network, as far as the forward buffer.
            let ahead = {
                (harness.player.bufferedRanges.first?.upperBound ?? 0) - harness.player.currentTime
            }
            #expect(await harness.wait(timeout: 20) { ahead() >= 8 }, "read ahead \(ahead()) s")
            // And no further than that (10 s) and a burst.
            for _ in 0..<10 {
                _ = await harness.wait(timeout: 0.1) { ahead() > 11 }
                #expect(ahead() <= 11)
            }
            await harness.close()
        }

        @Test func aPausedNetworkStreamShowsWhatItReadsAheadAsItComes() async throws {
            let (server, item) = try Self.served(ClipSpec(duration: 16))
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 5)
            harness.player.load(item)
            let buffered = { harness.player.bufferedRanges.first?.upperBound ?? 0 }
            #expect(await harness.wait(timeout: 20) { buffered() >= 9 }, "buffered to \(buffered()) s")
            #expect(harness.player.status == .ready && harness.player.currentTime == 0)
            await harness.close()
        }

        @Test func aStalledServerMakesThePlayerBufferThenResume() async throws {
            let (server, item) = try Self.served(ClipSpec(duration: 4))
            defer { server.stop() }
            // NB: throttled to about the clip's bit rate, or the socket buffers would hold the whole file.
            server.throttle(bytesPerSecond: 60_000)
            let harness = PlayerHarness(networkTimeout: 5)
            harness.player.load(item, autoplay: true)
            #expect(await harness.wait(for: .playing))
            let watching = Task { @MainActor in await harness.watchUntilFinished(timeout: 12) }
            server.stall()
            #expect(await harness.wait(timeout: 5, for: .buffering))
            server.resume()
            server.throttle(bytesPerSecond: nil)
            #expect(await harness.wait(timeout: 6, for: .ended))
            // The position waits at the stall and goes on from there: it never goes back.
            let times = await watching.value.positions
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 + 0.001 }, "\(times)")
            let statuses = harness.statuses
            #expect(statuses.firstIndex(of: .buffering) ?? 99 < statuses.lastIndex(of: .playing) ?? 0)
            let statistics = harness.player.statistics
            #expect(statistics.stallCount == statuses.filter { $0 == .buffering }.count)
            #expect(statistics.stallCount >= 1 && statistics.stallSeconds > 0)
            #expect(statistics.bytesFetched > 0 && statistics.bytesFetched <= server.bodyBytesSent)
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
