import VideoPlayerContainer
import VideoPlayerTestSupport

/// A headless player for tests: a context on a test clock, `PlayerWidget` in a host, input helpers.
@MainActor
final class PlayerBed {
    let clock = TestClock()
    let context: Context
    let host: WidgetHost

    /// A player on `engine`: the fake engine of tests unless a suite plays real media.
    init(
        size: Size = Size(width: 320, height: 180), engine: PlaybackEngineFactory = .fake,
        setUp: (Context) -> Void = { _ in }
    ) {
        let context = Context(mode: .test).withDependency(\.clock, clock).withDependency(
            \.playbackEngine, engine)
        setUp(context)
        self.context = context
        host = SnapshotRenderer(size: size, context: context).makeHost(PlayerWidget(context))
    }

    /// Lets `seconds` pass on the test clock, updating the host at 60 frames a second as a window
    /// loop does (changes made since the last update start animating now).
    func wait(_ seconds: Double) {
        host.run(for: seconds, on: clock)
    }

    @discardableResult
    func click(_ x: Double, _ y: Double) -> Bool {
        let down = host.handle(.pointerDown(Point(x: x, y: y)))
        let up = host.handle(.pointerUp(Point(x: x, y: y)))
        host.update()
        return down || up
    }

    /// Presses at `from`, moves in `steps` to `to`, releases there.
    func drag(from: Point, to: Point, steps: Int = 4) {
        host.drag(from: from, to: to, steps: steps)
    }

    func snapshot() -> RasterImage {
        host.update()
        return host.snapshot()
    }
}

/// A solid square of `color`, `side` points wide, that counts its taps.
struct Swatch: Widget {
    let color: Color
    var side = 40.0
    var onTap: @MainActor () -> Void = {}

    var body: some Widget {
        color.frame(width: side, height: side).onTap(perform: onTap)
    }
}

extension Color {
    static let pureRed = Color(red: 1, green: 0, blue: 0)
    static let pureBlue = Color(red: 0, green: 0, blue: 1)
    static let pureGreen = Color(red: 0, green: 1, blue: 0)
}

extension RGBA {
    static let transparent = RGBA(r: 0, g: 0, b: 0, a: 0)
    static let pureRed = RGBA(r: 255, g: 0, b: 0)
    static let pureBlue = RGBA(r: 0, g: 0, b: 255)
    static let pureGreen = RGBA(r: 0, g: 255, b: 0)
}
