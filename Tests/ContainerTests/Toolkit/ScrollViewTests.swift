import Testing
import VideoPlayerContainer

/// A scroll view between a red header and a blue footer, rows told apart by their red channel.
@MainActor
@Suite struct ScrollViewTests {
    let log = EventLog()
    let clock = TestClock()

    func host(_ widget: some Widget, size: Size = Size(width: 100, height: 100)) -> WidgetHost {
        SnapshotRenderer(size: size, context: Context(mode: .test).withDependency(\.clock, clock)).makeHost(
            widget)
    }

    static func rowColor(_ index: Int) -> Color {
        Color(red: Double(index * 8) / 255, green: 100 / 255, blue: 50 / 255)
    }

    func rows(_ count: Int, height: Double = 20) -> some Widget {
        VStack(spacing: 0) {
            ForEach(0..<count) { index in
                Self.rowColor(index).frame(height: height).accessibilityIdentifier("row\(index)").onTap {
                    log.add("row \(index)")
                }
            }
        }
    }

    /// Header 0–20, scroll view 20–80 holding 30 rows of 20 points, footer 80–100.
    func page(showsIndicators: Bool = true) -> some Widget {
        VStack(spacing: 0) {
            Color.red.frame(height: 20)
            ScrollView(showsIndicators: showsIndicators) { rows(30) }.frame(height: 60)
            Color.blue.frame(height: 20)
        }
    }

    /// The row whose colour is at (`x`, `y`).
    func row(_ host: WidgetHost, x: Int = 50, y: Int) -> Int? {
        let pixel = host.snapshot().pixel(x: x, y: y)
        guard pixel.g == 100, pixel.b == 50 else { return nil }
        return Int((Double(pixel.r) / 8).rounded())
    }

    /// How far the content is scrolled, from where row 0 was laid out.
    func offset(_ host: WidgetHost, top: Double = 20) -> Double? {
        host.frame(ofIdentifier: "row0").map { top - $0.minY }
    }

    @Test func theWheelMovesTheContentAndNothingOutsideIt() {
        let host = host(page())
        let header = host.snapshot().pixel(x: 50, y: 10)
        let footer = host.snapshot().pixel(x: 50, y: 90)
        #expect(row(host, y: 25) == 0)
        #expect(row(host, y: 79) == 2)

        #expect(host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 50, y: 50))))
        host.update()
        #expect(row(host, y: 25) == 2)
        #expect(row(host, y: 79) == 4)
        #expect(host.snapshot().pixel(x: 50, y: 10) == header)
        #expect(host.snapshot().pixel(x: 50, y: 90) == footer)
        #expect(host.lastDamage.allSatisfy { $0.minY >= 20 && $0.maxY <= 80 })

        host.handle(.scroll(dx: 0, dy: 100, location: Point(x: 50, y: 50)))
        host.update()
        #expect(offset(host) == 540)
        #expect(row(host, y: 79) == 29)
        #expect(host.snapshot().pixel(x: 50, y: 90) == footer)
    }

    @Test func aDragMovesTheContentAndIsNotATap() {
        let host = host(page())
        host.drag(from: Point(x: 50, y: 70), to: Point(x: 50, y: 30))
        #expect(offset(host) == 40)
        #expect(row(host, y: 25) == 2)
        #expect(log.events.isEmpty)

        host.handle(.pointerDown(Point(x: 50, y: 25)))
        host.handle(.pointerUp(Point(x: 50, y: 25)))
        #expect(log.events == ["row 2"])
    }

    /// Drags up by `steps` moves of `distance` points, one every 16 ms of the test clock.
    func flick(_ host: WidgetHost, from start: Point, steps: Int = 4, distance: Double = 20) {
        host.handle(.pointerDown(start))
        var point = start
        for _ in 0..<steps {
            clock.advance(by: 0.016)
            point.y -= distance
            host.handle(.pointerMoved(point))
        }
        host.handle(.pointerUp(point))
        host.update()
    }

    @Test func aFlickGlidesOnAndComesToRestUnderTheTestClock() {
        let host = host(page())
        flick(host, from: Point(x: 50, y: 78))
        let released = offset(host) ?? 0
        #expect(released == 80)

        var offsets: [Double] = []
        for _ in 0..<90 {
            clock.advance(by: 0.05)
            host.update()
            offsets.append(offset(host) ?? 0)
        }
        #expect(offsets[0] > released)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
        // 20 points per 16 ms is 1250 points per second; the glide adds speed times the decay time.
        let glide = 1250 * 0.35
        #expect(abs((offsets.last ?? 0) - (released + glide)) < 1)
        #expect(!host.needsDisplay)
    }

    @Test func aPressStopsAGlideAndIsNotATap() {
        let host = host(page())
        flick(host, from: Point(x: 50, y: 78))
        clock.advance(by: 0.1)
        host.update()
        let stoppedAt = offset(host)
        host.handle(.pointerDown(Point(x: 50, y: 50)))
        host.handle(.pointerUp(Point(x: 50, y: 50)))
        clock.advance(by: 1)
        host.update()
        #expect(offset(host) == stoppedAt)
        #expect(log.events.isEmpty)
    }

