import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// An audio delay moves the sound against the picture, heard at the sink: the click of a sync
    /// mark comes that much after its flash, and the clock (which paces the pictures) stays with
    /// what the device plays.
    @Suite @MainActor
    struct PlayerAudioDelayTests {
        /// A flash and a click together at 1 s, over a steady 440 Hz tone.
        static let spec = ClipSpec(width: 160, height: 96, duration: 3, syncMarks: [1])

        /// Seconds into the recording where the first click (the only sound above 0.6) starts.
        private func clickTime(_ heard: HeardSound) -> Double? {
            heard.samples.firstIndex { abs($0) > 0.6 }.map { Double($0) / Double(heard.sampleRate) }
        }

        /// Seconds into the recording where sound first rises out of silence.
        private func soundStart(_ heard: HeardSound) -> Double? {
            heard.samples.firstIndex { abs($0) > 0.01 }.map { Double($0) / Double(heard.sampleRate) }
        }

        /// Plays the loaded item once its first sound is queued, so that the sink records from the
        /// item's first sample on, with no empty device buffer before it (a slow machine decodes the
        /// first samples after the device started).
        private func playOnceSoundIsQueued(_ harness: PlayerHarness) async {
            #expect(await harness.wait { (harness.player.session?.renderer?.chunks.count ?? 0) >= 8 })
            harness.player.play()
        }

        /// Seconds of sound the sink played so far, less what it has not played yet.
        private func played(_ heard: HeardSound, _ sink: CaptureAudioSink) -> Double {
            Double(heard.samples.count) / Double(heard.sampleRate) - sink.latency
        }

        @Test(arguments: [0.0, 0.3, -0.3])
        func theClickComesTheDelayAfterItsFlashAndThePictureFollowsTheDevice(_ delay: Double) async throws {
            var item = MediaItem(url: try TestMedia.cachedClip(Self.spec))
            item.audioDelay = delay
            let harness = PlayerHarness()
            harness.player.load(item)
            await playOnceSoundIsQueued(harness)
            #expect(await harness.wait { harness.player.currentTime >= 1.6 })
            let position = harness.player.currentTime
            let heard = HeardSound(harness.audio)
            harness.player.pause()
            #expect(harness.player.audioDelay == delay)
            // A later sound starts with silence, an earlier one that far into the item: either way
            // the clock starts where the picture does and goes on with the device.
            let played = played(heard, harness.audio)
            #expect(abs(played - position) < 0.05, "the device played \(played) s at \(position) s")
            let start = try #require(soundStart(heard))
            #expect(abs(start - max(delay, 0)) < 0.02, "the sound starts \(start) s in")
            // The flash shows when the clock reaches 1 s, which is 1 s into the recording.
            let click = try #require(clickTime(heard))
            #expect(abs(click - (1 + delay)) < 0.02, "the click is heard \(click) s in")
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func aDelayChangedWhilePlayingMovesThePictureAndTheSoundRunsOnUnbroken() async throws {
            let harness = PlayerHarness()
            harness.player.load(MediaItem(url: try TestMedia.cachedClip(Self.spec)))
            await playOnceSoundIsQueued(harness)
            #expect(await harness.wait { harness.player.currentTime >= 0.4 })
            harness.player.setAudioDelay(0.25)
            #expect(harness.events.last == .audioDelayChanged(0.25))
            #expect(harness.player.items.first?.audioDelay == 0.25, "the item keeps its delay")
            #expect(await harness.wait { harness.player.currentTime >= 1.8 })
            let position = harness.player.currentTime
            let heard = HeardSound(harness.audio)
            harness.player.pause()
            let played = played(heard, harness.audio)
            #expect(abs(position - played - 0.25) < 0.05, "the device played \(played) s at \(position) s")
            let click = try #require(clickTime(heard))
            #expect(abs(click - 1) < 0.02, "the sound itself did not move: the click is \(click) s in")
            let gap = heard.longestQuietRun(in: heard.soundingPart)
            #expect(gap < 480, "a gap of \(Double(gap) / 48) ms")
            await harness.close()
        }

        @Test func aSeekWithALaterSoundLandsWhereAskedAndTheSoundFollowsAfterTheDelay() async throws {
            var item = MediaItem(url: try TestMedia.cachedClip(Self.spec))
            item.audioDelay = 0.3
            let harness = PlayerHarness()
            harness.player.load(item)
            #expect(await harness.wait(for: .ready))
            harness.player.seek(to: 0.5, exact: true)
            #expect(await harness.wait { harness.events.last == .seekCompleted(0.5) })
            harness.audio.reset()
            await playOnceSoundIsQueued(harness)
            #expect(await harness.wait { harness.player.currentTime >= 1.1 })
            let position = harness.player.currentTime
            let heard = HeardSound(harness.audio)
            harness.player.pause()
            let played = played(heard, harness.audio)
            #expect(abs(0.5 + played - position) < 0.05, "the device played \(played) s at \(position) s")
            let start = try #require(soundStart(heard))
            #expect(abs(start - 0.3) < 0.02, "the sound starts \(start) s after the seek")
            await harness.close()
        }
    }
}
