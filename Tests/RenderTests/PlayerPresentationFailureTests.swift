import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// A window that cannot show the pictures says so, once per item, and playback goes on.
    @Suite @MainActor
    struct PlayerPresentationFailureTests {
        @Test func aFailureToShowThePictureIsReportedOncePerItem() async throws {
            let harness = PlayerHarness()
            let spec = ClipSpec(width: 160, height: 96, duration: 1, tone: nil)
            harness.player.load([try TestClips.item(spec), try TestClips.item(spec)])
            #expect(await harness.wait(for: .ready))
            let failure = PlayerError.videoOutputUnavailable("the renderer lost its device")
            for _ in 0..<3 { harness.player.reportPresentationFailure(failure) }
            #expect(harness.errors == [failure])
            #expect(harness.player.status == .ready)
            harness.player.next()
            harness.player.reportPresentationFailure(failure)
            #expect(harness.errors == [failure, failure])
            await harness.close()
        }
    }
}
