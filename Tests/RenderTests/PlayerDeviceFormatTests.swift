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

        /// Surround sound asks the device for 5.1 and plays on its six channels; a device that has
        /// two gets it mixed down; stereo sound asks for stereo.
        @Test(arguments: [(6, nil, 6), (6, 2, 2), (2, nil, 2), (1, nil, 2)])
        func theDeviceIsAskedForSurroundOnlyForSurroundSound(
            channels: Int, deviceChannels: Int?, heardChannels: Int
        ) async throws {
            let sink = CaptureAudioSink(
                obtains: deviceChannels.map { AudioOutputFormat(sampleRate: 48_000, channels: $0) })
            let harness = PlayerHarness(audioSink: { sink })
            let spec = ClipSpec(
                duration: 2, hasVideo: false, tone: ClipSpec.Tone(channels: channels, codec: .pcm))
            harness.player.load(
                MediaItem(url: try TestMedia.cachedClip(spec, fileExtension: "wav")), autoplay: true)
            #expect(await harness.wait { sink.recordedSamples.count > 48_000 * heardChannels })
            harness.player.pause()
            #expect(sink.format.channels == heardChannels)
            let recorded = sink.recordedSamples
            // Every channel carries the tone (the clip has it in each of its own).
            for channel in 0..<heardChannels {
                let samples = stride(from: channel, to: recorded.count, by: heardChannels).map {
                    recorded[$0]
                }
                let heard = HeardSound(interleaved: samples, channels: 1, sampleRate: 48_000)
                #expect(abs(heard.frequency - 440) < 4.4, "channel \(channel): \(heard.frequency) Hz")
                #expect(heard.rms > 0.01, "channel \(channel) is silent")
            }
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
            #expect(gap < 4_800 * Sanitizer.slowdown, "a gap of \(Double(gap) / 48) ms")
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
