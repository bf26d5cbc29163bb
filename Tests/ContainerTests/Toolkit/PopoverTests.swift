import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// Whether the popover under test shows, and whether its anchor is on the page.
final class PopoverStateService: Service {
    @ViewState var isPresented = false
    @ViewState var showsAnchor = true
    @ViewState var rows = 2
    @ViewState var disablesAnchor = false
}

/// `popover(isPresented:)`: drawn above the whole page next to its anchor and kept on the
/// screen, hit first, closed by a click outside (which does nothing else) and by Escape, modal
/// for the keyboard, in the accessibility walk; it goes with its anchor.
@MainActor
@Suite struct PopoverTests {
    static let size = Size(width: 300, height: 200)
    static let cardGrey = RGBA(r: 41, g: 41, b: 41)
    static let red = RGBA(r: 255, g: 58, b: 48)

    let log = EventLog()
    let context = Context(mode: .test)
    var state: PopoverStateService { context[PopoverStateService.self] }

    /// A 60 x 30 grey opener at `anchor` (top left corner) whose popover lists `rows` focusable
    /// 100 x 30 rows "row 0", "row 1"...; a red tappable panel drawn after the opener covers the
    /// whole page below y 40 and takes keys.
    func host(anchor: Point = Point(x: 100, y: 10), edge: Edge = .bottom, size: Size = Self.size)
        -> WidgetHost
    {
        let log = log
        let page = ZStack(alignment: .topLeading) {
            Color.black
                .onKeyPress { press in
                    log.add("page key \(press.key.rawValue)")
                    return true
                }
            WithService(PopoverStateService.self) { state in
                if state.showsAnchor {
                    Color.gray.frame(width: 60, height: 30)
                        .onTap { state.isPresented.toggle() }
                        .focusable()
                        .accessibilityLabel("Open")
                        .accessibilityIdentifier("opener")
                        .popover(isPresented: state.binding(\.isPresented), arrowEdge: edge) {
                            VStack(spacing: 0) {
                                ForEach(0..<state.rows, id: \.self) { row in
                                    Text("row \(row)").frame(width: 100, height: 30)
                                        .onTap { log.add("row \(row)") }
                                        .focusable()
                                        .accessibilityIdentifier("row \(row)")
                                }
                            }
                        }
                        .disabled(state.disablesAnchor)
                        .offset(x: anchor.x, y: anchor.y)
                }
            }
            Color.red.frame(width: 300, height: 160).offset(x: 0, y: 40)
                .onTap { log.add("page tap") }
        }
        let host = SnapshotRenderer(size: size, context: context).makeHost(page)
        host.update()
        return host
    }

    func open(_ host: WidgetHost) {
        state.isPresented = true
        host.update()
    }

    @Test func itIsDrawnAboveThePageBelowItsAnchor() throws {
        let host = host()
        let opener = try #require(host.frame(ofIdentifier: "opener"))
        #expect(host.frame(ofIdentifier: "row 0") == nil)
        open(host)
        let row0 = try #require(host.frame(ofIdentifier: "row 0"))
        let row1 = try #require(host.frame(ofIdentifier: "row 1"))
        // Below the opener, centred on it, on a card with 12 points of padding.
        #expect(row0.minY == opener.maxY + 4 + 12)
        #expect(row0.midX == opener.midX)
        #expect(row1.minY == row0.maxY)
        // The red panel is drawn after the opener, yet the card covers it.
        let shot = host.snapshot()
        #expect(shot.pixel(x: Int(row0.minX) - 6, y: Int(row1.midY)).isClose(to: Self.cardGrey, tolerance: 6))
        #expect(shot.pixel(x: 250, y: Int(row1.midY)).isClose(to: Self.red, tolerance: 6))
    }

