import Testing
import VideoPlayerFixtures
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// The overload ladder in a playing player whose decoder is made too slow for the stream: it
/// climbs, the sound plays on, and it comes back down once the decoder keeps up.
@MainActor
@Suite struct PlayerOverloadTests {
    /// A decoder that spends 2.5 frame times on each picture, whatever it is told to skip, climbs
    /// the whole ladder in order and skips to keyframes; libavcodec is told to skip non-reference
    /// pictures and the loop filter on the way. Made fast again, it comes back down one level at a
    /// time to none. The sound never runs out meanwhile.
    @Test func aDecoderTooSlowForTheStreamShedsWorkInOrderAndTakesItBackWhenItKeepsUp() async throws {
        let slow = Locked(true)
        let told = Locked<Set<[Bool]>>([])
        // 50 fps, so that the runs of pictures the ladder counts take little time.
        let frameTime = 0.02
        let harness = PlayerHarness(extraDecodeCost: { shortcuts in
            told.withLock { _ = $0.insert([shortcuts.skipsNonReference, shortcuts.skipsLoopFilter]) }
            return slow.withLock { $0 } ? 2.5 * frameTime : 0
        })
        harness.player.load(
            try TestClips.item(
                ClipSpec(
                    width: 160, height: 120, frameRate: 50, duration: 12, gopSeconds: 0.5, allowsBFrames: true
                )))
        harness.player.play()
        let player = harness.player
        #expect(await harness.wait(timeout: 8) { player.overloadLevel == .skippingToKeyframes })
        #expect(await harness.wait(timeout: 3) { player.statistics.picturesSkipped > 0 })
        #expect(told.withLock { $0.isSuperset(of: [[false, false], [true, false], [true, true]]) })
        slow.withLock { $0 = false }
        #expect(await harness.wait(timeout: 6) { player.overloadLevel == .none })
        let levels = harness.events.compactMap { event in
            if case .overloadChanged(let level) = event { level } else { nil }
        }
        #expect(
            levels == [
                .droppingLatePictures, .skippingNonReferencePictures, .skippingLoopFilter,
                .skippingToKeyframes,
                .skippingLoopFilter, .skippingNonReferencePictures, .droppingLatePictures, .none,
            ])
        #expect(player.status == .playing)
        #expect(!harness.events.contains(.statusChanged(.buffering)))
        #expect(player.statistics.stallCount == 0)
        #expect(player.statistics.audioUnderruns == 0)
        let sound = HeardSound(harness.audio)
        #expect(sound.longestQuietRun(in: sound.soundingPart) < sound.sampleRate / 100)
        await harness.close()
    }

    /// A first picture that takes a second to decode (4K on two cores) holds the clock: the item
    /// stays loading, silent, until the picture shows, then plays from its start without buffering.
    @Test func aSlowFirstPictureHoldsTheClockInsteadOfBuffering() async throws {
        let decoded = Locked(0)
        let harness = PlayerHarness(extraDecodeCost: { _ in
            decoded.withLock { count in
                count += 1
                return count == 1 ? 1 : 0
            }
        })
        let player = harness.player
        var whenPlaying: (shown: Int, position: Double)?
        player.addObserver { [weak player] event in
            guard let player, event == .statusChanged(.playing), whenPlaying == nil else { return }
            whenPlaying = (player.statistics.framesPresented, player.currentTime)
        }
        harness.player.load(
            try TestClips.item(ClipSpec(width: 160, height: 120, frameRate: 25, duration: 4)))
        harness.player.play()
        // Held, nothing is due before the wait for the picture runs out: the picture wakes it.
        #expect(await harness.wait { player.hasVideo && player.currentFrame == nil })
        #expect(player.status == .loading && (player.nextDueTime ?? 0) > MediaPlayer.now + 3)
        #expect(await harness.wait(timeout: 8, for: .playing))
        #expect(whenPlaying?.shown == 1)
        #expect((whenPlaying?.position ?? 1) < 0.05)
        #expect(await harness.wait(timeout: 8) { player.currentTime > 1.5 })
        #expect(harness.statuses.prefix(2) == [.loading, .playing])
        #expect(!harness.statuses.contains(.buffering))
        #expect(player.statistics.stallCount == 0)
        #expect(player.statistics.audioUnderruns == 0)
        await harness.close()
    }

    /// A decoder whose pictures after the first come slowly at first (frame threads working
    /// through the pictures the first ones refer to, 4K on two cores) holds the clock until the
    /// pictures waiting fill their queue: the item stays loading on its first picture, then plays
    /// without a picture late, where a clock started at the first picture would find the next
    /// ones late and drop them.
    @Test func theClockStartsOnceThePicturesAfterTheFirstAreDecoded() async throws {
        let decoded = Locked(0)
        let harness = PlayerHarness(extraDecodeCost: { _ in
            decoded.withLock { count in
                count += 1
                return (2...4).contains(count) ? 0.15 : 0
            }
        })
        let player = harness.player
        var whenPlaying: (shown: Int, decoded: Int)?
        player.addObserver { [weak player] event in
            guard let player, event == .statusChanged(.playing), whenPlaying == nil else { return }
            whenPlaying = (player.statistics.framesPresented, decoded.withLock { $0 })
        }
        harness.player.load(
            try TestClips.item(ClipSpec(width: 160, height: 120, frameRate: 25, duration: 10)))
        harness.player.play()
        #expect(await harness.wait(timeout: 8, for: .playing))
        #expect(whenPlaying?.shown == 1, "the first picture shows while the item loads")
        // The first picture, and as many as wait for their time behind it.
        #expect((whenPlaying?.decoded ?? 0) >= 1 + PlaybackSession.videoFramesAhead)
        #expect(await harness.wait(timeout: 8) { player.currentTime > 1 })
        #expect(player.statistics.framesDropped == 0)
        #expect(player.overloadLevel == .none)
        #expect(harness.statuses.prefix(2) == [.loading, .playing])
        await harness.close()
    }

    /// A stream with one keyframe only: skipping to the next one would leave the picture frozen to
    /// the end. The skip ends where the packets are due, and pictures go on being shown.
    @Test func aSkipEndsWherePacketsAreDueWhenNoKeyframeComes() async throws {
        let harness = PlayerHarness(extraDecodeCost: { _ in 0.05 })
        harness.player.load(
            try TestClips.item(
                ClipSpec(
                    width: 160, height: 120, frameRate: 50, duration: 8, gopSeconds: 8, allowsBFrames: true)))
        harness.player.play()
        let player = harness.player
        #expect(await harness.wait(timeout: 6) { player.statistics.picturesSkipped > 0 })
        let shown = player.statistics.framesPresented
        #expect(await harness.wait(timeout: 2) { player.statistics.framesPresented >= shown + 5 })
        #expect(player.statistics.audioUnderruns == 0)
        #expect(!harness.events.contains(.statusChanged(.buffering)))
        await harness.close()
    }
}
