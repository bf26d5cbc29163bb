import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// Sound goes out in the format the device gave, and audio tracks switch quickly, heard at the
    /// sink.
    @Suite @MainActor
    struct PlayerDeviceFormatTests {
        @Test func aDeviceThatGives44100HzGetsSamplesAtThatRateAndTheClockKeepsStep() async throws {
            let sink = CaptureAudioSink(obtains: AudioOutputFormat(sampleRate: 44_100, channels: 2))
            let harness = PlayerHarness(audioSink: { sink })
            let url = try ToneClip(codec: .pcm, container: "wav", duration: 3).url()
            harness.player.load(MediaItem(url: url), autoplay: true)
            #expect(await harness.wait { harness.player.currentTime >= 1.5 })
            let position = harness.player.currentTime
            let heard = HeardSound(sink)
            harness.player.pause()
            #expect(heard.sampleRate == 44_100)
            #expect(abs(heard.frequency - 440) < 4.4, "heard \(heard.frequency) Hz")
            // What the device took, less what it has not played yet, is where the clock stands.
            let played = Double(heard.samples.count) / 44_100 - sink.latency
            #expect(abs(played - position) < 0.05, "the device played \(played) s at \(position) s")
            await harness.close()
        }

        @Test func switchingTheAudioTrackChangesTheToneWithin100msAndKeepsThePosition() async throws {
            let spec = ClipSpec(
                width: 160, height: 96, duration: 4, tone: ClipSpec.Tone(language: "eng"),
                additionalTones: [ClipSpec.Tone(frequency: 660, language: "fra")])
            let url = try TestMedia.cachedClip(spec, fileExtension: "mkv")
            let harness = PlayerHarness()
            harness.player.load(MediaItem(url: url), autoplay: true)
            #expect(await harness.wait { harness.player.currentTime >= 1 })
            let switched = harness.player.currentTime
            harness.player.selectAudioTrack(language: "fra")
            #expect(await harness.wait { harness.player.currentTime >= switched + 1 })
            harness.player.pause()
            #expect(harness.player.currentTime < switched + 1.5, "the item started again")
            let heard = HeardSound(harness.audio)
            let sounding = heard.soundingPart
            let gap = heard.longestQuietRun(in: sounding)
            #expect(gap < 4_800, "a gap of \(Double(gap) / 48) ms")
            let before = HeardSound(
                interleaved: Array(sounding.prefix(24_000)), channels: 1, sampleRate: 48_000)
            let after = HeardSound(
                interleaved: Array(sounding.suffix(24_000)), channels: 1, sampleRate: 48_000)
            #expect(abs(before.frequency - 440) < 4.4, "heard \(before.frequency) Hz before")
            #expect(abs(after.frequency - 660) < 6.6, "heard \(after.frequency) Hz after")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }
    }
}
