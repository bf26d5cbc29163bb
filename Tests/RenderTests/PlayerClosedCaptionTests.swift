import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite @MainActor
    struct PlayerClosedCaptionTests {
        static let first = ClosedCaptionCue(start: 0.5, end: 1.2, text: "HELLO CAPTIONS")
        static let second = ClosedCaptionCue(start: 1.5, end: 2.2, text: "IN YELLOW", color: .yellow)

        static var clip: ClipSpec {
            var spec = ClipSpec(duration: 3, tone: nil)
            spec.closedCaptions = [first, second]
            return spec
        }

        /// Plays the clip and shows its captions as soon as their track turns up; returns the texts
        /// seen, in order.
        static func playWithCaptions(_ harness: PlayerHarness) async throws -> [String] {
            harness.player.load(try TestClips.item(clip), autoplay: true)
            var seen: [String] = []
            var selected = false
            #expect(
                await harness.wait(timeout: 8) {
                    if !selected,
                        let track = harness.player.tracks.first(where: { $0.codecName == "eia_608" })
                    {
                        harness.player.selectSubtitleTrack(index: track.index)
                        selected = true
                    }
                    for cue in harness.player.activeCues where seen.last != cue.text { seen.append(cue.text) }
                    return harness.player.status == .ended
                })
            return seen
        }

        @Test func captionsInThePicturesAreATrackShownInTheirColourAndRow() async throws {
            let harness = PlayerHarness()
            let seen = try await Self.playWithCaptions(harness)
            let track = try #require(harness.player.tracks.first { $0.codecName == "eia_608" })
            #expect(track.kind == .subtitle && track.isSupported && track.title == "Closed captions")
            #expect(harness.player.selectedSubtitleTrack == track.index)
            #expect(seen == [Self.first.text, Self.second.text])
            let cues = harness.player.cues
            #expect(cues.map(\.text) == [Self.first.text, Self.second.text])
            for (cue, expected) in zip(cues, [Self.first, Self.second]) {
                // Each caption shows from the picture that ends its loading until the one that erases it.
                #expect(
                    abs(cue.start - expected.start) < 0.02 && abs(cue.end - expected.end) < 0.02, "\(cue)")
                // Row 15 of CEA-608's grid, from its first column: near the bottom, on the left.
                let placement = try #require(cue.placement)
                #expect(placement.alignment == 7)
                #expect(abs((placement.x ?? 0) - 0.1) < 0.01 && abs((placement.y ?? 0) - 0.846) < 0.01)
            }
            #expect(cues.first?.spans.allSatisfy { $0.color == nil } == true)
            #expect(
                cues.last?.spans.map(\.color) == [SubtitleColor(red: 255, green: 255, blue: 0)],
                "\(cues.last?.spans ?? [])")
            await harness.close()
        }

        @Test func aCaptionReadAgainAfterASeekShowsOnce() async throws {
            let harness = PlayerHarness()
            _ = try await Self.playWithCaptions(harness)
            // The first caption is loaded again on the way to 0.8 s, and stays one cue.
            harness.player.seek(to: 0.8, exact: true)
            var shown = false
            #expect(
                await harness.wait(timeout: 4) {
                    shown = shown || harness.player.activeCues.map(\.text) == [Self.first.text]
                    return shown
                })
            #expect(harness.player.cues.filter { $0.text == Self.first.text }.count == 1)
            await harness.close()
        }

        @Test func aClipWithoutCaptionsListsNoCaptionTrack() async throws {
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(ClipSpec(duration: 1, tone: nil)), autoplay: true)
            #expect(await harness.wait(timeout: 6, for: .ended))
            #expect(!harness.player.tracks.contains { $0.codecName == "eia_608" })
            await harness.close()
        }
    }
}
