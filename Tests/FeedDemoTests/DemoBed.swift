import Foundation
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// A demo's widget tree in a headless host on a test clock, with its real player.
@MainActor
final class DemoBed {
    let clock = TestClock()
    let context: Context
    private(set) var host: WidgetHost?

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock).withDependency(
            \.playbackEngine, .ffmpeg)
    }

    /// Mounts `root` at `size` and draws it once.
    func mount(_ root: some Widget, size: Size) {
        let made = SnapshotRenderer(size: size, context: context).makeHost(root, clearColor: .black)
        made.update()
        host = made
    }

    /// A silent clip (no audio device needed), cached across runs.
    static func clip(duration: Double = 2, width: Int = 180, height: Int = 320) throws -> URL {
        try TestMedia.cachedClip(
            ClipSpec(width: width, height: height, duration: duration, gopSeconds: 0.5, tone: nil))
    }

    /// Waits (real time: the engine decodes on its threads) until `condition` holds, pumping the
    /// player and updating the host as a window would.
    @discardableResult
    func waitUntil(timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
        guard let host else {
            return await VideoPlayerTestSupport.waitUntil(
                timeout: timeout, polling: { context.render.engine.pump() }, condition)
        }
        return await host.waitUntil(timeout: timeout, condition)
    }

    /// Lets `seconds` pass on the test clock and updates the host.
    func advance(_ seconds: Double) {
        clock.advance(by: seconds)
        host?.update()
    }

    func click(_ point: Point) {
        host?.click(point)
    }

    func click(identifier: String) {
        guard let frame = host?.frame(ofIdentifier: identifier) else { return }
        click(Point(x: frame.midX, y: frame.midY))
    }

    /// Presses at `from`, moves in `steps` to `to`, releases there.
    func drag(from: Point, to: Point, steps: Int = 6) {
        host?.drag(from: from, to: to, steps: steps)
    }

    /// The host's pixels over the current video frames, as a window shows them.
    func snapshot() -> RasterImage {
        host?.update()
        return host?.snapshotWithVideo() ?? RasterImage(width: 0, height: 0)
    }
}
