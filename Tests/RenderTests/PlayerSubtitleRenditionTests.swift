import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// WebVTT subtitle renditions of HLS ladders made by `TestMedia`, served on 127.0.0.1.
    @Suite @MainActor
    struct PlayerSubtitleRenditionTests {
        static let english = [
            SubtitleCue(start: 0.5, end: 1.5, text: "One"),
            // Across the boundary of the second and third segments: written in both.
            SubtitleCue(start: 1.8, end: 2.4, text: "Two"),
            SubtitleCue(start: 4.2, end: 4.8, text: "Three"),
        ]
        static let german = [
            SubtitleCue(start: 0.6, end: 1.4, text: "Eins"),
            SubtitleCue(start: 3.1, end: 3.9, text: "Zwei"),
        ]

        /// A six-second ladder with an English rendition (the default, its cue times moved by a
        /// `LOCAL` offset) and a German one, served from `directory`.
        static func served(in directory: TemporaryDirectory) throws -> LocalHTTPServer {
            try TestMedia.encodeHLSLadder(
                ClipSpec(duration: 6), heights: PlayerRenditionTests.heights,
                subtitles: [
                    HLSLadderSubtitles(
                        name: "English", language: "en", cues: english, isDefault: true, localOffset: 10),
                    HLSLadderSubtitles(name: "Deutsch", language: "de", cues: german),
                ],
                segmentDuration: 1, into: directory.url)
            let server = LocalHTTPServer(root: directory.url)
            try server.start()
            return server
        }

        /// The subtitle segment numbers requested from rendition `index`, in order.
        static func segments(_ index: Int, in server: LocalHTTPServer) -> [Int] {
            server.requests.numbers(after: "GET /\(TestMedia.hlsSubtitleFolder(index))/segment")
        }

        static func times(_ cues: [SubtitleCue]) -> [String] {
            cues.map { String(format: "%.3f-%.3f %@", $0.start, $0.end, $0.text) }
        }

        @Test func theRenditionsAreTracksAndTheDefaultOneIsReadAroundThePositionAndShownOnTime() async throws
        {
            let directory = try TemporaryDirectory()
            let server = try Self.served(in: directory)
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3, forwardBuffer: 2)
            let player = harness.player
            player.load(PlayerRenditionTests.item(on: server), autoplay: false)
            #expect(await harness.wait { player.cues.count == 2 })
            let subtitles = player.tracks.filter { $0.kind == .subtitle }
            #expect(subtitles.map(\.language) == ["en", "de"])
            #expect(subtitles.map(\.title) == ["English", "Deutsch"])
            #expect(subtitles.allSatisfy { $0.codecName == "webvtt" && $0.isSupported })
            #expect(player.selectedSubtitleTrack == subtitles.first?.index)
            // Paused at 0 with 2 s read ahead: the segments up to 2 s, and none of the other rendition.
            try await Task.sleep(for: .milliseconds(300))
            #expect(Self.segments(0, in: server) == [0, 1, 2], "\(server.requests)")
            #expect(Self.segments(1, in: server).isEmpty)
            player.play()
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended, "errors: \(harness.errors)")
            // Each segment once; the cue in two segments once; at the times of the clip, the map applied.
            #expect(Self.segments(0, in: server) == Array(0..<6))
            #expect(Self.times(player.cues) == Self.times(Self.english))
            #expect(harness.events.filter { if case .subtitleCue = $0 { true } else { false } }.count == 3)
            let sent = server.bodyBytesSent
            let fetched = player.statistics.bytesFetched
            #expect(fetched <= sent && Double(fetched) > 0.95 * Double(sent))
            await harness.close()
        }

        @Test func anotherRenditionChosenReplacesTheCuesAndNoneHidesThem() async throws {
            let directory = try TemporaryDirectory()
            let server = try Self.served(in: directory)
            defer { server.stop() }
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(PlayerRenditionTests.item(on: server), autoplay: false)
            #expect(await harness.wait { player.cues.count == 3 })
            player.selectSubtitleTrack(language: "de")
            #expect(await harness.wait { Self.times(player.cues) == Self.times(Self.german) })
            #expect(player.tracks.first { $0.index == player.selectedSubtitleTrack }?.language == "de")
            player.seek(to: 3.5)
            #expect(await harness.wait { player.activeCues.map(\.text) == ["Zwei"] })
            player.selectSubtitleTrack(index: nil)
            #expect(player.cues.isEmpty && player.activeCues.isEmpty && player.selectedSubtitleTrack == nil)
            // Chosen again, the English cues read already are back at once.
            player.selectSubtitleTrack(language: "en")
            #expect(Self.times(player.cues) == Self.times(Self.english))
            #expect(Self.segments(0, in: server).count == Set(Self.segments(0, in: server)).count)
            #expect(harness.errors.isEmpty)
            await harness.close()
        }

        @Test func aMissingPlaylistOrASegmentThatIsNotWebVTTIsReportedAndTheRestPlays() async throws {
            let directory = try TemporaryDirectory()
            let server = try Self.served(in: directory)
            defer { server.stop() }
            server.overrideStatus(404, for: "/\(TestMedia.hlsSubtitleFolder(1))/\(TestMedia.hlsPlaylistName)")
            try Data(repeating: 0x47, count: 188).write(
                to: directory.file("\(TestMedia.hlsSubtitleFolder(0))/segment1.vtt"))
            let harness = PlayerHarness(networkTimeout: 3)
            let player = harness.player
            player.load(PlayerRenditionTests.item(on: server), autoplay: true)
            #expect(await harness.wait(timeout: 10) { harness.isFinished })
            #expect(player.status == .ended)
            // The cue also in the third segment survives the second's loss.
            #expect(player.cues.map(\.text) == ["One", "Two", "Three"])
            #expect(harness.errors.count == 1)
            guard case .unsupportedFormat(let message)? = harness.errors.first else {
                Issue.record("errors: \(harness.errors)")
                return
            }
            #expect(message.contains("segment1.vtt") && message.contains("not WebVTT"))
            player.selectSubtitleTrack(language: "de")
            #expect(await harness.wait { harness.errors.count == 2 })
            #expect(harness.errors.last == .network(.httpStatus(404)))
            #expect(player.cues.isEmpty && player.status == .ended)
            await harness.close()
        }
    }
}
