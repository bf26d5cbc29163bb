import CFFmpeg
import Foundation
import Testing

@testable import VideoPlayerRender

extension PlayerTests {
    /// Every file of the shared corpus meets the "expected" column of its MANIFEST.tsv row.
    @Suite(.enabled(if: SharedMedia.shouldRun)) @MainActor
    struct PlayerCorpusTests {
        nonisolated static let files = SharedMedia.manifest().map(\.file).filter { $0.hasPrefix("av/") }

        @Test func manifestListsTheAudioVideoFiles() {
            #expect(PlayerCorpusTests.files.count >= 20)
        }

        @Test(arguments: files)
        func fileMeetsItsExpectation(_ file: String) async throws {
            let harness = PlayerHarness()
            harness.player.setRate(2)
            harness.player.load(MediaItem(path: try SharedMedia.path(file)), autoplay: true)
            var orientations = Set<VideoOrientation>()
            var pixelFormats = Set<Int32>()
            let finished = await harness.wait(timeout: 12) {
                if let frame = harness.player.currentFrame {
                    orientations.insert(frame.orientation)
                    pixelFormats.insert(frame.pixelFormat.rawValue)
                }
                return harness.isFinished
            }
            #expect(finished, "\(file) neither ended nor failed; status \(harness.player.status)")
            let player = harness.player
            if file == "av/invalid-bitstream.webm" {
                if case .failed(let error) = player.status {
                    guard case .decodeFailed = error else { throw ExpectationFailure(file, "\(error)") }
                }
            } else {
                #expect(player.status == .ended, "\(file): \(player.status), errors \(harness.errors)")
            }
            #expect(pixelFormats.isSubset(of: presentableFormats), "\(file) presented \(pixelFormats)")
            try check(file, player: player, harness: harness, orientations: orientations)
            await harness.close()
        }

        private var presentableFormats: Set<Int32> {
            Set([AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_NV12].map(\.rawValue))
        }

        private func check(
            _ file: String, player: MediaPlayer, harness: PlayerHarness, orientations: Set<VideoOrientation>
        ) throws {
            let unsupported = harness.errors.filter { if case .unsupportedCodec = $0 { true } else { false } }
            let heard = HeardSound(harness.audio).isAudible
            // Every file whose audio track plays is heard, whatever its codec or channel layout.
            if player.hasAudio && file != "av/invalid-bitstream.webm" {
                #expect(heard, "\(file) played its audio track in silence")
            }
            switch file {
            case "av/sample.mp4":
                #expect(abs((player.duration ?? 0) - 1.02) < 0.05)
                #expect(player.hasVideo && player.hasAudio && heard)
            case "av/sample_portrait.mp4":
                let size = try #require(player.videoSize)
                #expect(size.height > size.width)
            case "av/sample_rotate_and_reflect.mp4":
                #expect(orientations.contains { $0 != .upright }, "display matrix ignored: \(orientations)")
            case "av/sample_video_only.mp4":
                #expect(player.hasVideo && !player.hasAudio && harness.errors.isEmpty)
            case "av/sample_audio_only.mp4", "av/bear_vorbis.ogg":
                #expect(!player.hasVideo && player.hasAudio && player.currentTime > 0.9 && heard)
            case "av/sample_with_chapters.mp4", "av/sample_with_chapters.mkv":
                #expect(!player.chapters.isEmpty)
            case "av/sample_fragmented.mp4":
                #expect((player.duration ?? 0) < 5, "duration stayed \(player.duration ?? 0)")
            case "av/sample_with_srt.mkv", "av/sample_with_ssa_subtitles.mkv":
                #expect(player.selectedSubtitleTrack != nil)
                #expect(!player.cues.isEmpty && player.cues.allSatisfy { !$0.text.isEmpty })
            case "av/sample_with_vtt_subtitles.mkv":
                #expect(player.tracks.contains { $0.kind == .subtitle && !$0.isSupported })
                #expect(unsupported.count == 1 && player.hasVideo && player.hasAudio)
            case "av/sample_missing_stsd.mp4":
                #expect(player.tracks.contains { $0.kind == .audio && !$0.isSupported })
                #expect(unsupported.count == 1 && player.hasVideo && player.framesPresented > 10)
            case "av/bbb_960x540_60fps_vp8.webm", "av/bbb_6ch_8kHz_opus.ogg":
                // The capture sink gives what is asked, as a 5.1 device does: six channels. A stereo
                // device gets them mixed down (PlayerDeviceFormatTests).
                #expect(heard && harness.audio.format.channels == 6)
            default:
                #expect(player.hasVideo || player.hasAudio)
            }
        }
    }
}

struct ExpectationFailure: Error, CustomStringConvertible {
    let description: String
    init(_ file: String, _ detail: String) { description = "\(file): \(detail)" }
}
