import Foundation
import HTTPTestSupport
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerWidgets

/// A player in a real window while the server slows, stalls and comes back: the spinner shows, the
/// error shows in words, the interface keeps composing at its rate and answers input, and Retry
/// plays on from where the item failed.
@MainActor
@Suite(.serialized) struct NetworkPlaybackTests {
    static let spec = ClipSpec(width: 160, height: 96, duration: 6, gopSeconds: 1)

    @Test(arguments: ServedClip.Delivery.allCases)
    func aStallShowsTheSpinnerThenTheErrorWhileTheInterfaceStaysLiveAndRetryPlaysOn(
        _ delivery: ServedClip.Delivery
    ) async throws {
        let clip = try ServedClip(delivery, spec: Self.spec)
        let bed = try NetworkWindowBed(networkTimeout: 1.5)
        let render = bed.context.render
        clip.server.throttle(bytesPerSecond: clip.bytesPerSecond * 3 / 2)
        let loadSeconds = Self.seconds { render.load(clip.item, autoplay: true) }
        #expect(bed.run(timeout: 5) { render.status == .playing && render.currentTime > 0.5 }.met)

        // Slower than the bit rate: the player waits for data and the spinner turns.
        clip.server.throttle(bytesPerSecond: clip.bytesPerSecond / 4)
        #expect(bed.run(timeout: 5) { render.status == .buffering }.met)
        let spinning = bed.run(timeout: 0.5) { false }.figures
        #expect(bed.host.frame(ofIdentifier: "loading") != nil)
        #expect(spinning.spinnerStepsPerSecond > 8, "spinner at \(spinning.spinnerStepsPerSecond)/s")

        // Stalled past the timeout: the error shows in words. Meanwhile the loop never blocks, the
        // probe ticks at its rate and a tap is shown in the next frame.
        clip.server.stall()
        var stall = bed.run(timeout: 0.5) { false }.figures
        let presentsAtTap = bed.window.statistics.presents
        let tapSeconds = try #require(bed.tap(identifier: "probe"))
        let answered = bed.run(timeout: 1) { bed.window.statistics.presents > presentsAtTap }
        #expect(bed.context[ProbeService.self].taps == 1 && answered.figures.iterations == 1)
        let failed = bed.run(timeout: 4) { render.error != nil }
        stall = stall + answered.figures + failed.figures
        #expect(failed.met && render.status == .failed(.network(.timeout)))
        let message = try #require(bed.host.frame(ofIdentifier: "error.message"))
        #expect(try #require(bed.window.screenshot()).ink(in: message) > 30)
        #expect(bed.host.frame(ofIdentifier: "loading") == nil)
        // A main actor waiting on the network would be held for the whole 1.5 s timeout; the bounds leave
        // room for a machine busy with other work (typically 5-10 ms, 30 ticks a second).
        #expect(stall.longestIteration < 0.25, "the main actor was held \(stall.longestIteration) s at once")
        #expect(stall.probeTicksPerSecond > 15 && stall.presentsPerSecond > 15)

        // The server is back: Retry plays on from where the item failed.
        let failedAt = render.currentTime
        clip.server.stop()
        clip.server.throttle(bytesPerSecond: nil)
        try clip.server.start()
        let uploads = bed.window.statistics.videoUploads
        let retryTapSeconds = try #require(bed.tap(identifier: "error.retry"))
        let replayed = bed.run(timeout: 4) { render.status == .playing && render.player.framesPresented > 0 }
        #expect(replayed.met)
        let first = try #require(render.player.currentFrame)
        #expect(abs(first.time - failedAt) < 0.05, "failed at \(failedAt), went on at \(first.time)")
        #expect(render.error == nil, "\(String(describing: render.error))")
        #expect(bed.host.frame(ofIdentifier: "error.retry") == nil)
        #expect(bed.run(timeout: 2) { bed.window.statistics.videoUploads > uploads + 5 }.met)
        #expect(max(loadSeconds, tapSeconds, retryTapSeconds) < 0.25)
        print(
            "NETWORK UI \(delivery): stall to error \(Self.format(stall.seconds)) s,"
                + " longest loop iteration \(Self.format(stall.longestIteration * 1000)) ms,"
                + " \(Self.format(stall.presentsPerSecond)) presents/s,"
                + " probe \(Self.format(stall.probeTicksPerSecond)) ticks/s,"
                + " spinner \(Self.format(spinning.spinnerStepsPerSecond)) steps/s,"
                + " load \(Self.format(loadSeconds * 1000)) ms, tap \(Self.format(tapSeconds * 1000)) ms,"
                + " retry tap \(Self.format(retryTapSeconds * 1000)) ms,"
                + " retry to first frame \(Self.format(replayed.figures.seconds)) s")
        await bed.close()
    }

    private static func seconds(_ work: () -> Void) -> Double {
        let started = MediaPlayer.now
        work()
        return MediaPlayer.now - started
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