    @Test func aClickInsideReachesItAndAClickOutsideClosesItAndDoesNothingElse() throws {
        let host = host()
        open(host)
        let row1 = try #require(host.frame(ofIdentifier: "row 1"))
        host.click(Point(x: row1.midX, y: row1.midY))
        #expect(log.events == ["row 1"])
        #expect(state.isPresented)
        host.click(Point(x: 250, y: 150))
        #expect(log.events == ["row 1"])
        #expect(!state.isPresented)
        #expect(host.frame(ofIdentifier: "row 1") == nil)
        // Where the card was, the page shows again; and clicks reach it again.
        #expect(
            host.snapshot().pixel(x: Int(row1.midX), y: Int(row1.midY)).isClose(to: Self.red, tolerance: 6))
        host.click(Point(x: 250, y: 150))
        #expect(log.events == ["row 1", "page tap"])
    }

    @Test func theWheelOverThePageBehindItIsTakenAway() {
        let host = host()
        open(host)
        #expect(host.handle(.scroll(dx: 0, dy: -1, location: Point(x: 250, y: 150))))
        #expect(state.isPresented)
    }

    @Test func itFlipsToTheSideWithRoomAndStaysOnTheScreen() throws {
        // Near the bottom right corner: no room below, so it goes above, slid left to fit.
        let host = host(anchor: Point(x: 230, y: 160))
        open(host)
        let opener = try #require(host.frame(ofIdentifier: "opener"))
        let row1 = try #require(host.frame(ofIdentifier: "row 1"))
        #expect(row1.maxY == opener.minY - 4 - 12)
        #expect(row1.maxX + 12 == Self.size.width - 8)
        // Asked for the top edge with room there, it stays above.
        state.isPresented = false
        let top = self.host(anchor: Point(x: 20, y: 120), edge: .top)
        open(top)
        let topOpener = try #require(top.frame(ofIdentifier: "opener"))
        #expect(try #require(top.frame(ofIdentifier: "row 1")).maxY == topOpener.minY - 4 - 12)
    }

    @Test func besideItsAnchorItFlipsToTheSideWithRoomToo() throws {
        let trailing = host(anchor: Point(x: 20, y: 60), edge: .trailing)
        open(trailing)
        let opener = try #require(trailing.frame(ofIdentifier: "opener"))
        let row = try #require(trailing.frame(ofIdentifier: "row 0"))
        #expect(row.minX == opener.maxX + 4 + 12)
        // Centred across: the card (two rows and its padding) on the opener's middle.
        #expect(row.minY - 12 + (60.0 + 24.0) / 2 == opener.midY)
        state.isPresented = false
        // Near the right edge there is no room after it: it goes before.
        let flipped = host(anchor: Point(x: 230, y: 60), edge: .trailing)
        open(flipped)
        let flippedOpener = try #require(flipped.frame(ofIdentifier: "opener"))
        #expect(try #require(flipped.frame(ofIdentifier: "row 0")).maxX + 12 == flippedOpener.minX - 4)
    }

    @Test func noRoomAtAllOrNothingInItDoesNoHarm() {
        // A host of no size: the popover gets no room, and still opens and closes.
        let tiny = host(size: .zero)
        open(tiny)
        #expect(tiny.frame(ofIdentifier: "row 0").map { $0.width <= 100 } == true)
        tiny.press("Escape")
        #expect(!state.isPresented)
        // Nothing in it: Tab and the arrows find nothing, Escape closes it.
        state.rows = 0
        let empty = host()
        open(empty)
        empty.press("Tab")
        empty.press("Down")
        #expect(empty.focusedIdentifier == nil)
        #expect(log.events.isEmpty)
        empty.press("Escape")
        #expect(!state.isPresented)
    }

    @Test func contentTallerThanTheRoomIsCutToTheRoomShowingItsTop() throws {
        state.rows = 20
        let host = host()
        open(host)
        let opener = try #require(host.frame(ofIdentifier: "opener"))
        let rows = try #require(host.frame(ofIdentifier: "row 0"))
        let card = Rect(
            x: rows.minX - 12, y: opener.maxY + 4, width: 124, height: Self.size.height - 8 - opener.maxY - 4)
        // The first row shows; nothing is drawn below the screen margin.
        #expect(rows.minY == opener.maxY + 4 + 12)
        let shot = host.snapshot()
        #expect(shot.pixel(x: Int(card.midX), y: Int(card.maxY) - 3).isClose(to: Self.cardGrey, tolerance: 6))
        #expect(shot.pixel(x: Int(card.midX), y: Int(card.maxY) + 4).isClose(to: Self.red, tolerance: 30))
    }

    @Test func fromTheKeyboardItTakesTheFocusKeepsItAndEscapeGivesItBack() {
        let host = host()
        host.press("Tab")
        #expect(host.focusedIdentifier == "opener")
        host.press("Return")
        #expect(state.isPresented)
        #expect(host.focusedIdentifier == "row 0")
        host.press("Tab")
        #expect(host.focusedIdentifier == "row 1")
        // Tab keeps to the popover.
        host.press("Tab")
        #expect(host.focusedIdentifier == "row 0")
        host.press("Down")
        #expect(host.focusedIdentifier == "row 1")
        host.press("Space")
        // The page behind hears no keys while the popover shows.
        host.press("A")
        #expect(log.events == ["row 1"])
        host.press("Escape")
        #expect(!state.isPresented)
        #expect(host.focusedIdentifier == "opener")
        host.press("A")
        #expect(log.events == ["row 1", "page key A"])
    }

    @Test func openedWithThePointerDownReachesItsFirstWidget() {
        let host = host()
        host.click(Point(x: 130, y: 25))
        #expect(state.isPresented)
        #expect(host.focusedIdentifier == nil)
        host.press("Down")
        #expect(host.focusedIdentifier == "row 0")
    }

    @Test func aScreenReaderFindsItAfterThePage() {
        let host = host()
        open(host)
        let labels = host.accessibilityElements.map(\.label)
        #expect(labels.suffix(2) == ["row 0", "row 1"])
        #expect(labels.contains("Open"))
    }

    @Test func itGoesWithItsAnchor() {
        let host = host()
        open(host)
        state.showsAnchor = false
        host.update()
        #expect(host.frame(ofIdentifier: "row 0") == nil)
        #expect(host.accessibilityElements.allSatisfy { !$0.label.hasPrefix("row") })
        state.showsAnchor = true
        state.isPresented = false
        host.update()
        // Closed by its binding.
        open(host)
        #expect(host.frame(ofIdentifier: "row 0") != nil)
        state.isPresented = false
        host.update()
        #expect(host.frame(ofIdentifier: "row 0") == nil)
        // Disabling its anchor closes it too.
        open(host)
        state.disablesAnchor = true
        host.update()
        #expect(host.frame(ofIdentifier: "row 0") == nil)
        #expect(!state.isPresented)
    }
}
