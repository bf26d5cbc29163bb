import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// Looping is seamless: the end of an item joins its start with no gap, no repeated or missing
    /// sample and no seek, heard at the sink.
    @Suite @MainActor
    struct PlayerLoopTests {
        /// Half-second clips, whose 440 Hz tone holds a whole number of periods.
        nonisolated static let samples: [ToneClip] = [
            ToneClip(codec: .pcm, container: "wav", duration: 0.5),
            ToneClip(codec: .flac, container: "flac", duration: 0.5),
            ToneClip(codec: .opus, container: "ogg", duration: 0.5),
            ToneClip(codec: .aac, container: "mp4", duration: 0.5, hasVideo: true),
            ToneClip(codec: .pcm, container: "mkv", duration: 0.5, hasVideo: true),
            // Matroska keeps the AAC priming, and rounds its block times to the millisecond.
            ToneClip(codec: .aac, container: "mkv", duration: 0.5, hasVideo: true),
            // MPEG-TS keeps the AAC priming, and a seek by time would drop the first keyframe.
            ToneClip(codec: .aac, container: "ts", duration: 0.5, hasVideo: true),
            // Shorter than one device buffer: several passes are read and decoded ahead.
            ToneClip(codec: .pcm, container: "wav", duration: 0.05),
        ]

        @Test(arguments: samples)
        func theToneRunsOnUnbrokenAcrossThreeLoopPoints(_ sample: ToneClip) async throws {
            let url = try sample.url()
            let harness = PlayerHarness()
            harness.player.setLooping(true)
            harness.player.load(MediaItem(url: url), autoplay: true)
            let loops = { harness.events.filter { $0 == .looped }.count }
            #expect(await harness.wait(timeout: 6) { loops() >= 3 })
            #expect(harness.player.currentTime >= 0 && harness.player.currentTime <= sample.duration)
            // A little more than the third joint has played.
            await harness.wait(timeout: 0.2) { false }
            harness.player.pause()
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 48_000 * 3 * sample.duration)
            #expect(!harness.events.contains(.ended))
            #expect(!harness.events.contains { if case .seekCompleted = $0 { true } else { false } })
            await harness.close()
        }

        @Test func aVideoWithoutSoundLoopsOnTheSystemClockWithoutASeek() async throws {
            let harness = PlayerHarness()
            harness.player.setLooping(true)
            harness.player.load(try TestClips.item(ClipSpec(duration: 0.5, tone: nil)), autoplay: true)
            var numbers: [Int] = []
            let loopedTwice = await harness.wait(timeout: 5) {
                if let number = harness.player.currentFrame?.clipFrameNumber, number != numbers.last {
                    numbers.append(number)
                }
                return harness.events.filter { $0 == .looped }.count >= 2
            }
            #expect(loopedTwice)
            // The pictures run on from the last (14) to the first, as they were made.
            let wraps = zip(numbers, numbers.dropFirst()).filter { $0 > $1 }
            #expect(wraps.count >= 1 && wraps.allSatisfy { $0.0 >= 12 && $0.1 <= 2 }, "\(numbers)")
            #expect(!harness.events.contains { if case .seekCompleted = $0 { true } else { false } })
            #expect(harness.player.currentTime <= 0.5)
            await harness.close()
        }

        @Test func aProgressiveDownloadLoopsSeamlesslyToo() async throws {
            let clip = try ServedClip(.progressive, spec: ClipSpec(duration: 0.5))
            let harness = PlayerHarness()
            harness.player.setLooping(true)
            harness.player.load(clip.item, autoplay: true)
            #expect(await harness.wait(timeout: 5) { harness.events.filter { $0 == .looped }.count >= 2 })
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            #expect(!harness.events.contains { if case .seekCompleted = $0 { true } else { false } })
            await harness.close()
        }
    }
}
