import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// `Button` on a page and `Menu` with buttons as its rows: opened by a click, Return or Down;
/// a row runs its action and closes the menu; the keyboard walks the rows and Escape gives the
/// focus back; a long menu scrolls; a screen reader hears a button and menu items.
@MainActor
@Suite struct MenuTests {
    static let size = Size(width: 320, height: 240)

    let log = EventLog()
    let context = Context(mode: .test)

    /// A "Speed" menu of `rows` rates at (10, 10) and a "Play" button at (200, 10).
    func host(rows: [String] = ["0.5×", "1×", "2×"], size: Size = Self.size) -> WidgetHost {
        let log = log
        let page = ZStack(alignment: .topLeading) {
            Color.black
            HStack(alignment: .top, spacing: 20) {
                Menu("Speed") {
                    ForEach(rows, id: \.self) { rate in
                        Button(rate) { log.add(rate) }
                    }
                }
                .accessibilityIdentifier("speed")
                Button("Play") { log.add("play") }
                    .accessibilityIdentifier("play")
            }
            .padding(10)
        }
        let host = SnapshotRenderer(size: size, context: context).makeHost(page)
        host.update()
        return host
    }

    func centre(_ rect: Rect) -> Point { Point(x: rect.midX, y: rect.midY) }

    func rows(_ host: WidgetHost) -> [AccessibilityElement] {
        host.accessibilityElements.filter { $0.role == .menuItem }
    }

    func focusedLabel(_ host: WidgetHost) -> String? {
        host.accessibilityElements.first(where: \.isFocused)?.label
    }

    @Test func aClickOpensTheListUnderTheButtonAndARowRunsAndClosesIt() throws {
        let host = host()
        let button = try #require(host.frame(ofIdentifier: "speed"))
        #expect(rows(host).isEmpty)
        host.click(centre(button))
        let opened = rows(host)
        #expect(opened.map(\.label) == ["0.5×", "1×", "2×"])
        let first = try #require(opened.first)
        // Under the button, lined up with its leading edge, at least as wide.
        #expect(first.frame.minY >= button.maxY)
        #expect(first.frame.minX >= button.minX && first.frame.minX <= button.minX + 1)
        #expect(first.frame.width >= button.width)
        host.click(centre(opened[2].frame))
        #expect(log.events == ["2×"])
        #expect(rows(host).isEmpty)
        // The page takes clicks again.
        host.click(centre(try #require(host.frame(ofIdentifier: "play"))))
        #expect(log.events == ["2×", "play"])
    }

    @Test func theRowUnderThePointerTakesTheTint() throws {
        let host = host()
        host.click(centre(try #require(host.frame(ofIdentifier: "speed"))))
        let row = try #require(rows(host).last).frame
        let edge = Point(x: row.maxX - 4, y: row.midY)
        let before = host.snapshot().pixel(x: Int(edge.x), y: Int(edge.y))
        host.handle(.pointerMoved(edge))
        host.update()
        let after = host.snapshot().pixel(x: Int(edge.x), y: Int(edge.y))
        #expect(before.isClose(to: RGBA(r: 41, g: 41, b: 41), tolerance: 6))
        #expect(after.isClose(to: RGBA(r: 10, g: 133, b: 255), tolerance: 6))
    }

    @Test func theKeyboardOpensWalksAndChoosesAndEscapeGivesTheFocusBack() {
        let host = host()
        host.press("Tab")
        #expect(host.focusedIdentifier == "speed")
        host.press("Return")
        #expect(focusedLabel(host) == "0.5×")
        host.press("Down")
        #expect(focusedLabel(host) == "1×")
        host.press("Return")
        #expect(log.events == ["1×"])
        #expect(rows(host).isEmpty)
        #expect(host.focusedIdentifier == "speed")
        // Down opens it too; Escape closes it without choosing.
        host.press("Down")
        #expect(focusedLabel(host) == "0.5×")
        host.press("Escape")
        #expect(rows(host).isEmpty)
        #expect(host.focusedIdentifier == "speed")
        #expect(log.events == ["1×"])
        host.press("Tab")
        #expect(host.focusedIdentifier == "play")
        host.press("Space")
        #expect(log.events == ["1×", "play"])
    }

    @Test func aMenuLongerThanTheRoomScrollsToItsLastRow() throws {
        let rates = (1...30).map { "rate \($0)" }
        let host = host(rows: rates, size: Size(width: 320, height: 200))
        host.click(centre(try #require(host.frame(ofIdentifier: "speed"))))
        let shown = rows(host)
        #expect(shown.count == 30)
        let last = try #require(shown.last)
        #expect(last.frame.minY > 200)
        // Up from no row goes to the last one, which scrolls into view.
        host.press("Up")
        #expect(focusedLabel(host) == "rate 30")
        let revealed = try #require(rows(host).last)
        #expect(revealed.frame.maxY <= 200 - 8)
        host.press("Return")
        #expect(log.events == ["rate 30"])
    }

    @Test func aScreenReaderHearsAButtonThenMenuItems() throws {
        let host = host()
        let speed = try #require(host.accessibilityElements.first { $0.identifier == "speed" })
        #expect(speed.role == .button && speed.label == "Speed")
        #expect(host.performAccessibilityAction(.activate, on: speed.id))
        host.update()
        #expect(rows(host).map(\.label) == ["0.5×", "1×", "2×"])
        let second = try #require(rows(host).dropFirst().first)
        #expect(host.performAccessibilityAction(.activate, on: second.id))
        host.update()
        #expect(log.events == ["1×"])
        #expect(rows(host).isEmpty)
    }

    /// How the chevron at the button's trailing end points: `.down` when its ink is wider at the
    /// top than at the bottom (a "V"), `.up` for the reverse.
    func chevron(of host: WidgetHost, in button: Rect) -> SymbolName? {
        let picture = host.snapshot()
        var spans: [(y: Int, width: Int)] = []
        for y in Int(button.minY)..<Int(button.maxY) {
            let inked = (Int(button.maxX) - 24..<Int(button.maxX)).filter {
                picture.pixel(x: $0, y: y).g > 150
            }
            if let first = inked.first, let last = inked.last { spans.append((y, last - first + 1)) }
        }
        guard spans.count >= 3 else { return nil }
        let third = spans.count / 3
        let top = spans.prefix(third).map(\.width).max() ?? 0
        let bottom = spans.suffix(third).map(\.width).max() ?? 0
        return top > bottom ? .chevronDown : top < bottom ? .chevronUp : nil
    }

    @Test func theChevronPointsUpWhileTheMenuIsOpen() throws {
        let host = host()
        let button = try #require(host.frame(ofIdentifier: "speed"))
        #expect(chevron(of: host, in: button) == .chevronDown)
        host.click(centre(button))
        #expect(chevron(of: host, in: button) == .chevronUp)
        host.press("Escape")
        #expect(chevron(of: host, in: button) == .chevronDown)
    }

    @Test func aButtonOnAPageLightensUnderThePointerAndRunsOnAClick() throws {
        let host = host()
        let play = try #require(host.frame(ofIdentifier: "play"))
        let corner = Point(x: play.minX + 6, y: play.midY)
        let plate = host.snapshot().pixel(x: Int(corner.x), y: Int(corner.y))
        host.handle(.pointerMoved(corner))
        host.update()
        let hovered = host.snapshot().pixel(x: Int(corner.x), y: Int(corner.y))
        #expect(plate.r > 20 && hovered.r > plate.r + 15)
        host.click(corner)
        #expect(log.events == ["play"])
    }
}
