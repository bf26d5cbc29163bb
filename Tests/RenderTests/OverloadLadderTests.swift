import Testing

@testable import VideoPlayerRender

/// The ladder's decisions from the lateness of each picture, without a decoder or a clock.
@Suite struct OverloadLadderTests {
    /// Feeds `count` pictures of the same lateness; the levels the ladder moved to, in order.
    private func feed(_ ladder: inout OverloadLadder, _ lateness: Double, _ count: Int) -> [OverloadLevel] {
        (0..<count).compactMap { _ in ladder.observe(lateness: lateness).level }
    }

    @Test func pictureAfterPictureLateClimbsOneLevelPerRunToTheTopAndNoFurther() {
        var ladder = OverloadLadder()
        #expect(feed(&ladder, 0.05, OverloadLadder.engageCount - 1).isEmpty)
        #expect(feed(&ladder, 0.05, 1) == [.droppingLatePictures])
        #expect(
            feed(&ladder, 0.05, OverloadLadder.engageCount * 10)
                == [.skippingNonReferencePictures, .skippingLoopFilter, .skippingToKeyframes])
        #expect(ladder.level == .skippingToKeyframes)
    }

    @Test func aRunBrokenByAPictureOnTimeDoesNotClimb() {
        var ladder = OverloadLadder()
        // Early, or on the edge (just ahead of the clock): each breaks the run.
        for breaking in [-0.05, -0.01, 0, -0.05, -0.01] {
            #expect(feed(&ladder, 0.05, OverloadLadder.engageCount - 1).isEmpty)
            #expect(feed(&ladder, breaking, 1).isEmpty)
        }
        #expect(ladder.level == .none)
    }

    @Test func onlyTheTopLevelSkipsToAKeyframeAndOnlyFarBehind() {
        var ladder = OverloadLadder()
        var skips: [OverloadLevel] = []
        for _ in 0..<(OverloadLadder.engageCount * 4) {
            if ladder.observe(lateness: 1).skipsToKeyframe { skips.append(ladder.level) }
        }
        #expect(ladder.level == .skippingToKeyframes)
        #expect(skips == [.skippingToKeyframes])
        #expect(!ladder.observe(lateness: OverloadLadder.keyframeSkipLateness / 2).skipsToKeyframe)
        #expect(ladder.observe(lateness: OverloadLadder.keyframeSkipLateness * 2).skipsToKeyframe)
    }

    @Test func picturesAheadComeBackDownOneLevelPerRun() {
        var ladder = OverloadLadder()
        _ = feed(&ladder, 0.5, OverloadLadder.engageCount * 4)
        #expect(feed(&ladder, -0.05, OverloadLadder.releaseCount - 1).isEmpty)
        #expect(feed(&ladder, -0.05, 1) == [.skippingLoopFilter])
        #expect(
            feed(&ladder, -0.05, OverloadLadder.releaseCount * 10)
                == [.skippingNonReferencePictures, .droppingLatePictures, .none])
        // Pictures just ahead of the clock are too close to the edge to give work back.
        _ = feed(&ladder, 0.05, OverloadLadder.engageCount)
        #expect(feed(&ladder, -OverloadLadder.earlyMargin / 2, OverloadLadder.releaseCount * 2).isEmpty)
        #expect(ladder.level == .droppingLatePictures)
    }

    @Test func aLevelClimbedAgainSoonAfterItWasLeftTakesLongerToLeaveUntilALongEase() {
        var ladder = OverloadLadder()
        _ = feed(&ladder, 0.05, OverloadLadder.engageCount)
        var runs: [Int] = []
        for _ in 0..<6 {
            runs.append(ladder.releaseRun)
            #expect(feed(&ladder, -0.05, ladder.releaseRun) == [.none])
            // Late again at once: the decoder is on the edge.
            #expect(feed(&ladder, 0.05, OverloadLadder.engageCount) == [.droppingLatePictures])
        }
        #expect(runs == [30, 60, 120, 240, 480, 480])
        #expect(feed(&ladder, -0.05, OverloadLadder.longestReleaseCount) == [.none])
        _ = feed(&ladder, -0.05, OverloadLadder.releaseCount * 10)
        #expect(ladder.releaseRun == OverloadLadder.releaseCount)
    }

    @Test func aSeekForgetsTheRunButKeepsTheLevel() {
        var ladder = OverloadLadder()
        _ = feed(&ladder, 0.05, OverloadLadder.engageCount + OverloadLadder.engageCount - 1)
        ladder.restart()
        #expect(feed(&ladder, 0.05, OverloadLadder.engageCount - 1).isEmpty)
        #expect(ladder.level == .droppingLatePictures)
    }

    /// The sound about to run out because the video's packets fill the read-ahead: straight to the
    /// top and a skip, however few pictures were late; counted as a climb for the way back down.
    @Test func soundAboutToRunOutClimbsToTheTopAtOnce() {
        var ladder = OverloadLadder()
        _ = feed(&ladder, 0.05, 2)
        #expect(ladder.climbToTop() == .init(level: .skippingToKeyframes, skipsToKeyframe: true))
        #expect(ladder.climbToTop() == .init(level: nil, skipsToKeyframe: true))
        #expect(feed(&ladder, -0.05, OverloadLadder.releaseCount) == [.skippingLoopFilter])
        _ = feed(&ladder, -0.05, OverloadLadder.releaseCount * 3)
        _ = ladder.climbToTop()
        #expect(ladder.releaseRun == OverloadLadder.releaseCount * 2)
    }
}
