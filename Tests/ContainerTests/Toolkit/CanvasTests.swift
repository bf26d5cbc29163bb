import Testing
import VideoPlayerContainer

@MainActor
@Suite struct CanvasTests {
    @Test func fillCircleFillsTheDiscAndNothingOutsideIt() {
        let renderer = SnapshotRenderer(size: Size(width: 40, height: 40), context: Context(mode: .test))
        let image = renderer.render(
            Canvas { graphics, _ in
                graphics.fillCircle(center: Point(x: 20, y: 20), radius: 10, color: .pureRed)
            },
            background: .black)
        #expect(image.pixel(x: 20, y: 20).isClose(to: .pureRed))
        #expect(image.pixel(x: 27, y: 20).isClose(to: .pureRed))
        #expect(image.pixel(x: 32, y: 20).isClose(to: RGBA(r: 0, g: 0, b: 0)))
        #expect(image.pixel(x: 28, y: 28).isClose(to: RGBA(r: 0, g: 0, b: 0)))
    }
}
