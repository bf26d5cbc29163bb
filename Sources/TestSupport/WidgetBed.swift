import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerFixtures
import VideoPlayerRender

/// A headless host for one widget (or a whole player) on a test clock, playing on the fake engine
/// (clips made with `clip(...)` open as their specs say) or, for end-to-end suites, on FFmpeg's.
///
/// ```swift
/// let bed = WidgetBed(size: Size(width: 140, height: 30)) { _ in TimelineWidget() }
/// #expect(try await bed.loadClip(duration: 2))
/// #expect(await bed.seek(to: 1.2))
/// #expect(bed.snapshot().ink(in: Rect(x: 0, y: 0, width: 140, height: 30)) > 0)
/// ```
@MainActor
public final class WidgetBed {
    /// The clock of the bed's context: timers, animations and the fake engine's time.
    public let clock = TestClock()
    /// The context the widget tree reads.
    public let context: Context
    /// The headless host of the widget tree.
    public let host: WidgetHost
    /// Renders other widgets at the bed's size, for references to compare with.
    public let renderer: SnapshotRenderer

    /// The clips the beds' fake engines know.
    public static let clips = FakeClipLibrary()

    /// Mounts `root` at `size` on a black background, playing on `engine`.
    public init(
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
    public static func clip(
        duration: Double = 2, width: Int = 160, height: Int = 96, gop: Double = 0.5,
        subtitles: [SubtitleCue] = []
    ) throws -> URL {
        try clips.clip(
            ClipSpec(
                width: width, height: height, duration: duration, gopSeconds: gop, tone: nil,
                subtitles: subtitles))
    }

    /// The clip of `spec`, known to the fake engine.
    public static func clip(_ spec: ClipSpec, fileExtension: String? = nil) throws -> URL {
        try clips.clip(spec, fileExtension: fileExtension)
    }

    /// Whether the bed plays on the fake engine, whose time is the test clock's.
    public var isFake: Bool { context.render.engine is FakePlaybackEngine }

    /// Loads `item` and waits until the player is ready (or playing when `autoplay`).
    public func load(_ item: MediaItem, autoplay: Bool = false) async -> Bool {
        context.render.load(item, autoplay: autoplay)
        return await waitUntil { [.ready, .playing].contains(self.context.render.status) }
    }

    /// Loads a fresh silent clip of `duration` seconds.
    public func loadClip(duration: Double = 2, title: String? = nil, autoplay: Bool = false) async throws
        -> Bool
    {
        await load(MediaItem(url: try Self.clip(duration: duration), title: title), autoplay: autoplay)
    }

    /// Seeks exactly and waits for the position to get there.
    public func seek(to time: Double) async -> Bool {
        context.render.seek(to: time, exact: true)
        return await waitUntil { abs(self.context.render.currentTime - time) < 0.05 }
    }

    /// Lets time pass until `condition` holds, updating the host: on the fake engine, the test
    /// clock's time, a 60th of a second at a time; on FFmpeg's, real time while it decodes.
    @discardableResult
    public func waitUntil(timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
        if isFake {
            let end = clock.now + timeout
            while !condition() {
                if clock.now >= end { return false }
                advance(1.0 / 60)
            }
            host.update()
            return true
        }
        return await host.waitUntil(timeout: timeout, condition)
    }

    /// The host's pixels, drawn first if anything changed.
    public func snapshot() -> RasterImage {
        host.update()
        return host.snapshot()
    }

    /// Presses and releases at `point`, then draws.
    public func click(_ point: Point) {
        host.click(point)
    }

    /// Clicks the middle of the widget marked `identifier`, when there is one.
    public func click(identifier: String) {
        guard let frame = host.frame(ofIdentifier: identifier) else { return }
        click(Point(x: frame.midX, y: frame.midY))
    }

    /// Presses at `from`, moves in `steps` to `to`, releases there.
    public func drag(from: Point, to: Point, steps: Int = 4) {
        host.drag(from: from, to: to, steps: steps)
    }

    /// Lets `seconds` pass on the test clock, updating the host at 60 frames a second as a window
    /// loop does (animations run from the clock time of the change that started them).
    public func wait(_ seconds: Double) {
        host.run(for: seconds, on: clock)
    }

    /// Lets `seconds` pass on the test clock at once and updates the host.
    public func advance(_ seconds: Double) {
        clock.advance(by: seconds)
        host.update()
    }
}

extension WidgetBed {
    /// A whole `PlayerWidget` at `size` whose controls are always shown, drawn without their
    /// scrims (which would darken the colours a test reads); `configure` sets the context up first.
    public static func player(
        size: Size = Size(width: 320, height: 180), engine: PlaybackEngineFactory = WidgetBed.clips.engine,
        _ configure: (Context) -> Void = { _ in }
    ) -> WidgetBed {
        WidgetBed(size: size, engine: engine) { context in
            context.control.configure(displayStyle: .always)
            context.control.configure(shadow: nil)
            configure(context)
            return PlayerWidget(context)
        }
    }

    /// The point at `fraction` of the width of the widget marked `identifier`, on its centre line;
    /// the test fails when there is no such widget.
    public func point(_ fraction: Double, along identifier: String) throws -> Point {
        let frame = try #require(host.frame(ofIdentifier: identifier))
        return Point(x: frame.minX + fraction * frame.width, y: frame.midY)
    }
}
