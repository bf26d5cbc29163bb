import Testing
import VideoPlayerContainer

@MainActor
final class EventLog {
    var events: [String] = []
    func add(_ event: String) { events.append(event) }
}

@MainActor
@Suite struct InputTests {
    let log = EventLog()
    let clock = TestClock()
    let size = Size(width: 100, height: 100)

    func host(_ widget: some Widget) -> WidgetHost {
        SnapshotRenderer(size: size, context: Context(mode: .test).withDependency(\.clock, clock)).makeHost(
            widget)
    }

    func click(_ host: WidgetHost, _ x: Double, _ y: Double) {
        host.handle(.pointerDown(Point(x: x, y: y)))
        host.handle(.pointerUp(Point(x: x, y: y)))
    }

    @Test func topmostWidgetWins() {
        let host = host(
            ZStack {
                Color.red.onTap { log.add("bottom") }
                Color.blue.frame(width: 40, height: 40).onTap { log.add("top") }
            })
        click(host, 50, 50)
        click(host, 5, 5)
        #expect(log.events == ["top", "bottom"])
    }

    @Test func disabledAndHiddenWidgetsLetInputThrough() {
        let host = host(
            ZStack {
                Color.red.onTap { log.add("bottom") }
                Color.blue.frame(width: 40, height: 40).onTap { log.add("disabled") }.disabled(true)
                Color.green.frame(width: 20, height: 20).onTap { log.add("hidden") }.hidden()
            })
        click(host, 50, 50)
        #expect(log.events == ["bottom"])
    }

    @Test func disabledWidgetIsDrawnDimmed() {
        let renderer = SnapshotRenderer(size: size)
        let enabled = renderer.render(Color.white.frame(width: 40, height: 40), background: .black)
        let disabled = renderer.render(
            Color.white.frame(width: 40, height: 40).disabled(true), background: .black)
        #expect(enabled.pixel(x: 50, y: 50) == RGBA(r: 255, g: 255, b: 255))
        #expect(disabled.pixel(x: 50, y: 50).isClose(to: RGBA(r: 128, g: 128, b: 128), tolerance: 1))
    }

    @Test func gapsBetweenStackChildrenPassThroughUnlessTheStackHasABackground() {
        let bare = host(
            ZStack {
                Color.red.onTap { log.add("below") }
                HStack(spacing: 0) {
                    Color.blue.frame(width: 10, height: 10)
                    Spacer()
                    Color.blue.frame(width: 10, height: 10)
                }.onTap { log.add("stack") }
            })
        click(bare, 50, 50)
        click(bare, 5, 50)
        #expect(log.events == ["below", "stack"])

        log.events.removeAll()
        let filled = host(
            ZStack {
                Color.red.onTap { log.add("below") }
                HStack { Spacer() }.frame(maxHeight: .infinity).background(Color.black.opacity(0.2)).onTap {
                    log.add("stack")
                }
            })
        click(filled, 50, 50)
        #expect(log.events == ["stack"])
    }

    @Test func releaseOutsideTheWidgetCancelsTheTap() {
        let host = host(Color.red.frame(width: 20, height: 20).onTap { log.add("tap") })
        host.handle(.pointerDown(Point(x: 50, y: 50)))
        host.handle(.pointerUp(Point(x: 90, y: 90)))
        #expect(log.events.isEmpty)
    }

    @Test func tapAloneFiresOnRelease() {
        let host = host(Color.red.onTap { log.add("tap") })
        host.handle(.pointerDown(Point(x: 50, y: 50)))
        #expect(log.events.isEmpty)
        host.handle(.pointerUp(Point(x: 50, y: 50)))
        #expect(log.events == ["tap"])
    }

