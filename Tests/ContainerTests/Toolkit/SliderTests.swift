import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// The numbers the sliders under test move.
final class LevelsService: Service {
    @ViewState var brightness = 0.5
    @ViewState var rating = 4.0
    @ViewState var fixed = 5.0
    var edits: [Bool] = []
}

/// `Slider`: pressing and dragging move the value (to whole steps), keys step it, the track fills
/// to the knob in the tint, a screen reader hears, steps and sets a slider; degenerate ranges and
/// values do no harm.
@MainActor
@Suite struct SliderTests {
    let context = Context(mode: .test)
    var levels: LevelsService { context[LevelsService.self] }

    /// Three sliders 218 points wide (a 200-point track between the knob's radii), 24 high, 10 apart:
    /// brightness in 0...1, rating in 0...10 by 2, fixed in 5...5.
    func host() -> WidgetHost {
        let host = SnapshotRenderer(size: Size(width: 218, height: 92), context: context).makeHost(
            ZStack(alignment: .topLeading) {
                Color.black
                WithService(LevelsService.self) { levels in
                    VStack(spacing: 10) {
                        Slider(
                            "Brightness", value: levels.binding(\.brightness),
                            onEditingChanged: { levels.edits.append($0) }
                        )
                        .accessibilityIdentifier("brightness")
                        Slider("Rating", value: levels.binding(\.rating), in: 0...10, step: 2)
                            .accessibilityIdentifier("rating")
                        Slider("Fixed", value: levels.binding(\.fixed), in: 5...5)
                            .accessibilityIdentifier("fixed")
                    }
                }
            })
        host.update()
        return host
    }

    /// The x where the knob of a slider whose track starts at 9 and is 200 long stands at `fraction`.
    func x(_ fraction: Double) -> Double { 9 + 200 * fraction }

    @Test func pressingAndDraggingMoveTheValueAndTheFilledTrackFollows() {
        let host = host()
        host.handle(.pointerDown(Point(x: x(0.75), y: 12)))
        host.update()
        #expect(abs(levels.brightness - 0.75) < 1e-9)
        host.handle(.pointerMoved(Point(x: x(0.25), y: 40)))
        host.update()
        #expect(abs(levels.brightness - 0.25) < 1e-9)
        // Past the end it holds the end.
        host.handle(.pointerMoved(Point(x: 500, y: 12)))
        host.handle(.pointerUp(Point(x: 500, y: 12)))
        host.update()
        #expect(levels.brightness == 1.0)
        #expect(levels.edits == [true, false])

        host.handle(.pointerDown(Point(x: x(0.5), y: 12)))
        host.handle(.pointerUp(Point(x: x(0.5), y: 12)))
        host.update()
        // Filled in the tint up to the knob at the middle, empty grey after it.
        let shot = host.snapshot()
        let filled = shot.pixel(x: Int(x(0.3)), y: 12)
        let empty = shot.pixel(x: Int(x(0.8)), y: 12)
        #expect(filled.b > 200 && filled.r < 40)
        #expect(empty.r == empty.b && empty.r > 40)
        #expect(shot.pixel(x: Int(x(0.5)), y: 12).isClose(to: RGBA(r: 255, g: 255, b: 255), tolerance: 4))
    }

    @Test func aSliderWithAStepKeepsToWholeSteps() {
        let host = host()
        host.handle(.pointerDown(Point(x: x(0.55), y: 46)))
        host.handle(.pointerUp(Point(x: x(0.55), y: 46)))
        host.update()
        #expect(levels.rating == 6.0)
    }

    @Test func endGoesToTheLastWholeStepWhenTheStepDoesNotDivideTheRange() {
        let host = SnapshotRenderer(size: Size(width: 218, height: 24), context: context).makeHost(
            WithService(LevelsService.self) { levels in
                Slider("Thirds", value: levels.binding(\.rating), in: 0...10, step: 3)
            })
        host.update()
        host.press("Tab")
        host.press("End")
        #expect(levels.rating == 9.0)
        host.press("Home")
        #expect(levels.rating == 0.0)
    }

    @Test func keysStepTheFocusedSliderAndLeaveUpAndDownToTheFocus() {
        let host = host()
        host.press("Tab")
        #expect(host.focusedIdentifier == "brightness")
        host.press("Right")
        #expect(abs(levels.brightness - 0.55) < 1e-9)
        host.press("Home")
        #expect(levels.brightness == 0.0)
        host.press("Left")
        #expect(levels.brightness == 0.0)
        host.press("End")
        #expect(levels.brightness == 1.0)
        host.press("Down")
        #expect(host.focusedIdentifier == "rating")
        host.press("Left")
        #expect(levels.rating == 2.0)
    }

    @Test func aScreenReaderHearsStepsAndSetsASlider() throws {
        let host = host()
        let rating = try #require(host.accessibilityElements.first { $0.identifier == "rating" })
        #expect(rating.role == .slider && rating.label == "Rating" && rating.value == "40 %")
        #expect(rating.numericValue == AccessibilityNumericValue(4, in: 0...10, step: 2))
        #expect(host.performAccessibilityAction(.increment, on: rating.id))
        host.update()
        #expect(levels.rating == 6.0)
        #expect(host.setAccessibilityValue(7.3, on: rating.id))
        #expect(levels.rating == 8.0)
        let brightness = try #require(host.accessibilityElements.first { $0.identifier == "brightness" })
        #expect(brightness.numericValue?.step == 0.05)
    }

    @Test func anEmptyRangeAndAValueOutsideItDoNoHarm() throws {
        levels.brightness = .nan
        levels.fixed = 9
        let host = host()
        host.handle(.pointerDown(Point(x: x(0.7), y: 80)))
        host.handle(.pointerUp(Point(x: x(0.7), y: 80)))
        host.update()
        #expect(levels.fixed == 5.0)
        let elements = host.accessibilityElements
        #expect(elements.first { $0.identifier == "fixed" }?.value == "0 %")
        #expect(elements.first { $0.identifier == "brightness" }?.numericValue?.current == 0.0)
    }
}
