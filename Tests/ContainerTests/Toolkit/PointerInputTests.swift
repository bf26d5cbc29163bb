import Testing
import VideoPlayerContainer

@MainActor
@Suite struct PointerInputTests {
    let log = EventLog()

    func host(_ widget: some Widget) -> WidgetHost {
        SnapshotRenderer(size: Size(width: 100, height: 100), context: Context(mode: .test)).makeHost(widget)
    }

    @Test func onPointerCapturesThePressAndReportsHoverInLocalCoordinates() {
        let host = host(
            Color.red.frame(width: 50, height: 50).onPointer { value in
                log.add("\(value.phase) \(Int(value.location.x)),\(Int(value.location.y))")
            })
        host.handle(.pointerMoved(Point(x: 30, y: 30)))
        host.handle(.pointerDown(Point(x: 30, y: 30)))
        host.handle(.pointerMoved(Point(x: 90, y: 90)))
        host.handle(.pointerUp(Point(x: 95, y: 95)))
        host.handle(.pointerMoved(Point(x: 99, y: 99)))
        #expect(log.events == ["hovered 5,5", "down 5,5", "moved 65,65", "up 70,70", "exited 74,74"])
    }

    @Test func aButtonInsideAPointerWidgetKeepsItsTaps() {
        let host = host(
            ZStack {
                Color.blue.frame(width: 20, height: 20).onTap { log.add("button") }
            }
            .frame(width: 100, height: 100)
            .contentShape()
            .onPointer { log.add("pointer \($0.phase)") })
        host.handle(.pointerDown(Point(x: 50, y: 50)))
        host.handle(.pointerUp(Point(x: 50, y: 50)))
        host.handle(.pointerDown(Point(x: 5, y: 5)))
        #expect(log.events == ["button", "pointer down"])
    }

    @Test func onInteractionSeesPressesAndScrollsWithoutTakingThem() {
        let host = host(
            Color.blue.frame(width: 20, height: 20).onTap { log.add("tap") }
                .onInteraction { log.add("interaction") })
        host.handle(.pointerDown(Point(x: 50, y: 50)))
        host.handle(.pointerUp(Point(x: 50, y: 50)))
        host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 50, y: 50)))
        #expect(log.events == ["interaction", "interaction", "tap", "interaction"])
    }

    @Test func allowsHitTestingFalseDrawsButLetsTapsThrough() {
        let host = host(
            ZStack {
                Color.red.onTap { log.add("below") }
                Color.blue.allowsHitTesting(false)
            })
        host.handle(.pointerDown(Point(x: 50, y: 50)))
        host.handle(.pointerUp(Point(x: 50, y: 50)))
        #expect(log.events == ["below"])
        #expect(host.snapshot().pixel(x: 50, y: 50) == RGBA(r: 0, g: 122, b: 255))
    }
}
