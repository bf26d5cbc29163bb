import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// What reaches the audio sink: the clip's tone, silence when muted, scaled by the volume.
    @Suite @MainActor
    struct PlayerAudioTests {
        private func playClip(_ harness: PlayerHarness) async throws {
            harness.player.load(try TestClips.standard(), autoplay: true)
            #expect(await harness.wait(for: .playing))
        }

        @Test func theClipToneReachesTheSink() async throws {
            let harness = PlayerHarness()
            try await playClip(harness)
            #expect(await harness.wait { harness.audio.recordedSamples.count > 48_000 })
            let heard = HeardSound(harness.audio)
            #expect(heard.rms > 0.05)
            let measured = heard.frequency
            #expect(abs(measured - 440) < 20, "measured \(measured) Hz")
            await harness.close()
        }

        @Test func muteGivesSilenceAndVolumeScales() async throws {
            let harness = PlayerHarness()
            harness.player.mute()
            try await playClip(harness)
            #expect(await harness.wait { harness.audio.recordedSamples.count > 24_000 })
            #expect(harness.audio.recordedSamples.allSatisfy { $0 == 0 })
            harness.player.unmute()
            await harness.wait(timeout: 0.1) { false }
            harness.audio.reset()
            #expect(await harness.wait { harness.audio.recordedSamples.count > 24_000 })
            let full = HeardSound(harness.audio).rms
            harness.player.setVolume(0.5)
            await harness.wait(timeout: 0.1) { false }
            harness.audio.reset()
            #expect(await harness.wait { harness.audio.recordedSamples.count > 24_000 })
            let half = HeardSound(harness.audio).rms
            #expect(full > 0.05)
            #expect(abs(half / full - 0.5) < 0.08, "full \(full), half \(half)")
            #expect(harness.events.contains(.volumeChanged(0.5)))
            await harness.close()
        }

        @Test func aBoostAbove100PercentIsLouderAndTheLimiterKeepsLoudSoundUnderFullScale() async throws {
            // A quiet tone is boosted by the whole 1.5; a loud one is held under full scale.
            for amplitude in [0.25, 0.9] {
                let spec = ClipSpec(
                    duration: 3, hasVideo: false, tone: ClipSpec.Tone(amplitude: amplitude, codec: .pcm))
                let url = try TestMedia.cachedClip(spec, fileExtension: "wav")
                let harness = PlayerHarness()
                harness.player.load(MediaItem(url: url), autoplay: true)
                #expect(await harness.wait { harness.player.currentTime > 0.5 })
                harness.audio.reset()
                #expect(await harness.wait { harness.audio.recordedSamples.count > 48_000 })
                let normal = HeardSound(harness.audio)
                harness.player.setVolume(1.5)
                await harness.wait(timeout: 0.1) { false }
                harness.audio.reset()
                #expect(await harness.wait { harness.audio.recordedSamples.count > 48_000 })
                let boosted = HeardSound(harness.audio)
                let peak = boosted.samples.reduce(0) { max($0, abs($1)) }
                #expect(peak <= AudioRenderer.limiterCeiling + 1e-6, "a sample reached \(peak)")
                #expect(abs(boosted.frequency - 440) < 4.4, "heard \(boosted.frequency) Hz")
                let ratio = boosted.rms / normal.rms
                if amplitude < 0.5 {
                    #expect(abs(ratio - 1.5) < 0.05, "boosted \(ratio)x")
                } else {
                    #expect(peak > 0.95 && ratio > 1 && ratio < 1.2, "boosted \(ratio)x, peak \(peak)")
                }
                await harness.close()
            }
        }

        /// A quiet tone is raised towards full scale, keeps its pitch, and is heard to its end:
        /// the sound the normaliser holds back comes out when the item's data ends.
        @Test func loudnessNormalizationRaisesAQuietSoundAndKeepsAllOfIt() async throws {
            let spec = ClipSpec(
                duration: 2, hasVideo: false, tone: ClipSpec.Tone(amplitude: 0.05, codec: .pcm))
            let url = try TestMedia.cachedClip(spec, fileExtension: "wav")
            var levels: [Bool: Double] = [:]
            for normalized in [false, true] {
                let harness = PlayerHarness()
                harness.player.setLoudnessNormalization(normalized)
                harness.player.load(MediaItem(url: url), autoplay: true)
                #expect(await harness.wait(timeout: 6, for: .ended))
                let heard = HeardSound(harness.audio)
                let first = heard.samples.firstIndex { abs($0) > 0.005 } ?? 0
                let last = heard.samples.lastIndex { abs($0) > 0.005 } ?? 0
                let heardFor = Double(last - first) / 48_000
                #expect(abs(heardFor - 2) < 0.05, "heard for \(heardFor) s")
                // The middle second, where the normaliser's gain has settled.
                let middle = Array(heard.samples.dropFirst(24_000).prefix(48_000))
                levels[normalized] =
                    (middle.reduce(0) { $0 + Double($1 * $1) } / Double(max(middle.count, 1)))
                    .squareRoot()
                #expect(abs(heard.frequency - 440) < 4.4, "heard \(heard.frequency) Hz")
                #expect(heard.samples.allSatisfy { abs($0) <= 1 })
                #expect(harness.player.normalizesLoudness == normalized)
                if normalized { #expect(harness.events.contains(.loudnessNormalizationChanged(true))) }
                await harness.close()
            }
            let ratio = (levels[true] ?? 0) / max(levels[false] ?? 1, 1e-9)
            #expect(ratio > 5, "raised \(ratio)x: \(levels)")
        }

        /// Switched on and off while the sound plays, the normaliser leaves no gap and loses no sound.
        @Test func loudnessNormalizationSwitchedWhilePlayingLeavesNoGap() async throws {
            let spec = ClipSpec(
                duration: 3, hasVideo: false, tone: ClipSpec.Tone(amplitude: 0.05, codec: .pcm))
            let url = try TestMedia.cachedClip(spec, fileExtension: "wav")
            let harness = PlayerHarness()
            harness.player.load(MediaItem(url: url), autoplay: true)
            #expect(await harness.wait { harness.player.currentTime > 0.5 })
            harness.player.setLoudnessNormalization(true)
            #expect(await harness.wait { harness.player.currentTime > 1.8 })
            harness.player.setLoudnessNormalization(false)
            #expect(await harness.wait(timeout: 6, for: .ended))
            let heard = HeardSound(harness.audio)
            let first = heard.samples.firstIndex { abs($0) > 0.005 } ?? 0
            let last = heard.samples.lastIndex { abs($0) > 0.005 } ?? 0
            #expect(abs(Double(last - first) / 48_000 - 3) < 0.05, "heard for \((last - first) / 48) ms")
            var longestQuiet = 0
            var run = 0
            for sample in heard.samples[first...last] {
                run = abs(sample) < 0.002 ? run + 1 : 0
                longestQuiet = max(longestQuiet, run)
            }
            // A steady tone is that quiet for two or three samples around each zero crossing.
            #expect(longestQuiet < 10, "a gap of \(longestQuiet) samples")
            #expect(heard.samples.contains { abs($0) > 0.2 }, "raised while on")
            await harness.close()
        }

        @Test func rateTwoPlaysAFourSecondClipInAboutTwoSecondsWithTheTonePitchKept() async throws {
            let harness = PlayerHarness()
            harness.player.setRate(2)
            try await playClip(harness)
            let started = MediaPlayer.now
            #expect(await harness.wait(timeout: 6, for: .ended))
            let elapsed = MediaPlayer.now - started
            #expect(elapsed > 1.7 && elapsed < 2.6, "took \(elapsed) s")
            let measured = HeardSound(harness.audio).frequency
            #expect(abs(measured - 440) < 30, "pitch \(measured) Hz")
            await harness.close()
        }

        /// Stereo and 5.1 sound: SDL's device opens with the channels it can give for each.
        @Test(arguments: [2, 6])
        func theSDLDeviceCallbackPlaysAClipToTheEnd(channels: Int) async throws {
            let player = MediaPlayer()
            var errors: [PlayerError] = []
            player.addObserver { event in
                if case .error(let error) = event { errors.append(error) }
            }
            let spec = ClipSpec(duration: 0.8, tone: ClipSpec.Tone(channels: channels))
            player.load(try TestClips.item(spec), autoplay: true)
            let harness = PlayerHarness()
            #expect(await harness.wait(timeout: 4) { player.status == .ended })
            #expect(errors.isEmpty, "\(errors)")
            let renderer = try #require(player.session?.renderer, "the SDL device did not open")
            #expect(renderer.samplesRendered > 48_000)
            #expect(renderer.format.channels == channels, "SDL's dummy driver gives the channels asked")
            await player.close()
        }

        @Test func missingAudioDeviceIsReportedOnceAndPlaysOnTheSystemClock() async throws {
            let harness = PlayerHarness(audioFails: true)
            harness.player.load(try TestClips.item(ClipSpec(duration: 1)), autoplay: true)
            let started = MediaPlayer.now
            #expect(await harness.wait(timeout: 4, for: .ended))
            #expect(MediaPlayer.now - started > 0.9)
            let deviceErrors = harness.errors.filter {
                if case .audioDeviceUnavailable = $0 { true } else { false }
            }
            #expect(deviceErrors.count == 1)
            // 30 pictures: nearly all are shown in time, unless a sanitizer slows decoding.
            #expect(harness.player.framesPresented > (Sanitizer.isActive ? 0 : 25))
            await harness.close()
        }

        @Test func audioOnlyItemWithoutADevicePlaysForItsDurationOnTheSystemClock() async throws {
            let harness = PlayerHarness(audioFails: true)
            harness.player.load(try TestClips.item(ClipSpec(duration: 1, hasVideo: false)), autoplay: true)
            let started = MediaPlayer.now
            #expect(await harness.wait(timeout: 4, for: .ended))
            #expect(MediaPlayer.now - started > 0.9)
            #expect(harness.player.currentTime > 0.9)
            await harness.close()
        }

        @Test func loopingAudioOnlyItemWithoutADeviceRestartsOncePerDuration() async throws {
            let harness = PlayerHarness(audioFails: true)
            harness.player.setLooping(true)
            harness.player.load(try TestClips.item(ClipSpec(duration: 0.5, hasVideo: false)), autoplay: true)
            #expect(await harness.wait(for: .playing))
            await harness.wait(timeout: 1.2) { false }
            let restarts = harness.events.filter { $0 == .seekCompleted(0) }.count
            #expect((1...3).contains(restarts), "\(restarts) restarts in 1.2 s of a 0.5 s loop")
            await harness.close()
        }
    }
}
