import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// A focusable square that logs its taps, named by `name` for `frame(ofIdentifier:)`.
struct KeyButton: Widget {
    let name: String
    let log: EventLog
    var width = 20.0
    var height = 20.0

    var body: some Widget {
        Color.gray.frame(width: width, height: height).onTap { [log, name] in log.add(name) }.focusable()
            .accessibilityIdentifier(name)
    }
}

@MainActor
@Suite struct KeyboardNavigationTests {
    let log = EventLog()
    let context = Context(mode: .test)

    func host(_ widget: some Widget) -> WidgetHost {
        SnapshotRenderer(size: Size(width: 100, height: 100), context: context).makeHost(widget)
    }

    /// Whether the widget named `name` shows whole between y 20 and 80 (the scroll view below).
    func showsWhole(_ host: WidgetHost, _ name: String) -> Bool {
        guard let frame = host.frame(ofIdentifier: name) else { return false }
        return frame.minY >= 20 - 1e-9 && frame.maxY <= 80 + 1e-9
    }

    /// A 60-point scroll view from y 20 to 80 over `content`.
    func page(@WidgetBuilder _ content: () -> some Widget) -> some Widget {
        VStack(spacing: 0) {
            Color.blue.frame(height: 20)
            ScrollView { content() }.frame(height: 60)
            Color.blue.frame(height: 20)
        }
    }

    @Test func arrowsMoveTheFocusAlongStacksToTheNearestWidgetThatWay() {
        let log = log
        // a b
        // c   d   (d lies under b)
        let host = host(
            ZStack {
                Color.black.onKeyPress { press in
                    log.add("key \(press.key.rawValue)")
                    return true
                }
                VStack(alignment: .leading, spacing: 10) {
                    HStack(spacing: 20) {
                        KeyButton(name: "a", log: log)
                        KeyButton(name: "b", log: log)
                    }
                    HStack(spacing: 20) {
                        KeyButton(name: "c", log: log)
                        KeyButton(name: "d", log: log).padding(.leading, 0)
                    }
                }
            })
        host.press("Tab")
        #expect(host.focusedIdentifier == "a")
        host.press("Right")
        #expect(host.focusedIdentifier == "b")
        host.press("Down")
        #expect(host.focusedIdentifier == "d")
        host.press("Left")
        #expect(host.focusedIdentifier == "c")
        host.press("Up")
        #expect(host.focusedIdentifier == "a")
        #expect(log.events.isEmpty)
        // Nothing lies left of a: the key goes on to the key handlers.
        host.press("Left")
        #expect(host.focusedIdentifier == "a")
        host.press("Return")
        #expect(log.events == ["key Left", "a"])
    }

    @Test func theFocusMovingOutOfAScrollViewScrollsItIntoView() {
        let log = log
        let host = host(
            page {
                VStack(spacing: 10) {
                    ForEach(0..<10) { index in KeyButton(name: "row\(index)", log: log) }
                }
            })
        host.press("Tab")
        #expect(host.focusedIdentifier == "row0")
        for index in 1..<10 {
            host.press(index.isMultiple(of: 2) ? "Tab" : "Down")
            #expect(host.focusedIdentifier == "row\(index)")
            #expect(showsWhole(host, "row\(index)"))
        }
        // The last row ends the content: it sits at the view's bottom edge.
        #expect(host.frame(ofIdentifier: "row9")?.maxY == 80)
        host.press("Tab")
        #expect(host.focusedIdentifier == "row0")
        #expect(host.frame(ofIdentifier: "row0")?.minY == 20)
    }

    @Test func downThroughALazyListOfTenThousandRowsBuildsAndShowsEachRow() {
        let log = log
        let host = host(
            page {
                LazyVStack(spacing: 0) {
                    ForEach(0..<10_000) { index in KeyButton(name: "row\(index)", log: log) }
                }
            })
        host.press("Tab")
        for index in 1...60 {
            host.press("Down")
            #expect(host.focusedIdentifier == "row\(index)")
        }
        #expect(showsWhole(host, "row60"))
        #expect(host.frame(ofIdentifier: "row0") == nil)
        host.press("Return")
        #expect(log.events == ["row60"])
    }

    @Test func navigationKeysScrollTheViewAroundTheFocusOrUnderThePointer() {
        let log = log
        let host = host(
            page {
                VStack(spacing: 0) {
                    KeyButton(name: "top", log: log, width: 100, height: 10)
                    Color.white.frame(height: 990)
                }
            })
        func top() -> Double? { host.frame(ofIdentifier: "top")?.minY }
        // Nothing focused and the pointer away: the page's scroll view takes them.
        // A page is seven eighths of the view (60 points), an arrow a wheel step (40).
        host.press("PageDown")
        #expect(top() == 20 - 52.5)
        host.press("Down")
        #expect(top() == 20 - 92.5)
        host.press("End")
        #expect(top() == 20 - 940.0)
        host.press("PageUp")
        #expect(top() == 20 - 887.5)
        host.press("Home")
        #expect(top() == 20)
        // With the widget inside focused, they scroll around it (the focus does not move).
        host.press("Tab")
        #expect(host.focusedIdentifier == "top")
        host.press("PageDown")
        #expect(top() == 20 - 52.5)
        #expect(host.focusedIdentifier == "top")
        // Focusing it again brings it into view.
        host.press("Escape")
        host.press("Tab")
        #expect(top() == 20)
    }

    @Test func keyHandlersTakeKeysBeforeAnUnfocusedPageScrolls() {
        let log = log
        let host = host(
            ZStack {
                page { Color.white.frame(height: 1000).accessibilityIdentifier("content") }
                Color.clear.onKeyPress { press in
                    guard press.key == .downArrow else { return false }
                    log.add("down")
                    return true
                }
            })
        host.press("Down")
        host.press("PageDown")
        #expect(log.events == ["down"])
        #expect(host.frame(ofIdentifier: "content")?.minY == 20 - 52.5)
    }
}
