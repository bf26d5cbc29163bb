import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    @Suite @MainActor
    struct PlayerBitmapSubtitleTests {
        static let red = BitmapSubtitleCue(
            start: 0.2, end: 0.8, x: 40, y: 180, width: 120, height: 40, color: 0xFF0000)
        static let green = BitmapSubtitleCue(
            start: 1.1, end: 1.6, x: 200, y: 20, width: 80, height: 30, color: 0x00FF00)

        static func clip(_ codec: BitmapSubtitleCue.Codec) -> ClipSpec {
            var spec = ClipSpec(duration: 2, tone: nil)
            spec.bitmapSubtitles = [red, green]
            spec.bitmapSubtitleCodec = codec
            return spec
        }

        /// The colour of a bitmap's middle pixel as 0xRRGGBB, and its opacity (0...255).
        static func middle(of bitmap: SubtitleBitmap) -> (color: UInt32, alpha: UInt32) {
            let pixel = bitmap.pixels[(bitmap.height / 2) * bitmap.width + bitmap.width / 2]
            return (pixel & 0xFF_FFFF, pixel >> 24)
        }

        static func isClose(_ color: UInt32, to expected: UInt32) -> Bool {
            [16, 8, 0].allSatisfy { shift in
                abs(Int(color >> shift & 0xFF) - Int(expected >> shift & 0xFF)) <= 24
            }
        }

        @Test(arguments: [BitmapSubtitleCue.Codec.dvd, .dvb, .pgs])
        func bitmapCuesShowTheirPicturesAtTheirPlaceAndTimes(codec: BitmapSubtitleCue.Codec) async throws {
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(Self.clip(codec)), autoplay: true)
            var seen: [SubtitleBitmap] = []
            var overlaps = false
            #expect(
                await harness.wait(timeout: 6) {
                    let showing = harness.player.activeCues.flatMap(\.bitmaps)
                    overlaps = overlaps || showing.count > 1
                    for bitmap in showing where seen.last != bitmap { seen.append(bitmap) }
                    return harness.player.status == .ended
                })
            let track = try #require(harness.player.tracks.first { $0.kind == .subtitle })
            let names: [BitmapSubtitleCue.Codec: String] = [
                .dvd: "dvd_subtitle", .dvb: "dvb_subtitle", .pgs: "hdmv_pgs_subtitle",
            ]
            #expect(track.codecName == names[codec] && track.isSupported)
            #expect(harness.player.selectedSubtitleTrack == track.index)
            #expect(!overlaps, "one picture at a time")
            #expect(seen.count == 2, "\(seen.map { ($0.x, $0.y, $0.width, $0.height) })")
            for (bitmap, cue) in zip(seen, [Self.red, Self.green]) {
                let place: [Int] = [bitmap.x, bitmap.y, bitmap.width, bitmap.height]
                #expect(place == [cue.x, cue.y, cue.width, cue.height])
                #expect(bitmap.canvasWidth == 320 && bitmap.canvasHeight == 240)
                let middle = Self.middle(of: bitmap)
                #expect(middle.alpha == 255 && Self.isClose(middle.color, to: cue.color), "\(middle)")
            }
            // Each picture ends where its cue does, whether the track states the end (VobSub) or an
            // empty page clears it (DVB).
            let cues = harness.player.cues.filter { !$0.bitmaps.isEmpty }
            #expect(cues.count == 2)
            for (cue, expected) in zip(cues, [Self.red, Self.green]) {
                #expect(
                    abs(cue.start - expected.start) < 0.05 && abs(cue.end - expected.end) < 0.05, "\(cue)")
            }
            await harness.close()
        }

        /// DVB states an end that the empty page cuts short; PGS states none.
        @Test(arguments: [BitmapSubtitleCue.Codec.dvb, .pgs])
        func aPictureReadAgainAfterASeekShowsOnce(codec: BitmapSubtitleCue.Codec) async throws {
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(Self.clip(codec)), autoplay: true)
            #expect(await harness.wait(timeout: 6, for: .ended))
            // The red picture's packet (0.2 s) is read again on the way to 0.4 s, and stays one cue.
            harness.player.seek(to: 0.4, exact: true)
            harness.player.play()
            var most = 0
            #expect(
                await harness.wait {
                    most = max(most, harness.player.activeCues.count)
                    return harness.player.currentTime > 0.6
                })
            #expect(most == 1)
            #expect(harness.player.cues.count == 2, "\(harness.player.cues)")
            await harness.close()
        }
    }
}
