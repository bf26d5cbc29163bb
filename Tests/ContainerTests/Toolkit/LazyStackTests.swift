import Testing
import VideoPlayerContainer

/// Which row of a lazy list is highlighted; read inside the list's `ForEach`.
final class HighlightService: Service {
    @ViewState var highlighted = -1
}

/// A row with a body of its own, so that the host counts the rows it builds.
struct NumberedRow: Widget {
    let index: Int
    var height = 20.0
    var highlighted = false

    var body: some Widget {
        (highlighted ? Color.red : Color(white: Double(index % 10) / 10)).frame(height: height)
            .accessibilityIdentifier("row\(index)")
    }
}

@MainActor
@Suite struct LazyStackTests {
    let clock = TestClock()
    let context: Context

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
    }

    func host(_ widget: some Widget) -> WidgetHost {
        SnapshotRenderer(size: Size(width: 100, height: 100), context: context).makeHost(widget)
    }

    /// A 60-point scroll view from y 20 to 80 over a lazy list of `count` rows.
    func page(count: Int, height: @escaping (Int) -> Double = { _ in 20 }) -> some Widget {
        VStack(spacing: 0) {
            Color.blue.frame(height: 20)
            ScrollView {
                LazyVStack(spacing: 0) {
                    ForEach(0..<count) { index in NumberedRow(index: index, height: height(index)) }
                }
            }
            .frame(height: 60)
            Color.blue.frame(height: 20)
        }
    }

    func wheel(_ host: WidgetHost, steps: Double) {
        host.handle(.scroll(dx: 0, dy: steps, location: Point(x: 50, y: 50)))
        host.update()
    }

    @Test func aListOfTenThousandRowsBuildsOnlyTheRowsNearTheVisibleArea() {
        let host = host(page(count: 10_000))
        // Three rows show and six more are built ahead (100 points): two bodies each, the row's
        // and its colour's, and the two bars'.
        #expect(host.bodyEvaluationCount <= 20)
        #expect(host.frame(ofIdentifier: "row0")?.minY == 20)
        #expect(host.frame(ofIdentifier: "row2")?.maxY == 80)
        #expect(host.frame(ofIdentifier: "row9") == nil)

        let before = host.bodyEvaluationCount
        wheel(host, steps: 10)
        // 400 points down: rows 20 to 22 show, the first rows are taken down.
        #expect(host.frame(ofIdentifier: "row20")?.minY == 20)
        #expect(host.frame(ofIdentifier: "row0") == nil)
        #expect(host.bodyEvaluationCount - before <= 30)

        wheel(host, steps: 10_000)
        #expect(host.frame(ofIdentifier: "row9999")?.maxY == 80)
        #expect(host.bodyEvaluationCount - before <= 50)
    }

    @Test func aListOfAHundredThousandRowsBuildsAsFewAndReachesItsEnd() {
        let host = host(page(count: 100_000))
        #expect(host.bodyEvaluationCount <= 20)
        let before = host.bodyEvaluationCount
        wheel(host, steps: 1_000_000)
        #expect(host.frame(ofIdentifier: "row99999")?.maxY == 80)
        #expect(host.frame(ofIdentifier: "row0") == nil)
        #expect(host.bodyEvaluationCount - before <= 30)
    }

    @Test func aClippedListInsideTheScrollViewStillBuildsOnlyWhatShows() {
        let host = host(
            ScrollView {
                LazyVStack(spacing: 0) { ForEach(0..<10_000) { index in NumberedRow(index: index) } }
                    .cornerRadius(4)
            }
            .frame(height: 60))
        #expect(host.bodyEvaluationCount <= 20)
        #expect(host.frame(ofIdentifier: "row9") == nil)
    }

    @Test func rowsOfDifferentLengthsEndWithTheLastRowAtTheBottom() {
        let host = host(page(count: 1_000) { $0 % 2 == 0 ? 20 : 40 })
        #expect(host.frame(ofIdentifier: "row1")?.height == 40)
        wheel(host, steps: 100_000)
        #expect(host.frame(ofIdentifier: "row999")?.maxY == 80)
        #expect(host.frame(ofIdentifier: "row998")?.maxY == 40)
        wheel(host, steps: -100_000)
        #expect(host.frame(ofIdentifier: "row0")?.minY == 20)
    }

    @Test func theProxyScrollsToARowThatWasNeverBuilt() throws {
        let host = host(
            ScrollViewReader { proxy in
                VStack(spacing: 0) {
                    Color.blue.frame(height: 20).onTap { proxy.scrollTo(5_000, anchor: .top) }
                    ScrollView {
                        LazyVStack(spacing: 0) {
                            ForEach(0..<10_000) { index in NumberedRow(index: index) }
                        }
                    }
                    .frame(height: 60)
                    .accessibilityIdentifier("list")
                }
            })
        host.handle(.pointerDown(Point(x: 50, y: 20)))
        host.handle(.pointerUp(Point(x: 50, y: 20)))
        host.update()
        let list = try #require(host.frame(ofIdentifier: "list"))
        #expect(host.frame(ofIdentifier: "row5000")?.minY == list.minY)
    }

    @Test func stateReadWhileBuildingARowRebuildsIt() {
        let host = host(
            WithService(HighlightService.self) { _ in
                ScrollView {
                    LazyVStack(spacing: 0) {
                        ForEach(0..<1_000) { index in
                            NumberedRow(
                                index: index, highlighted: context[HighlightService.self].highlighted == index
                            )
                        }
                    }
                }
            })
        #expect(host.snapshot().pixel(x: 50, y: 50) != RGBA(Color.red))
        context[HighlightService.self].highlighted = 2
        host.update()
        #expect(host.snapshot().pixel(x: 50, y: 50).isClose(to: RGBA(Color.red)))

        // A row built later, when it scrolls into view, is followed too.
        host.handle(.scroll(dx: 0, dy: 10, location: Point(x: 50, y: 50)))
        host.update()
        context[HighlightService.self].highlighted = 22
        host.update()
        #expect(host.snapshot().pixel(x: 50, y: 50).isClose(to: RGBA(Color.red)))
    }

    @Test func rowsAddedToTheDataShowAndRowsTakenAwayGo() {
        let host = host(
            WithService(HighlightService.self) { service in
                ScrollView {
                    LazyVStack(spacing: 0) {
                        ForEach(0..<max(0, service.highlighted)) { index in NumberedRow(index: index) }
                    }
                }
            })
        #expect(host.frame(ofIdentifier: "row0") == nil)
        context[HighlightService.self].highlighted = 3
        host.update()
        #expect(host.frame(ofIdentifier: "row2")?.maxY == 60)
        context[HighlightService.self].highlighted = 1
        host.update()
        #expect(host.frame(ofIdentifier: "row0") != nil)
        #expect(host.frame(ofIdentifier: "row1") == nil)
    }
}
