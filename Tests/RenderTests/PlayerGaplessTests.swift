import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// A queue plays back to back: the next item's first sample follows the last one's last sample
    /// on the same device, with no gap, heard at the sink.
    @Suite @MainActor
    struct PlayerGaplessTests {
        /// Pairs of half-second clips whose 440 Hz tone holds a whole number of periods, so two
        /// played back to back make one unbroken sine.
        nonisolated static let pairs: [[ToneClip]] = [
            [ToneClip(codec: .pcm, container: "wav", duration: 0.5)],
            [ToneClip(codec: .flac, container: "flac", duration: 0.5)],
            [ToneClip(codec: .opus, container: "ogg", duration: 0.5)],
            [ToneClip(codec: .aac, container: "mp4", duration: 0.5, hasVideo: true)],
            [ToneClip(codec: .pcm, container: "mkv", duration: 0.5, hasVideo: true)],
            // Matroska and MPEG-TS keep the AAC priming: the item that follows leaves it out.
            [ToneClip(codec: .aac, container: "mkv", duration: 0.5, hasVideo: true)],
            [ToneClip(codec: .aac, container: "ts", duration: 0.5, hasVideo: true)],
            // Different formats follow each other too: the device's format is the one they meet in.
            [
                ToneClip(codec: .pcm, container: "wav", sampleRate: 44_100, duration: 0.5),
                ToneClip(codec: .flac, container: "flac", duration: 0.5),
            ],
        ].map { $0.count == 1 ? [$0[0], $0[0]] : $0 }

        @Test(arguments: pairs)
        func theToneRunsOnUnbrokenFromOneItemIntoTheNext(_ pair: [ToneClip]) async throws {
            let items = try pair.map { MediaItem(url: try $0.url()) }
            let harness = PlayerHarness()
            harness.player.load(items, autoplay: true)
            let ends = { harness.events.filter { $0 == .ended }.count }
            #expect(await harness.wait(timeout: 6) { ends() >= 2 })
            #expect(harness.player.currentIndex == 1)
            let length = pair.reduce(0) { $0 + $1.duration }
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 48_000 * length * 0.98)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func anItemAppendedWhileTheLastOnePlaysFollowsItWithoutAGap() async throws {
            // The first item is longer than the demuxer reads ahead (about two seconds), so its end
            // is still to be read when the second one is appended, as in a film of any length.
            let first = ToneClip(codec: .aac, container: "mp4", duration: 4, hasVideo: true)
            let second = ToneClip(codec: .aac, container: "mp4", duration: 0.5, hasVideo: true)
            let harness = PlayerHarness()
            harness.player.load(MediaItem(url: try first.url()), autoplay: true)
            #expect(await harness.wait(timeout: 4) { harness.player.status == .playing })
            let appended = MediaItem(url: try second.url())
            harness.player.append([appended])
            #expect(harness.events.last == .queueChanged(harness.player.items.map(\.id)))
            #expect(harness.player.items.count == 2 && harness.player.currentIndex == 0)
            let ends = { harness.events.filter { $0 == .ended }.count }
            #expect(await harness.wait(timeout: 10) { ends() >= 2 })
            #expect(harness.player.currentItem?.id == appended.id)
            HeardSound(harness.audio).expectUnbrokenTone(longerThan: 48_000 * 4.5 * 0.98)
            #expect(harness.sinksMade == 1)
            #expect(harness.errors.isEmpty, "\(harness.errors)")
            await harness.close()
        }

        @Test func everyItemOfTheQueuePlaysOnTheFirstItemsDevice() async throws {
            let clip = try ToneClip(codec: .pcm, container: "wav", duration: 0.3).url()
            let harness = PlayerHarness()
            harness.player.load(Array(repeating: MediaItem(url: clip), count: 3), autoplay: true)
            #expect(await harness.wait(timeout: 6) { harness.events.filter { $0 == .ended }.count >= 3 })
            #expect(harness.sinksMade == 1)
            let sounded = Double(HeardSound(harness.audio).soundingPart.count)
            #expect(sounded > 48_000 * 0.9 * 0.98, "only \(sounded) samples sounded")
            await harness.close()
        }

        @Test func aVideoWhoseSoundStopsEarlyKeepsTheNextItemsSoundForItsPicture() async throws {
            // One second of picture over half a second of tone: the next item's tone starts with
            // its picture, a second in, not when the first one's sound runs out.
            let first = try TestMedia.cachedClip(
                ClipSpec(duration: 1, tone: ClipSpec.Tone(codec: .pcm, duration: 0.5)),
                fileExtension: "mkv")
            let second = try ToneClip(codec: .pcm, container: "wav", duration: 0.5).url()
            let harness = PlayerHarness()
            harness.player.load([MediaItem(url: first), MediaItem(url: second)], autoplay: true)
            #expect(await harness.wait(timeout: 6) { harness.events.filter { $0 == .ended }.count >= 2 })
            let heard = HeardSound(harness.audio)
            let sounding = heard.soundingPart
            let quiet = heard.longestQuietRun(in: sounding)
            #expect(abs(Double(quiet) / 48_000 - 0.5) < 0.03, "a silence of \(quiet) samples")
            await harness.close()
        }
    }
}
