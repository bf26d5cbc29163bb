import Foundation
import Testing

@testable import VideoPlayerRender

extension PlayerTests {
    /// Every audio stream FFmpeg decodes is heard, at its pitch: tones of known frequency in each
    /// container and codec, recorded at the sink.
    @Suite @MainActor
    struct PlayerListeningTests {
        nonisolated static let samples: [ToneClip] = [
            // WAV and Matroska PCM carry only a channel count: FFmpeg reports no channel order.
            ToneClip(codec: .pcm, container: "wav", sampleRate: 44_100),
            ToneClip(codec: .pcm, container: "wav", channels: 1, frequency: 330),
            ToneClip(codec: .pcm, container: "wav", channels: 6, frequency: 550),
            ToneClip(codec: .pcm, container: "mkv", frequency: 660),
            ToneClip(codec: .pcm, container: "mov"),
            ToneClip(codec: .aac, container: "mp4", sampleRate: 44_100, frequency: 880),
            ToneClip(codec: .opus, container: "ogg", frequency: 523.25),
            ToneClip(codec: .flac, container: "flac", sampleRate: 44_100, channels: 1, frequency: 392),
            ToneClip(codec: .flac, container: "mkv", channels: 6),
        ]

        @Test(arguments: samples)
        func theToneIsHeardAtItsPitch(_ sample: ToneClip) async throws {
            let url = try sample.url()
            let harness = PlayerHarness()
            harness.player.load(MediaItem(url: url), autoplay: true)
            #expect(await harness.wait(timeout: 5) { harness.isFinished })
            #expect(harness.player.status == .ended, "errors \(harness.errors)")
            let heard = HeardSound(harness.audio)
            #expect(heard.rms > 0.05, "level \(heard.rms)")
            let pitch = heard.frequency
            #expect(abs(pitch - sample.frequency) < sample.frequency * 0.01, "heard \(pitch) Hz")
            await harness.close()
        }

        /// A WAV header that FFmpeg reads as `channels` with no channel order.
        struct OddHeader: CustomTestStringConvertible, Sendable {
            let channels: Int
            var channelMask: UInt32?

            var testDescription: String {
                "\(channels) channels"
                    + (channelMask.map { " with speaker mask 0x\(String($0, radix: 16))" } ?? "")
            }
        }

        nonisolated static let oddHeaders: [OddHeader] = [
            OddHeader(channels: 6, channelMask: 0x3),
            OddHeader(channels: 2, channelMask: 0x3F),
            OddHeader(channels: 12),
            OddHeader(channels: 64),
        ]

        @Test(arguments: oddHeaders)
        func channelsWithoutAKnownLayoutAreMixedAndHeard(_ header: OddHeader) async throws {
            let directory = try TemporaryDirectory()
            let wav = HandmadeWAV(channels: header.channels, channelMask: header.channelMask, seconds: 0.5)
            let harness = PlayerHarness()
            harness.player.load(
                MediaItem(url: try wav.write(named: "odd.wav", in: directory)), autoplay: true)
            #expect(await harness.wait(timeout: 5) { harness.isFinished })
            #expect(harness.player.status == .ended && harness.errors.isEmpty, "errors \(harness.errors)")
            let heard = HeardSound(harness.audio)
            #expect(heard.rms > 0.05, "level \(heard.rms)")
            #expect(abs(heard.frequency - 440) < 4.4, "heard \(heard.frequency) Hz")
            await harness.close()
        }

        @Test func aWavWithoutChannelsFailsWithATypedError() async throws {
            let directory = try TemporaryDirectory()
            let wav = HandmadeWAV(channels: 0, seconds: 0.1)
            let harness = PlayerHarness()
            harness.player.load(
                MediaItem(url: try wav.write(named: "none.wav", in: directory)), autoplay: true)
            #expect(await harness.wait(timeout: 5) { harness.isFinished })
            var isUnsupported = false
            if case .failed(.unsupportedFormat) = harness.player.status { isUnsupported = true }
            #expect(isUnsupported, "status \(harness.player.status), errors \(harness.errors)")
            await harness.close()
        }
    }
}
