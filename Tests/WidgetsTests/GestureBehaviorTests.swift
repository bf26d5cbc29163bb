import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

@MainActor
@Suite struct GestureBehaviorTests {
    private func bed() -> WidgetBed {
        WidgetBed.player { context in
            context.control.configure(displayStyle: .never)
            context[GestureBehaviorService.self].install([
                .horizontalDragToSeek, .verticalDragVolume(.right), .verticalDragBrightness(.left),
            ])
        }
    }

    @Test func aHorizontalDragSeeksByItsShareOfTheWidth() async throws {
        let bed = bed()
        #expect(try await bed.loadClip(duration: 2))
        // 80 of 320 points is a quarter of the width: a quarter of the 2 s item.
        bed.drag(from: Point(x: 100, y: 90), to: Point(x: 180, y: 90))
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 0.5) < 0.05 })
    }

    @Test func verticalDragsSetVolumeOnTheRightAndBrightnessOnTheLeft() async throws {
        let bed = bed()
        #expect(try await bed.loadClip(duration: 2))
        // 45 of 180 points down on the right: a quarter quieter.
        bed.drag(from: Point(x: 250, y: 60), to: Point(x: 250, y: 105))
        #expect(await bed.waitUntil { abs(bed.context.render.volume - 0.75) < 0.02 })
        // 45 points up on the left: a quarter brighter.
        bed.drag(from: Point(x: 60, y: 120), to: Point(x: 60, y: 75))
        #expect(await bed.waitUntil { abs(bed.context.render.engine.brightness - 0.25) < 0.02 })
        #expect(abs(bed.context.render.volume - 0.75) < 0.02)
    }
}