    @Test func theIndicatorShowsWhileScrollingThenFades() {
        let host = host(page())
        let still = host.snapshot()
        host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 50, y: 50)))
        host.update()
        // The thumb is 20 points long near the top of the track, 2 points from the trailing edge.
        let thumb = host.snapshot().pixel(x: 96, y: 30)
        #expect(row(host, x: 96, y: 30) == nil)
        #expect(row(host, x: 90, y: 30) == 2)

        clock.advance(by: 0.9)
        host.update()
        let fading = host.snapshot().pixel(x: 96, y: 30)
        #expect(fading != thumb)
        #expect(row(host, x: 96, y: 30) == nil)

        clock.advance(by: 0.3)
        host.update()
        #expect(row(host, x: 96, y: 30) == 2)
        #expect(!host.needsDisplay)
        #expect(still.pixel(x: 96, y: 30) != thumb)

        let bare = self.host(page(showsIndicators: false))
        bare.handle(.scroll(dx: 0, dy: 1, location: Point(x: 50, y: 50)))
        bare.update()
        #expect(row(bare, x: 96, y: 30) == 2)
    }

    /// A carousel of 40-point cells (ids 100...) above 10 rows, in a vertical scroll view.
    func nestedPage() -> some Widget {
        ScrollView {
            VStack(spacing: 0) {
                ScrollView(.horizontal) {
                    HStack(spacing: 0) {
                        ForEach(0..<10) { index in
                            Self.rowColor(index + 10).frame(width: 40, height: 40)
                        }
                    }
                }
                .frame(height: 40)
                .accessibilityIdentifier("carousel")
                rows(10)
            }
        }
    }

    @Test func nestedScrollViewsEachTakeTheDragAlongTheirAxis() {
        let host = host(nestedPage())
        host.drag(from: Point(x: 80, y: 20), to: Point(x: 20, y: 22))
        // The carousel moved 60 points left: its second cell is at the left edge; the page did not move.
        #expect(row(host, x: 5, y: 20) == 11)
        #expect(host.frame(ofIdentifier: "carousel")?.minY == 0)

        host.drag(from: Point(x: 50, y: 35), to: Point(x: 52, y: 5))
        #expect(host.frame(ofIdentifier: "carousel")?.minY == -30)
        #expect(row(host, x: 5, y: 5) == 11)
    }

    @Test func aScrollViewAtItsEdgeHandsTheRestOfTheWheelToTheOneAroundIt() {
        let host = host(
            ScrollView {
                VStack(spacing: 0) {
                    ScrollView { rows(4) }.frame(height: 40)
                    Color.red.frame(height: 200).accessibilityIdentifier("below")
                }
            })
        host.handle(.scroll(dx: 0, dy: 2, location: Point(x: 50, y: 20)))
        host.update()
        // The inner view scrolled its 40 points, the outer one took the other wheel step.
        #expect(offset(host, top: -40) == 40)
        #expect(host.frame(ofIdentifier: "below")?.minY == 0)
    }

    @Test func aScrollViewKeepsTheWheelFromOnScrollHandlersAroundIt() {
        let host = host(page().onScroll { _ in log.add("scroll") })
        host.handle(.scroll(dx: 0, dy: 100, location: Point(x: 50, y: 50)))
        host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 50, y: 50)))
        host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 50, y: 10)))
        #expect(log.events == ["scroll"])
    }

    @Test func theProxyScrollsToAnElementOfAForEach() {
        let host = host(
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    HStack(spacing: 0) {
                        Color.red.onTap { proxy.scrollTo(15, anchor: .top) }
                        Color.yellow.onTap { proxy.scrollTo(3) }
                        Color.green.onTap { proxy.scrollTo(29) }
                        Color.blue.onTap {
                            withAnimation(.linear(duration: 1)) { proxy.scrollTo(10, anchor: .top) }
                        }
                        Color.white.onTap { proxy.scrollTo(99) }
                    }
                    .frame(height: 20)
                    ScrollView { rows(30) }.frame(height: 80)
                }
            })
        func tap(_ x: Double) {
            host.handle(.pointerDown(Point(x: x, y: 10)))
            host.handle(.pointerUp(Point(x: x, y: 10)))
            host.update()
        }
        tap(10)
        #expect(host.frame(ofIdentifier: "row15")?.minY == 20)
        tap(30)
        #expect(host.frame(ofIdentifier: "row3")?.minY == 20)
        tap(50)
        #expect(host.frame(ofIdentifier: "row29")?.maxY == 100)
        tap(90)
        #expect(host.frame(ofIdentifier: "row29")?.maxY == 100)

        host.handle(.scroll(dx: 0, dy: -100, location: Point(x: 50, y: 50)))
        host.update()
        #expect(offset(host) == 0)
        tap(70)
        clock.advance(by: 0.5)
        host.update()
        #expect(offset(host) == 100)
        clock.advance(by: 0.6)
        host.update()
        #expect(host.frame(ofIdentifier: "row10")?.minY == 20)

        // The glide runs from the clock time of the request, not from the update that starts it.
        host.handle(.scroll(dx: 0, dy: -200, location: Point(x: 50, y: 50)))
        host.update()
        #expect(offset(host) == 0)
        host.handle(.pointerDown(Point(x: 70, y: 10)))
        host.handle(.pointerUp(Point(x: 70, y: 10)))
        clock.advance(by: 0.5)
        host.update()
        #expect(offset(host) == 100)
    }

    @Test func aZeroSizedScrollViewTakesNoInputAndDrawsNothing() {
        let host = host(
            ZStack {
                Color.red.onScroll { _ in log.add("below") }
                ScrollView { rows(30) }.frame(width: 0, height: 0)
                ScrollView { EmptyWidget() }.frame(width: 20, height: 20).offset(x: 30, y: 30)
            })
        #expect(host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 50, y: 50))))
        #expect(log.events == ["below"])
        #expect(host.handle(.scroll(dx: 0, dy: 1, location: Point(x: 85, y: 85))))
        host.update()
        #expect(log.events == ["below"])
        #expect(host.snapshot().pixel(x: 50, y: 50) == host.snapshot().pixel(x: 10, y: 10))
    }
}
