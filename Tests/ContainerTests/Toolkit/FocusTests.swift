import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// Whether the second button is shown.
final class ButtonsService: Service {
    @ViewState var showsFirst = true
    @ViewState var showsSecond = true
}

@MainActor
@Suite struct FocusTests {
    let log = EventLog()
    let context = Context(mode: .test)

    /// Two focusable buttons, 20x20 at (20, 40) and (60, 40), over a key handler.
    func host() -> WidgetHost {
        let log = log
        let page = ZStack {
            Color.black.onKeyPress { press in
                log.add("key \(press.key.rawValue)")
                return true
            }
            WithService(ButtonsService.self) { buttons in
                HStack(spacing: 20) {
                    if buttons.showsFirst {
                        Color.gray.frame(width: 20, height: 20).onTap { log.add("a") }.focusable()
                            .accessibilityIdentifier("a")
                    }
                    if buttons.showsSecond {
                        Color.gray.frame(width: 20, height: 20).onTap { log.add("b") }.focusable()
                            .accessibilityIdentifier("b")
                    }
                }
            }
        }
        return SnapshotRenderer(size: Size(width: 100, height: 100), context: context).makeHost(page)
    }

    @Test func tabWalksTheFocusableWidgetsAndReturnOrSpaceTapsThem() {
        let host = host()
        #expect(host.focusedIdentifier == nil)
        host.press("Tab")
        #expect(host.focusedIdentifier == "a")
        host.press("Return")
        host.press("Tab")
        #expect(host.focusedIdentifier == "b")
        host.press("Space")
        host.press("Tab")
        #expect(host.focusedIdentifier == "a")
        host.press("Tab", modifiers: .shift)
        #expect(host.focusedIdentifier == "b")
        host.press("Escape")
        #expect(host.focusedIdentifier == nil)
        host.press("Space")
        #expect(log.events == ["a", "b", "key Space"])
    }

    @Test func theFocusedWidgetHasARingAndAClickFocusesNothing() throws {
        let host = host()
        let button = try #require(host.frame(ofIdentifier: "a"))
        let ringPoint = (x: Int(button.minX) - 3, y: Int(button.midY))
        let before = host.snapshot().pixel(x: ringPoint.x, y: ringPoint.y)
        host.press("Tab")
        let ring = host.snapshot().pixel(x: ringPoint.x, y: ringPoint.y)
        #expect(ring != before)
        #expect(ring.b > ring.r)
        host.press("Escape")
        #expect(host.snapshot().pixel(x: ringPoint.x, y: ringPoint.y) == before)

        host.handle(.pointerDown(button.center))
        host.handle(.pointerUp(button.center))
        host.update()
        #expect(log.events == ["a"])
        #expect(host.focusedIdentifier == nil)
    }

    @Test func theRingMovesWithItsWidgetAndLeavesNothingBehind() throws {
        let host = host()
        host.press("Tab")
        host.press("Tab")
        let before = try #require(host.frame(ofIdentifier: "b"))
        let right = (x: Int(before.maxX) + 2, y: Int(before.midY))
        #expect(host.snapshot().pixel(x: right.x, y: right.y).b > 128)
        context[ButtonsService.self].showsFirst = false
        host.update()
        let after = try #require(host.frame(ofIdentifier: "b"))
        #expect(after.minX < before.minX)
        #expect(host.focusedIdentifier == "b")
        #expect(host.snapshot().pixel(x: right.x, y: right.y) == RGBA(Color.black))
    }

    @Test func focusOnAWidgetThatGoesAwayIsLost() {
        let host = host()
        host.press("Tab")
        host.press("Tab")
        #expect(host.focusedIdentifier == "b")
        context[ButtonsService.self].showsSecond = false
        host.update()
        #expect(host.focusedIdentifier == nil)
        host.press("Return")
        #expect(log.events == ["key Return"])
        host.press("Tab")
        #expect(host.focusedIdentifier == "a")
    }

    @Test func aRingThatAScrollViewWouldCutIsDrawnInsideTheWidget() throws {
        // A 100x60 green box flush with the top of a scroll view that starts at y 20, and a 100x20
        // one below it with room all round.
        let host = SnapshotRenderer(size: Size(width: 120, height: 120), context: context).makeHost(
            VStack(spacing: 0) {
                Color.black.frame(height: 20)
                ScrollView {
                    VStack(spacing: 10) {
                        Color.green.frame(width: 100, height: 60).onTap {}.focusable()
                            .accessibilityIdentifier("flush")
                        Color.green.frame(width: 100, height: 20).onTap {}.focusable()
                            .accessibilityIdentifier("inside")
                    }
                    .frame(maxWidth: .infinity)
                }
            })
        host.update()
        host.press("Tab")
        #expect(host.focusedIdentifier == "flush")
        let box = try #require(host.frame(ofIdentifier: "flush"))
        #expect(box.minY == 20.0)
        let shot = host.snapshot()
        // The ring's top edge lies inside the box, where the clip lets it show.
        let top = shot.pixel(x: Int(box.midX), y: Int(box.minY) + 1)
        #expect(top.b > 200 && top.g < 200, "\(top)")
        // A widget with room around it keeps its ring outside.
        host.press("Tab")
        #expect(host.focusedIdentifier == "inside")
        let inside = try #require(host.frame(ofIdentifier: "inside"))
        let after = host.snapshot()
        #expect(after.pixel(x: Int(inside.midX), y: Int(inside.minY) - 3).b > 200)
        #expect(after.pixel(x: Int(inside.midX), y: Int(inside.minY) + 1).g > 100)
    }

    @Test func tabWithNothingFocusableGoesToTheKeyHandlers() {
        let host = SnapshotRenderer(size: Size(width: 100, height: 100), context: context).makeHost(
            Color.black.onKeyPress { [log] press in
                log.add(press.key.rawValue)
                return true
            })
        host.press("Tab")
        #expect(log.events == ["Tab"])
    }
}
