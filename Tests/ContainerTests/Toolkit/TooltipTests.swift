import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// `help(_:)`: a tooltip under the widget after the pointer rests on it (on the test clock), at
/// once for keyboard focus; gone when the pointer leaves or a click or key comes; never hit; kept
/// on the screen with long text wrapped; a screen reader hears the text as the hint.
@MainActor
@Suite struct TooltipTests {
    static let size = Size(width: 320, height: 200)
    static let tooltipGrey = RGBA(r: 20, g: 20, b: 20)

    let clock = TestClock()
    let log = EventLog()
    let context: Context

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
    }

    /// A 40 x 30 "Like" button at (20, 20) with help, a "Share" button at (250, 20) with a long
    /// help, over a grey page that counts clicks.
    func host() -> WidgetHost {
        let log = log
        let page = ZStack(alignment: .topLeading) {
            Color.gray.onTap { log.add("page") }
            Color.white.frame(width: 40, height: 30)
                .onTap { log.add("like") }
                .focusable()
                .help("I like this")
                .accessibilityLabel("Like")
                .accessibilityIdentifier("like")
                .offset(x: 20, y: 20)
            Color.white.frame(width: 40, height: 30)
                .focusable()
                .help(String(repeating: "Share this video with a friend. ", count: 6))
                .accessibilityIdentifier("share")
                .offset(x: 250, y: 20)
        }
        let host = SnapshotRenderer(size: Self.size, context: context).makeHost(page)
        host.update()
        return host
    }

    /// Whether tooltip grey shows under the "Like" button, left of where the long tooltip of
    /// "Share" would reach.
    func tooltipShows(_ host: WidgetHost, under x: Int = 12) -> Bool {
        host.snapshot().pixel(x: x, y: 60).isClose(to: Self.tooltipGrey, tolerance: 12)
    }

    @Test func itShowsOnceThePointerRestsAndGoesWhenItLeaves() {
        let host = host()
        host.handle(.pointerMoved(Point(x: 40, y: 35)))
        host.run(for: 0.3, on: clock)
        #expect(!tooltipShows(host))
        host.run(for: 0.4, on: clock)
        #expect(tooltipShows(host))
        // Moving on the widget keeps it; leaving takes it away.
        host.handle(.pointerMoved(Point(x: 45, y: 36)))
        host.update()
        #expect(tooltipShows(host))
        host.handle(.pointerMoved(Point(x: 150, y: 150)))
        host.update()
        #expect(!tooltipShows(host))
    }

    @Test func aClickTakesItAwayAndStopsOneWaitingAndItIsNeverHit() {
        let host = host()
        host.handle(.pointerMoved(Point(x: 40, y: 35)))
        host.run(for: 0.7, on: clock)
        #expect(tooltipShows(host))
        // A click on the tooltip's place reaches the page under it, and takes it away.
        host.handle(.pointerDown(Point(x: 40, y: 60)))
        host.handle(.pointerUp(Point(x: 40, y: 60)))
        host.update()
        #expect(log.events == ["page"])
        #expect(!tooltipShows(host))
        // A click before the delay is over: none shows.
        host.handle(.pointerMoved(Point(x: 150, y: 150)))
        host.handle(.pointerMoved(Point(x: 40, y: 35)))
        host.run(for: 0.3, on: clock)
        host.handle(.pointerDown(Point(x: 40, y: 35)))
        host.handle(.pointerUp(Point(x: 40, y: 35)))
        host.run(for: 1, on: clock)
        #expect(log.events == ["page", "like"])
        #expect(!tooltipShows(host))
    }

    @Test func theKeyboardFocusShowsItAtOnce() {
        let host = host()
        host.press("Tab")
        #expect(host.focusedIdentifier == "like")
        #expect(tooltipShows(host))
        host.press("Tab")
        #expect(host.focusedIdentifier == "share")
        #expect(!tooltipShows(host))
    }

    @Test func longTextWrapsAndStaysOnTheScreen() throws {
        let host = host()
        host.handle(.pointerMoved(Point(x: 270, y: 35)))
        host.run(for: 0.7, on: clock)
        let shot = host.snapshot()
        // 280 points wide at most, 8 from the right edge: from x 32 to 312, several lines tall.
        #expect(shot.pixel(x: 310, y: 60).isClose(to: Self.tooltipGrey, tolerance: 12))
        #expect(!shot.pixel(x: 315, y: 60).isClose(to: Self.tooltipGrey, tolerance: 12))
        #expect(shot.pixel(x: 34, y: 60).isClose(to: Self.tooltipGrey, tolerance: 12))
        #expect(!shot.pixel(x: 29, y: 60).isClose(to: Self.tooltipGrey, tolerance: 12))
        #expect(shot.pixel(x: 310, y: 110).isClose(to: Self.tooltipGrey, tolerance: 12))
    }

    @Test func aScreenReaderHearsTheTextAsTheHint() throws {
        let host = host()
        let like = try #require(host.accessibilityElements.first { $0.label == "Like" })
        #expect(like.hint == "I like this")
        host.press("Tab")
        // The tooltip itself is not read twice.
        #expect(!host.accessibilityElements.contains { $0.label == "I like this" })
    }
}