    @Test func tapWithDoubleTapWaitsOutTheIntervalBeforeFiring() {
        let host = host(Color.red.onTap { log.add("tap") }.onDoubleTap { log.add("double") })
        click(host, 50, 50)
        #expect(log.events.isEmpty)
        #expect(host.nextDeadline == 0.3)
        clock.advance(by: 0.29)
        #expect(log.events.isEmpty)
        clock.advance(by: 0.02)
        #expect(log.events == ["tap"])
    }

    @Test func doubleTapFiresOnceAndNeverTheSingleTap() {
        let host = host(Color.red.onTap { log.add("tap") }.onDoubleTap { log.add("double") })
        click(host, 50, 50)
        clock.advance(by: 0.1)
        click(host, 50, 50)
        #expect(log.events == ["double"])
        clock.advance(by: 1)
        #expect(log.events == ["double"])
    }

    @Test func clicksTooFarApartAreTwoTaps() {
        let host = host(Color.red.onDoubleTap { log.add("double") }.onTap { log.add("tap") })
        click(host, 50, 50)
        clock.advance(by: 0.5)
        click(host, 50, 50)
        clock.advance(by: 0.5)
        #expect(log.events == ["tap", "tap"])
    }

    @Test func aClickOnAnotherWidgetFiresTheWaitingTapFirst() {
        let host = host(
            HStack(spacing: 0) {
                Color.red.frame(width: 50, height: 50).onTap { log.add("left tap") }
                    .onDoubleTap { log.add("left double") }
                Color.blue.frame(width: 50, height: 50).onTap { log.add("right tap") }
            })
        click(host, 25, 50)
        clock.advance(by: 0.1)
        click(host, 75, 50)
        #expect(log.events == ["left tap", "right tap"], "the taps come in the order of the clicks")
        clock.advance(by: 1)
        #expect(log.events == ["left tap", "right tap"])
    }

    @Test func dragStartsPastTheThresholdAndReportsLocalPhases() {
        let host = host(
            Color.red.frame(width: 80, height: 20)
                .onDrag { log.add("\($0.phase) \($0.location.x) \($0.translation.x) \($0.size.width)") }
                .onTap { log.add("tap") })
        host.handle(.pointerDown(Point(x: 20, y: 50)))
        host.handle(.pointerMoved(Point(x: 22, y: 50)))
        #expect(log.events.isEmpty)
        host.handle(.pointerMoved(Point(x: 30, y: 50)))
        host.handle(.pointerMoved(Point(x: 50, y: 50)))
        host.handle(.pointerUp(Point(x: 55, y: 50)))
        #expect(log.events == ["began 20.0 10.0 80.0", "changed 40.0 30.0 80.0", "ended 45.0 35.0 80.0"])
    }

    @Test func hoverReportsEnterAndLeave() {
        let host = host(Color.red.frame(width: 20, height: 20).onHover { log.add($0 ? "in" : "out") })
        host.handle(.pointerMoved(Point(x: 5, y: 5)))
        host.handle(.pointerMoved(Point(x: 50, y: 50)))
        host.handle(.pointerMoved(Point(x: 51, y: 50)))
        host.handle(.pointerExited)
        #expect(log.events == ["in", "out"])
    }

    @Test func keyPressGoesToTheTopmostHandlerThatTakesIt() {
        let host = host(
            ZStack {
                Color.red.onKeyPress { press in
                    log.add("bottom \(press.key.rawValue)")
                    return true
                }
                Color.blue.onKeyPress { press in
                    log.add("top \(press.key.rawValue)")
                    return press.key == .space
                }
            })
        #expect(host.handle(.keyDown(.space)))
        #expect(host.handle(.keyDown(.leftArrow)))
        #expect(log.events == ["top Space", "top Left", "bottom Left"])
    }

    @Test func scrollReachesTheWidgetUnderThePointer() {
        let host = host(Color.red.onScroll { log.add("\($0.dy) \($0.location.y)") })
        #expect(host.handle(.scroll(dx: 0, dy: 3, location: Point(x: 10, y: 20))))
        #expect(log.events == ["3.0 20.0"])
    }
}
