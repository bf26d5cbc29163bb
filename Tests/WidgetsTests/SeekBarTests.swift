import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerRender
import VideoPlayerTestSupport
import VideoPlayerWidgets

@MainActor
@Suite(.serialized) struct SeekBarTests {
    /// A player whose bottom area holds a seek bar, always shown.
    static func player() -> WidgetBed {
        WidgetBed.player { $0.control.configure(.halfScreen(.bottom1)) { [SeekBarWidget()] } }
    }

    @Test func draggingToAQuarterOfTheBarSeeksExactlyThereOnRelease() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 2))
        bed.drag(from: try bed.point(0.8, along: "seekBar"), to: try bed.point(0.25, along: "seekBar"))
        #expect(bed.context[SeekBarService.self].scrubTime == nil)
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 0.5) < 0.04 })
        // The played range ends a quarter along the bar.
        #expect(abs(bed.context[SeekBarService.self].playedFraction - 0.25) < 0.02)
    }

    @Test func tappingTheBarSeeksToTheTappedTime() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 2))
        bed.click(try bed.point(0.75, along: "seekBar"))
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 1.5) < 0.04 })
    }

    @Test func barDrawsPlayedInTheThemeAccentAndRemainingInTheTrackColour() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 2))
        #expect(await bed.seek(to: 1))
        let played = try bed.point(0.25, along: "seekBar")
        let remaining = try bed.point(0.8, along: "seekBar")
        let accent = RGBA(Theme.standard.accent)
        #expect(bed.snapshot().pixel(x: Int(played.x), y: Int(played.y)).isClose(to: accent, tolerance: 3))
        #expect(
            !bed.snapshot().pixel(x: Int(remaining.x), y: Int(remaining.y)).isClose(to: accent, tolerance: 40)
        )

        bed.context.theme.current.accent = Color(red: 1, green: 0, blue: 0)
        let restyled = bed.snapshot()
        #expect(
            restyled.pixel(x: Int(played.x), y: Int(played.y)).isClose(
                to: RGBA(r: 255, g: 0, b: 0), tolerance: 3))
    }
}
