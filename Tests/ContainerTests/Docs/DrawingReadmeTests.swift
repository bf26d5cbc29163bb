import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

// The README's "Drawing your own" example, compiled and checked: keep the two in step.

struct DownloadRing: Widget {
    let fraction: Double

    var body: some Widget {
        Canvas { graphics, size in
            let centre = Point(x: size.width / 2, y: size.height / 2)
            let radius = min(size.width, size.height) / 2 - 4
            var track = Path()
            track.addArc(center: centre, radius: radius, startAngle: .degrees(0), endAngle: .degrees(360))
            graphics.stroke(track, with: .color(Color(white: 1, alpha: 0.2)), lineWidth: 6)
            var done = Path()
            done.addArc(
                center: centre, radius: radius, startAngle: .degrees(-90),
                endAngle: .degrees(-90 + 360 * fraction))
            let warm = Gradient(colors: [.orange, .red])
            graphics.stroke(
                done,
                with: .linearGradient(
                    warm, startPoint: .zero, endPoint: Point(x: size.width, y: size.height)),
                style: StrokeStyle(lineWidth: 6, lineCap: .round))
            graphics.draw("\(Int(fraction * 100)) %", at: centre, anchor: .center, font: .headline)
        }
        .frame(width: 80, height: 80)
    }
}

@MainActor
@Suite struct DrawingReadmeTests {
    @Test func theRingFillsItsShareClockwiseFromTheTopAndSaysIt() throws {
        let image = SnapshotRenderer(size: Size(width: 80, height: 80), context: Context(mode: .test))
            .render(DownloadRing(fraction: 0.25), background: .black)
        // A quarter: the ring is warm from 12 to 3 o'clock, dim grey from 3 round to 12.
        let done = image.pixel(x: 40 + 25, y: 40 - 25)
        let track = image.pixel(x: 40 - 25, y: 40 + 25)
        #expect(done.r > 200 && done.b < 60)
        #expect(track.r == track.b && track.r > 30 && track.r < 80)
        // "25 %" in the middle.
        #expect(image.ink(in: Rect(x: 20, y: 30, width: 40, height: 20)) > 30)
    }
}
