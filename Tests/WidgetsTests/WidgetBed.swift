import Foundation
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport

/// A headless host for one widget (or a whole player) on a test clock, with FFmpeg's player whose
/// clips come from `TestMedia`.
@MainActor
final class WidgetBed {
    let clock = TestClock()
    let context: Context
    let host: WidgetHost
    let renderer: SnapshotRenderer

    init(size: Size = Size(width: 320, height: 180), _ root: (Context) -> some Widget) {
        let context = Context(mode: .test).withDependency(\.clock, clock).withDependency(
            \.playbackEngine, .ffmpeg)
        self.context = context
        renderer = SnapshotRenderer(size: size, context: context)
        host = renderer.makeHost(root(context), clearColor: .black)
        host.update()
    }

    /// A silent clip (no audio: no device needed), cached across runs.
    static func clip(
        duration: Double = 2, width: Int = 160, height: Int = 96, gop: Double = 0.5,
        subtitles: [SubtitleCue] = []
    ) throws -> URL {
        try TestMedia.cachedClip(
            ClipSpec(
                width: width, height: height, duration: duration, gopSeconds: gop, tone: nil,
                subtitles: subtitles))
    }

    /// Loads `item` and waits until the player is ready (or playing when `autoplay`).
    func load(_ item: MediaItem, autoplay: Bool = false) async -> Bool {
        context.render.load(item, autoplay: autoplay)
        return await waitUntil { [.ready, .playing].contains(self.context.render.status) }
    }

    /// Loads a fresh silent clip of `duration` seconds.
    func loadClip(duration: Double = 2, title: String? = nil, autoplay: Bool = false) async throws -> Bool {
        await load(MediaItem(url: try Self.clip(duration: duration), title: title), autoplay: autoplay)
    }

    /// Seeks exactly and waits for the position to get there.
    func seek(to time: Double) async -> Bool {
        context.render.seek(to: time, exact: true)
        return await waitUntil { abs(self.context.render.currentTime - time) < 0.05 }
    }

    /// Waits (real time, the engine runs on its threads) until `condition` holds, updating the host.
    @discardableResult
    func waitUntil(timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
        // NB: a window pumps the player on every loop iteration; without one, a paused player
        // stops pumping itself, so a seek's first picture would never be taken.
        let met = await VideoPlayerTestSupport.waitUntil(
            timeout: timeout,
            polling: {
                context.render.engine.pump()
                host.update()
            }, condition)
        host.update()
        return met
    }

    func snapshot() -> RasterImage {
        host.update()
        return host.snapshot()
    }

    func click(_ point: Point) {
        host.handle(.pointerDown(point))
        host.handle(.pointerUp(point))
        host.update()
    }

    func click(identifier: String) {
        guard let frame = host.frame(ofIdentifier: identifier) else { return }
        click(Point(x: frame.midX, y: frame.midY))
    }

    /// Presses at `from`, moves in `steps` to `to`, releases there.
    func drag(from: Point, to: Point, steps: Int = 4) {
        host.drag(from: from, to: to, steps: steps)
    }

    /// Lets `seconds` pass on the test clock and updates the host.
    func advance(_ seconds: Double) {
        clock.advance(by: seconds)
        host.update()
    }
}
