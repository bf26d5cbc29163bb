import Testing
import VideoPlayerContainer

@MainActor
@Suite struct GestureServiceTests {
    let bed = PlayerBed()
    let log = EventLog()

    func record(_ kind: GestureKind, as name: String) {
        bed.context.gesture.observe(kind) { [log] event in log.add("\(name) \(event.phase)") }
    }

    @Test func doubleTapOnTheLeftAndOnTheRightAreToldApart() {
        record(.doubleTap(.left), as: "left")
        record(.doubleTap(.right), as: "right")
        record(.doubleTap(.all), as: "any")
        record(.tap, as: "tap")
        bed.click(40, 90)
        bed.wait(0.1)
        bed.click(40, 90)
        bed.wait(1)
        bed.click(280, 90)
        bed.wait(0.2)
        bed.click(280, 90)
        bed.wait(1)
        #expect(log.events == ["left ended", "any ended", "right ended", "any ended"])
    }

    @Test func aSingleTapFiresOnceAndOnlyAfterTheDoubleTapIntervalPassed() {
        record(.doubleTap(.all), as: "double")
        record(.tap, as: "tap")
        bed.click(100, 90)
        bed.wait(0.29)
        #expect(log.events.isEmpty, "the tap waits for a possible second click")
        bed.wait(0.02)
        #expect(log.events == ["tap ended"])
        bed.wait(2)
        #expect(log.events == ["tap ended"])
    }

    @Test func aTapFiresAtOnceWhenNoDoubleTapIsObservedOnItsSide() {
        record(.doubleTap(.left), as: "double")
        record(.tap, as: "tap")
        bed.click(300, 90)
        #expect(log.events == ["tap ended"])
    }

    @Test func everyHandlerOfAGestureFiresAndACancelledOneStops() {
        record(.tap, as: "first")
        let token = bed.context.gesture.observe(.tap) { [log] _ in log.add("second") }
        bed.click(100, 90)
        token.cancel()
        bed.click(100, 90)
        #expect(log.events == ["first ended", "second", "first ended"])
    }

