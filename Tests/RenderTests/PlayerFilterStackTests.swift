import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// `addFilter(_:clear:)` and `removeAllFilters()`: a stack of libavfilter video filters, checked
    /// when added, applied in order after the picture adjustments.
    @Suite @MainActor
    struct PlayerFilterStackTests {
        /// How far the picture's top middle is from the clip's first frame, and from its negative.
        func distances(_ harness: PlayerHarness) throws -> (plain: Int, negated: Int) {
            let frame = try #require(harness.player.currentFrame)
            let pixels = try #require(frame.rgbaPixels())
            let shown = pixels.pixel(x: pixels.width / 2, y: pixels.height / 4)
            let expected = TestMedia.colour(forFrame: 0)
            let plain = abs(Int(shown.r) - Int(expected.r)) + abs(Int(shown.g) - Int(expected.g))
            let negated =
                abs(Int(shown.r) - (255 - Int(expected.r))) + abs(Int(shown.g) - (255 - Int(expected.g)))
            return (plain, negated)
        }

        /// Seeks back to the first frame and waits until it shows again.
        func showFirstFrame(_ harness: PlayerHarness) async {
            let serial = harness.events.count
            harness.player.seek(to: 0, exact: true)
            #expect(await harness.wait { harness.events.dropFirst(serial).contains(.seekCompleted(0)) })
        }

        @Test func filtersApplyInOrderAndComeOffTogether() async throws {
            let harness = PlayerHarness()
            try harness.player.addFilter("negate")
            harness.player.load(try TestClips.standard())
            #expect(await harness.wait { harness.player.currentFrame != nil })
            var distance = try distances(harness)
            #expect(distance.negated < 48 && distance.plain > 200, "negated once: \(distance)")

            try harness.player.addFilter("negate")
            #expect(harness.player.videoFilters == ["negate", "negate"])
            await showFirstFrame(harness)
            distance = try distances(harness)
            #expect(distance.plain < 48, "negated twice is the picture itself: \(distance)")

            try harness.player.addFilter(" hflip,negate ", clear: true)
            #expect(harness.player.videoFilters == ["hflip,negate"])
            harness.player.removeAllFilters()
            #expect(harness.player.videoFilters.isEmpty)
            await showFirstFrame(harness)
            distance = try distances(harness)
            #expect(distance.plain < 48, "no filter: \(distance)")
            #expect(harness.errors.isEmpty)
            await harness.close()
        }

        @Test(arguments: ["nosuchfilter", "boxblur=nonsense=3", "split[a][b];[a]nullsink", "", "  "])
        func aFilterLibavfilterDoesNotTakeIsRefusedAndTheStackStays(_ description: String) async throws {
            let harness = PlayerHarness()
            let player = harness.player
            try player.addFilter("hflip")
            #expect {
                try player.addFilter(description)
            } throws: { error in
                if case PlayerError.invalidArgument = error { true } else { false }
            }
            #expect(player.videoFilters == ["hflip"])
            await harness.close()
        }

        @Test func aFilterThatOnlyFailsOnThePictureIsReportedAndTakenOff() async throws {
            // A crop larger than the 320x240 picture is a valid filter until it meets one.
            let harness = PlayerHarness()
            harness.player.setBrightness(0.1)
            try harness.player.addFilter("crop=5000:5000")
            harness.player.load(try TestClips.standard())
            #expect(await harness.wait { harness.player.currentFrame != nil })
            #expect(await harness.wait { !harness.errors.isEmpty })
            #expect(harness.errors.contains { if case .invalidArgument = $0 { true } else { false } })
            #expect(harness.player.videoFilters.isEmpty)
            #expect(harness.player.brightness == 0.1, "the adjustments stay")
            await harness.close()
        }

        @Test func contrastGoesUpToFour() async {
            let harness = PlayerHarness()
            let player = harness.player
            player.setContrast(3.5)
            #expect(player.contrast == 3.5)
            player.setContrast(9)
            #expect(player.contrast == 4)
            await harness.close()
        }

        @Test func theTickIntervalChangesWhilePlaying() async throws {
            // Off at first, then every 0.5 s of media time from where playback stands.
            let harness = PlayerHarness()
            harness.player.load(try TestClips.item(ClipSpec(duration: 2)), autoplay: true)
            #expect(await harness.wait { harness.player.currentTime > 0.3 })
            let from = Int((harness.player.currentTime / 0.5).rounded(.down)) + 1
            harness.player.setTimeTickInterval(0.5)
            #expect(await harness.wait(timeout: 4, for: .ended))
            let ticks = harness.events.compactMap { if case .timeTick(let time) = $0 { time } else { nil } }
            let multiples = ticks.map { Int(($0 / 0.5).rounded(.down)) }
            #expect(multiples == Array(from...3) || multiples == Array(from...4), "\(ticks)")
            harness.player.setTimeTickInterval(.nan)
            #expect(harness.player.configuration.timeTickInterval == 0.25)
            harness.player.setTimeTickInterval(nil)
            #expect(harness.player.configuration.timeTickInterval == nil)
            await harness.close()
        }
    }
}
