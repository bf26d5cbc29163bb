import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerFixtures
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// A player in a real window while the server slows, stalls and comes back: the spinner shows, the
/// error shows in words, the interface keeps composing and answers input, and Retry plays on from
/// where the item failed. How fast it all stays is player-bench's `network` scenario.
@MainActor
@Suite(.serialized) struct NetworkPlaybackEndToEndTests {
    static let spec = ClipSpec(width: 160, height: 96, duration: 6, gopSeconds: 1)

    @Test(arguments: ServedClip.Delivery.allCases)
    func aStallShowsTheSpinnerThenTheErrorWhileTheInterfaceStaysLiveAndRetryPlaysOn(
        _ delivery: ServedClip.Delivery
    ) async throws {
        let clip = try ServedClip(delivery, spec: Self.spec)
        let bed = try NetworkWindowBed(networkTimeout: 1.5)
        let render = bed.context.render
        clip.server.throttle(bytesPerSecond: clip.bytesPerSecond * 3 / 2)
        render.load(clip.item, autoplay: true)
        #expect(bed.run(timeout: 5) { render.status == .playing && render.currentTime > 0.5 }.met)

        // Far slower than the bit rate: the player waits for data and the spinner turns.
        clip.server.throttle(bytesPerSecond: clip.bytesPerSecond / 8)
        #expect(bed.run(timeout: 5) { render.status == .buffering }.met)
        let spinning = bed.run(timeout: 0.5) { false }.figures
        #expect(bed.host.frame(ofIdentifier: "loading") != nil)
        #expect(spinning.spinnerSteps > 0, "the spinner did not turn")

        // Stalled past the timeout: the error shows in words. Meanwhile the loop goes on, the probe
        // ticks and a tap is shown in the next frame.
        clip.server.stall()
        var stall = bed.run(timeout: 0.5) { false }.figures
        let presentsAtTap = bed.window.statistics.presents
        #expect(bed.tap(identifier: "probe"))
        let answered = bed.run(timeout: 1) { bed.window.statistics.presents > presentsAtTap }
        #expect(bed.context[ProbeService.self].taps == 1 && answered.figures.iterations == 1)
        let failed = bed.run(timeout: 4) { render.error != nil }
        stall = stall + answered.figures + failed.figures
        #expect(failed.met && render.status == .failed(.network(.timeout)))
        let message = try #require(bed.host.frame(ofIdentifier: "error.message"))
        #expect(try #require(bed.window.screenshot()).ink(in: message) > 30)
        #expect(bed.host.frame(ofIdentifier: "loading") == nil)
        #expect(stall.probeTicks > 0 && stall.presents > 0, "the interface stood still in the stall")

        // The server is back: Retry plays on from where the item failed.
        let failedAt = render.currentTime
        clip.server.stop()
        clip.server.throttle(bytesPerSecond: nil)
        try clip.server.start()
        let uploads = bed.window.statistics.videoUploads
        #expect(bed.tap(identifier: "error.retry"))
        let replayed = bed.run(timeout: 4) {
            render.status == .playing && render.statistics.framesPresented > 0
        }
        #expect(replayed.met)
        let first = try #require(render.engine.currentFrame)
        #expect(abs(first.time - failedAt) < 0.05, "failed at \(failedAt), went on at \(first.time)")
        #expect(render.error == nil, "\(String(describing: render.error))")
        #expect(bed.host.frame(ofIdentifier: "error.retry") == nil)
        #expect(bed.run(timeout: 2) { bed.window.statistics.videoUploads > uploads + 5 }.met)
        await bed.close()
    }
}
