import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// Every subtitle file of the real-media corpus draws each of its cues, styled and placed as the
/// file says: the WebVTT and SubRip files as they parse, the Matroska files' tracks as the engine
/// decodes them.
@Suite struct SubtitleCorpusDrawingTests {
    static let files = [
        "empty.srt", "empty.vtt", "typical.srt", "typical.vtt", "typical_bad_timestamps.srt",
        "typical_no_hours_and_millis.srt", "typical_utf16le.srt", "typical_with_bad_timestamps.vtt",
        "typical_with_byte_order_mark.srt", "typical_with_tags.srt", "with_bom.vtt",
        "with_overlapping_timestamps.vtt", "with_positioning.vtt", "with_tags.vtt",
    ]

    static let frame = (width: 640.0, height: 360.0)

    /// The picture of `cue` alone, halfway through it, in a 640x360 frame.
    static func picture(of cue: SubtitleCue, header: String? = nil) throws -> SubtitlePicture? {
        let renderer = try SubtitleRenderer(header: header)
        renderer.add([cue])
        return renderer.render(
            at: (cue.start + cue.end) / 2, frameWidth: Int(frame.width), frameHeight: Int(frame.height)
        ).picture
    }

    @Test(arguments: files)
    func everyCueIsDrawnStyledWhereItsFileSays(name: String) throws {
        guard let document = try corpusSubtitles(name) else { return }
        for cue in document.cues where cue.end > cue.start {
            let drawn = try #require(try Self.picture(of: cue), "\(name): \(cue)")
            if cue.spans.contains(where: { $0.bold || $0.italic || $0.underline || $0.color != nil }) {
                var plain = cue
                plain.spans = []
                #expect(try Self.picture(of: plain) != drawn, "\(name): styled runs change \(cue)")
            }
            if let color = cue.spans.compactMap(\.color).first {
                #expect(drawn.hasPixels(near: color), "\(name): \(cue) in its colour")
            }
            if let placement = cue.placement { expect(drawn, at: placement, "\(name): \(cue)") }
        }
    }

    /// The corpus's tags and settings reach the picture: the files that have them are not drawn
    /// as plain bottom-centred text.
    @Test func theStyledFilesHaveStyledAndPlacedCues() throws {
        guard let tags = try corpusSubtitles("with_tags.vtt"),
            let positions = try corpusSubtitles("with_positioning.vtt"),
            let anTags = try corpusSubtitles("typical_with_tags.srt")
        else { return }
        #expect(tags.cues.contains { $0.spans.contains(where: \.italic) })
        #expect(tags.cues.contains { $0.spans.contains { $0.color != nil } })
        #expect(positions.cues.filter { $0.placement != nil }.count == positions.cues.count)
        #expect(Set(anTags.cues.compactMap(\.placement?.alignment)) == Set(1...9))
    }

    /// Where a placed cue's picture lies: by its row and column, at its coordinates when it has them.
    func expect(
        _ drawn: SubtitlePicture, at placement: SubtitlePlacement, _ comment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (width, height) = Self.frame
        let (left, right) = (Double(drawn.x), Double(drawn.x + drawn.width))
        let (top, bottom) = (Double(drawn.y), Double(drawn.y + drawn.height))
        // The line boxes pad the text by a few pixels on every side.
        let slack = 24.0
        if let x = placement.x.map({ $0 * width }) {
            let edge = [left, (left + right) / 2, right][placement.column]
            #expect(abs(edge - x) < slack, "x \(edge) for \(x): \(comment)", sourceLocation: sourceLocation)
        } else if placement.width == nil {
            let middle = (left + right) / 2
            let fits = [left < width / 4, abs(middle - width / 2) < slack, right > width * 3 / 4][
                placement.column]
            #expect(
                fits, "column \(placement.column) at \(left)...\(right): \(comment)",
                sourceLocation: sourceLocation)
        }
        if let y = placement.y.map({ $0 * height }) {
            let edge = [bottom, (top + bottom) / 2, top][placement.row]
            #expect(abs(edge - y) < slack, "y \(edge) for \(y): \(comment)", sourceLocation: sourceLocation)
        } else {
            let middle = (top + bottom) / 2
            let fits = [middle > height * 2 / 3, abs(middle - height / 2) < height / 6, middle < height / 3][
                placement.row]
            #expect(
                fits, "row \(placement.row) at \(top)...\(bottom): \(comment)", sourceLocation: sourceLocation
            )
        }
    }
}

/// The corpus's Matroska files with subtitle tracks, played by the engine: each cue it decodes
/// draws, with the track's script header for the ASS one.
extension PlayerTests {
    @Suite @MainActor
    struct SubtitleCorpusTrackDrawingTests {
        @Test(arguments: ["av/sample_with_srt.mkv", "av/sample_with_ssa_subtitles.mkv"])
        func everyDecodedCueIsDrawn(path: String) async throws {
            guard let url = SharedMedia.url(path) else { return }
            let harness = PlayerHarness()
            harness.player.load(MediaItem(url: url), autoplay: true)
            #expect(await harness.wait(timeout: 8, for: .ended))
            let cues = harness.player.cues
            #expect(!cues.isEmpty)
            for cue in cues where cue.end > cue.start {
                let drawn = try SubtitleCorpusDrawingTests.picture(
                    of: cue, header: harness.player.subtitleHeader)
                #expect(drawn != nil, "\(path): \(cue)")
            }
            await harness.close()
        }
    }
}

extension SubtitlePicture {
    /// Whether some opaque pixel is close to `color`.
    func hasPixels(near color: SubtitleColor) -> Bool {
        pixels.contains { pixel in
            let alpha = pixel >> 24
            guard alpha > 200 else { return false }
            let channels = [pixel >> 16 & 0xFF, pixel >> 8 & 0xFF, pixel & 0xFF].map { Int($0 * 255 / alpha) }
            return zip(channels, [color.red, color.green, color.blue]).allSatisfy { abs($0 - Int($1)) < 40 }
        }
    }
}