    @Test func theFirstMovementDecidesBetweenHorizontalAndVerticalDrags() {
        record(.drag(.horizontal), as: "horizontal")
        record(.drag(.vertical(.left)), as: "vertical-left")
        record(.drag(.vertical(.right)), as: "vertical-right")
        record(.tap, as: "tap")
        // Sideways first, then far down: stays horizontal.
        bed.host.handle(.pointerDown(Point(x: 100, y: 50)))
        bed.host.handle(.pointerMoved(Point(x: 112, y: 52)))
        bed.host.handle(.pointerMoved(Point(x: 114, y: 150)))
        bed.host.handle(.pointerUp(Point(x: 114, y: 150)))
        bed.drag(from: Point(x: 250, y: 40), to: Point(x: 245, y: 140))
        bed.drag(from: Point(x: 60, y: 140), to: Point(x: 62, y: 40), steps: 2)
        #expect(
            log.events == [
                "horizontal began", "horizontal changed", "horizontal ended",
                "vertical-right began", "vertical-right changed", "vertical-right changed",
                "vertical-right changed", "vertical-right ended",
                "vertical-left began", "vertical-left changed", "vertical-left ended",
            ])
    }

    @Test func dragsReportTranslationAndVelocityOnTheClock() {
        var last: GestureEvent?
        bed.context.gesture.observe(.drag(.horizontal)) { last = $0 }
        bed.host.handle(.pointerDown(Point(x: 100, y: 90)))
        bed.clock.advance(by: 0.1)
        bed.host.handle(.pointerMoved(Point(x: 120, y: 90)))
        bed.clock.advance(by: 0.1)
        bed.host.handle(.pointerMoved(Point(x: 150, y: 90)))
        #expect(last?.translation == Point(x: 50, y: 0))
        #expect(last?.velocity == Point(x: 300, y: 0))
        #expect(last?.side == .left)
        #expect(last?.size == Size(width: 320, height: 180))
    }

    @Test func aHeldPressBecomesALongPressThatEndsOnRelease() {
        record(.longPress, as: "long")
        record(.tap, as: "tap")
        bed.host.handle(.pointerDown(Point(x: 100, y: 90)))
        bed.wait(0.4)
        #expect(log.events.isEmpty)
        bed.wait(0.2)
        bed.host.handle(.pointerUp(Point(x: 100, y: 90)))
        #expect(log.events == ["long began", "long ended"])
    }

    @Test func oneThresholdsDependencyGovernsTheVideoAndTheWidgetsAroundIt() {
        let far = GestureThresholds(doubleTapInterval: 0.5, longPressDuration: 1, dragDistance: 30)
        let bed = PlayerBed { _ = $0.withDependency(\.gestureThresholds, far) }
        bed.context.gesture.observe(.drag(.horizontal)) { [log] event in log.add("video drag \(event.phase)")
        }
        bed.context.gesture.observe(.doubleTap(.all)) { [log] _ in log.add("video double tap") }
        bed.host.handle(.pointerDown(Point(x: 100, y: 90)))
        bed.host.handle(.pointerMoved(Point(x: 125, y: 90)))
        #expect(log.events.isEmpty, "25 points is short of the 30 the dependency asks for")
        bed.host.handle(.pointerMoved(Point(x: 130, y: 90)))
        bed.host.handle(.pointerUp(Point(x: 130, y: 90)))
        bed.click(100, 90)
        bed.wait(0.4)
        bed.click(100, 90)
        #expect(log.events == ["video drag began", "video drag ended", "video double tap"])

        let widgets = SnapshotRenderer(size: Size(width: 100, height: 100), context: bed.context).makeHost(
            Color.red.frame(width: 100, height: 100).onDrag { [log] value in
                log.add("widget drag \(value.phase)")
            })
        widgets.handle(.pointerDown(Point(x: 10, y: 10)))
        widgets.handle(.pointerMoved(Point(x: 35, y: 10)))
        #expect(log.events.count == 3, "the widgets' drags wait for 30 points too")
        widgets.handle(.pointerMoved(Point(x: 40, y: 10)))
        #expect(log.events.last == "widget drag began")
    }

    @Test func controlWheelPinchesAndEndsWhenTheWheelRests() {
        var scales: [Double] = []
        bed.context.gesture.observe(.pinch) { [log] event in
            log.add("pinch \(event.phase)")
            scales.append(event.scale)
        }
        record(.scroll, as: "scroll")
        bed.host.handle(.scroll(dx: 0, dy: -1, location: Point(x: 100, y: 90), modifiers: .control))
        bed.host.handle(.scroll(dx: 0, dy: -1, location: Point(x: 100, y: 90), modifiers: .control))
        bed.host.handle(.scroll(dx: 0, dy: 2, location: Point(x: 100, y: 90)))
        bed.wait(0.5)
        #expect(log.events == ["pinch began", "pinch changed", "scroll changed", "pinch ended"])
        #expect(scales.map { ($0 * 100).rounded() / 100 } == [1.1, 1.21, 1.21])
    }

    @Test func hoverAndKeysAreObservable() {
        record(.hover, as: "hover")
        var keys: [Key] = []
        bed.context.gesture.observeKey { keys.append($0.key) }
        bed.host.handle(.pointerMoved(Point(x: 10, y: 10)))
        bed.host.handle(.pointerMoved(Point(x: 20, y: 10)))
        bed.host.handle(.pointerExited)
        #expect(bed.host.handle(.keyDown(.space)))
        #expect(log.events == ["hover began", "hover changed", "hover ended"])
        #expect(keys == [.space])
    }

    @Test func keysNoHandlerTakesGoOnToTheOtherKeyHandlers() {
        var taken: [Key] = []
        bed.context.gesture.observeKey(taking: { press in
            guard press.key == "J" else { return false }
            taken.append(press.key)
            return true
        })
        #expect(bed.host.handle(.keyDown("J")))
        #expect(!bed.host.handle(.keyDown(.pageDown)))
        #expect(taken == ["J"])
        // A plain `.key` observer hears every key, so every key counts as taken.
        bed.context.gesture.observeKey { _ in }
        #expect(bed.host.handle(.keyDown(.pageDown)))
    }
}
