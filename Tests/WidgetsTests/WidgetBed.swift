import Foundation
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport

/// A headless host for one widget (or a whole player) on a test clock, playing on the fake engine
/// (clips made with `clip(...)` open as their specs say) or, for end-to-end suites, on FFmpeg's.
@MainActor
final class WidgetBed {
    let clock = TestClock()
    let context: Context
    let host: WidgetHost
    let renderer: SnapshotRenderer

    /// The clips the beds' fake engines know.
    static let clips = FakeClipLibrary()

    init(
        size: Size = Size(width: 320, height: 180), engine: PlaybackEngineFactory = WidgetBed.clips.engine,
        _ root: (Context) -> some Widget
    ) {
        let context = Context(mode: .test).withDependency(\.clock, clock).withDependency(
            \.playbackEngine, engine)
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
        try clips.clip(
            ClipSpec(
                width: width, height: height, duration: duration, gopSeconds: gop, tone: nil,
                subtitles: subtitles))
    }

    /// The clip of `spec`, known to the fake engine.
    static func clip(_ spec: ClipSpec, fileExtension: String? = nil) throws -> URL {
        try clips.clip(spec, fileExtension: fileExtension)
    }

    /// Whether the bed plays on the fake engine, whose time is the test clock's.
    var isFake: Bool { context.render.engine is FakePlaybackEngine }

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

    /// Lets time pass until `condition` holds, updating the host: on the fake engine, the test
    /// clock's time, a 60th of a second at a time; on FFmpeg's, real time while it decodes.
    @discardableResult
    func waitUntil(timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
        if isFake {
            let end = clock.now + timeout
            while !condition() {
                if clock.now >= end { return false }
                advance(1.0 / 60)
            }
            host.update()
            return true
        }
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
