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
        WidgetBed(size: Size(width: 320, height: 180)) { context in
            context.control.configure(displayStyle: .always)
            // The scrims would darken the colours the tests read.
            context.control.configure(shadow: nil)
            context.control.configure(.halfScreen(.bottom1)) { [SeekBarWidget()] }
            return PlayerWidget(context)
        }
    }

    /// The bar's frame, and the point at `fraction` of its width on its centre line.
    static func point(_ fraction: Double, in bed: WidgetBed) throws -> Point {
        let bar = try #require(bed.host.frame(ofIdentifier: "seekBar"))
        return Point(x: bar.minX + fraction * bar.width, y: bar.midY)
    }

    @Test func draggingToAQuarterOfTheBarSeeksExactlyThereOnRelease() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 2))
        bed.drag(from: try Self.point(0.8, in: bed), to: try Self.point(0.25, in: bed))
        #expect(bed.context[SeekBarService.self].scrubTime == nil)
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 0.5) < 0.04 })
        // The played range ends a quarter along the bar.
        #expect(abs(bed.context[SeekBarService.self].playedFraction - 0.25) < 0.02)
    }

    @Test func tappingTheBarSeeksToTheTappedTime() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 2))
        bed.click(try Self.point(0.75, in: bed))
        #expect(await bed.waitUntil { abs(bed.context.render.currentTime - 1.5) < 0.04 })
    }

    @Test func barDrawsPlayedInTheThemeAccentAndRemainingInTheTrackColour() async throws {
        let bed = Self.player()
        #expect(try await bed.loadClip(duration: 2))
        #expect(await bed.seek(to: 1))
        let played = try Self.point(0.25, in: bed)
        let remaining = try Self.point(0.8, in: bed)
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
