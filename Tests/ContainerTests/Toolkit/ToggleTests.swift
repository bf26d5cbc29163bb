import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// The settings the toggles under test flip.
final class SwitchesService: Service {
    @ViewState var autoplay = false
    @ViewState var captions = true
}

/// `Toggle`: a click, Return and Space flip the bound value; the knob slides with the clock; the
/// track takes the tint; a screen reader hears a toggle; a disabled toggle stays put.
@MainActor
@Suite struct ToggleTests {
    let clock = TestClock()
    let context: Context
    var switches: SwitchesService { context[SwitchesService.self] }

    init() {
        context = Context(mode: .test).withDependency(\.clock, clock)
    }

    /// Two toggles 200 points wide: "Autoplay" (y 0–30) in the default tint, "Captions"
    /// (y 40–70) in red and disabled while `lockCaptions`.
    func host(lockCaptions: Bool = false) -> WidgetHost {
        let host = SnapshotRenderer(size: Size(width: 200, height: 80), context: context).makeHost(
            ZStack(alignment: .topLeading) {
                Color.black
                WithService(SwitchesService.self) { switches in
                    VStack(spacing: 10) {
                        Toggle("Autoplay", isOn: switches.binding(\.autoplay))
                            .frame(height: 30)
                            .accessibilityIdentifier("autoplay")
                        Toggle("Captions", isOn: switches.binding(\.captions))
                            .tint(.red)
                            .disabled(lockCaptions)
                            .frame(height: 30)
                            .accessibilityIdentifier("captions")
                    }
                }
            })
        host.update()
        return host
    }

    /// The switch sits at the trailing edge: 44 x 24, centred in its 30-point row.
    func knobIsOn(_ host: WidgetHost, row: Int) -> Bool? {
        let shot = host.snapshot()
        let y = row * 40 + 15
        let white = RGBA(r: 255, g: 255, b: 255)
        let leading = shot.pixel(x: 200 - 44 + 12, y: y).isClose(to: white, tolerance: 10)
        let trailing = shot.pixel(x: 200 - 12, y: y).isClose(to: white, tolerance: 10)
        return leading == trailing ? nil : trailing
    }

    @Test func aClickFlipsTheValueAndTheKnobSlidesOverOnTheTint() throws {
        let host = host()
        #expect(knobIsOn(host, row: 0) == false)
        // Off: a grey track between the knob and the far end.
        let offTrack = host.snapshot().pixel(x: 200 - 8, y: 15)
        #expect(offTrack.r == offTrack.b && offTrack.r > 40)

        host.handle(.pointerDown(Point(x: 40, y: 15)))
        host.handle(.pointerUp(Point(x: 40, y: 15)))
        host.update()
        #expect(switches.autoplay)
        // Midway through the slide the knob is at neither end.
        clock.advance(by: 0.075)
        host.update()
        #expect(knobIsOn(host, row: 0) == nil)
        host.run(for: 0.2, on: clock)
        #expect(knobIsOn(host, row: 0) == true)
        // On: the track in the toolkit's blue.
        let onTrack = host.snapshot().pixel(x: 200 - 40, y: 15)
        #expect(onTrack.b > 200 && onTrack.r < 40)
        // The red one is on from the start, in red.
        #expect(knobIsOn(host, row: 1) == true)
        let red = host.snapshot().pixel(x: 200 - 40, y: 55)
        #expect(red.r > 200 && red.g < 80 && red.b < 80)
    }

    @Test func aLongLabelTakesTheWholeRoomBesideTheSwitch() throws {
        let title = "Play the next video automatically when this one ends"
        let host = SnapshotRenderer(size: Size(width: 300, height: 120), context: context).makeHost(
            WithService(SwitchesService.self) { switches in
                Toggle(isOn: switches.binding(\.autoplay)) {
                    Text(title).accessibilityIdentifier("label")
                }
            })
        host.update()
        let label = try #require(host.frame(ofIdentifier: "label"))
        let room = 300.0 - 44 - 12
        #expect(label.minX == 0)
        #expect(label.width > room * 0.75 && label.width <= room)
        #expect(label.height < 3 * Font.body.size * 1.5)
    }

    @Test func returnAndSpaceFlipTheFocusedToggle() {
        let host = host()
        host.press("Tab")
        #expect(host.focusedIdentifier == "autoplay")
        host.press("Space")
        #expect(switches.autoplay)
        host.press("Return")
        #expect(!switches.autoplay)
        host.press("Tab")
        #expect(host.focusedIdentifier == "captions")
        host.press("Space")
        #expect(!switches.captions)
    }

    @Test func aScreenReaderHearsAToggleThatFollowsItsValue() throws {
        let host = host()
        let element = try #require(host.accessibilityElements.first { $0.identifier == "autoplay" })
        #expect(element.role == .toggle && element.label == "Autoplay")
        #expect(!element.traits.contains(.isSelected))
        #expect(host.performAccessibilityAction(.activate, on: element.id))
        host.update()
        #expect(switches.autoplay)
        let after = try #require(host.accessibilityElements.first { $0.identifier == "autoplay" })
        #expect(after.traits.contains(.isSelected))
        #expect(
            host.accessibilityElements.first { $0.identifier == "captions" }?.traits.contains(.isSelected)
                == true)
    }

    @Test func aDisabledToggleCannotBeFlipped() throws {
        let host = host(lockCaptions: true)
        host.handle(.pointerDown(Point(x: 40, y: 55)))
        host.handle(.pointerUp(Point(x: 40, y: 55)))
        host.update()
        #expect(switches.captions)
        let element = try #require(host.accessibilityElements.first { $0.identifier == "captions" })
        #expect(!element.isEnabled)
        #expect(!host.performAccessibilityAction(.activate, on: element.id))
        #expect(switches.captions)
    }
}
