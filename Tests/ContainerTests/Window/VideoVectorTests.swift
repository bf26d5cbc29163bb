import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// `RenderService.addVector(_:clear:)`: drawings over the video in the picture's own coordinates,
/// kept on the same part of the picture when the video area changes size, clipped to the picture.
@MainActor
@Suite(.serialized) struct VideoVectorTests {
    let clock = TestClock()
    /// The fake engine's picture colour, as the decoder's limited-range YUV gives it back.
    let orange = RGBA(r: 255, g: 128, b: 0)
    let blue = RGBA(r: 0, g: 0, b: 255)
    let white = RGBA(r: 255, g: 255, b: 255)
    let black = RGBA(r: 0, g: 0, b: 0)

    init() {
        HeadlessSDL.useDrivers()
    }

    /// A context playing a 64x36 orange picture, and a host of `size` showing its render overlay
    /// over white.
    func makeBed(size: Size) -> (Context, WidgetHost) {
        let context = VideoCornerTests.playingOrange(clock: clock)
        return (context, VideoCornerTests.renderOverlayOverWhite(context, size: size))
    }

    /// The top left quarter of the 64x36 picture, filled blue.
    let quarter = VideoVector(
        id: "quarter", path: Path(Rect(x: 0, y: 0, width: 32, height: 18)),
        fill: Color(red: 0, green: 0, blue: 1),
        stroke: nil)

    func pixel(_ host: WidgetHost, _ x: Int, _ y: Int) -> RGBA {
        host.snapshotWithVideo().pixel(x: x, y: y)
    }

    @Test func aVectorCoversThePartOfThePictureItNamesAtEverySize() throws {
        let (context, host) = makeBed(size: Size(width: 160, height: 90))
        try context.render.addVector(quarter)
        host.update()
        #expect(pixel(host, 5, 5).isClose(to: blue, tolerance: 4))
        #expect(pixel(host, 78, 43).isClose(to: blue, tolerance: 4))
        #expect(pixel(host, 83, 48).isClose(to: orange, tolerance: 4))
        #expect(pixel(host, 150, 80).isClose(to: orange, tolerance: 4))

        host.resize(to: Size(width: 320, height: 180))
        host.update()
        #expect(pixel(host, 155, 85).isClose(to: blue, tolerance: 4), "kept on the quarter when larger")
        #expect(pixel(host, 165, 95).isClose(to: orange, tolerance: 4))

        // Letterboxed in a square, the quarter starts at the picture's top, under the bar.
        host.resize(to: Size(width: 90, height: 90))
        host.update()
        #expect(pixel(host, 10, 10).isClose(to: black, tolerance: 4), "the bar stays black")
        #expect(pixel(host, 10, 22).isClose(to: blue, tolerance: 4))
        #expect(pixel(host, 50, 50).isClose(to: orange, tolerance: 4))
    }

    @Test func linesKeepTheirWidthInPointsAndTheDrawingStaysInsideTheRoundedPicture() throws {
        let (context, host) = makeBed(size: Size(width: 160, height: 90))
        var line = Path()
        line.move(to: Point(x: 0, y: 18))
        line.addLine(to: Point(x: 64, y: 18))
        try context.render.addVector(VideoVector(id: "line", path: line, lineWidth: 4))
        host.update()
        // The picture is 2.5 times larger than its pixels: 4 points stay 4 points (y 43...47).
        #expect(pixel(host, 80, 45).isClose(to: white, tolerance: 4))
        #expect(pixel(host, 80, 41).isClose(to: orange, tolerance: 4))
        #expect(pixel(host, 80, 49).isClose(to: orange, tolerance: 4))

        let whole = VideoVector(
            id: "whole", path: Path(Rect(x: 0, y: 0, width: 64, height: 36)),
            fill: Color(red: 0, green: 0, blue: 1))
        try context.render.addVector(whole, clear: true)
        context.render.videoCornerRadius = 20
        host.update()
        #expect(context.render.vectors.map(\.id) == ["whole"], "clear removes the others")
        #expect(
            pixel(host, 1, 1).isClose(to: white, tolerance: 4), "the corner shows what is under the video")
        #expect(pixel(host, 80, 45).isClose(to: blue, tolerance: 4))

        // A radius that is no number of points leaves the drawing square, as it does the video.
        context.render.videoCornerRadius = .infinity
        host.update()
        #expect(pixel(host, 1, 1).isClose(to: blue, tolerance: 4))
    }

    @Test func vectorsAreReplacedByNameAndRemoved() throws {
        let (context, host) = makeBed(size: Size(width: 160, height: 90))
        let render = context.render
        try render.addVector(quarter)
        try render.addVector(
            VideoVector(id: "mark", path: Path(ellipseIn: Rect(x: 40, y: 20, width: 8, height: 8))))
        var moved = quarter
        moved.path = Path(Rect(x: 32, y: 18, width: 32, height: 18))
        try render.addVector(moved)
        #expect(render.vectors.map(\.id) == ["quarter", "mark"], "replaced in its place")
        host.update()
        #expect(pixel(host, 5, 5).isClose(to: orange, tolerance: 4))
        #expect(pixel(host, 150, 80).isClose(to: blue, tolerance: 4))

        render.removeVector(id: "quarter")
        #expect(render.vectors.map(\.id) == ["mark"])
        render.removeVector(id: "nothing")
        render.removeAllVectors()
        #expect(render.vectors.isEmpty)
        host.update()
        #expect(pixel(host, 150, 80).isClose(to: orange, tolerance: 4))
    }

    @Test func aPathThatIsNotFiniteIsATypedErrorAndTheOthersStay() throws {
        let (context, host) = makeBed(size: Size(width: 160, height: 90))
        let render = context.render
        try render.addVector(quarter)
        var broken = Path()
        broken.move(to: Point(x: 0, y: 0))
        broken.addLine(to: Point(x: .nan, y: 10))
        #expect(throws: ContainerError.self) { try render.addVector(VideoVector(id: "nan", path: broken)) }
        #expect(throws: ContainerError.self) {
            try render.addVector(
                VideoVector(
                    id: "wide", path: Path(Rect(x: 0, y: 0, width: 4, height: 4)), lineWidth: .infinity))
        }
        #expect(throws: ContainerError.self) {
            var arc = Path()
            arc.addArc(
                center: Point(x: 10, y: 10), radius: .infinity, startAngle: .degrees(0),
                endAngle: .degrees(90))
            try render.addVector(VideoVector(id: "arc", path: arc), clear: true)
        }
        #expect(render.vectors.map(\.id) == ["quarter"])
        // Empty and zero-sized paths are drawings of nothing, not errors.
        try render.addVector(VideoVector(id: "empty", path: Path()))
        try render.addVector(VideoVector(id: "dot", path: Path(Rect(x: 50, y: 30, width: 0, height: 0))))
        host.update()
        #expect(pixel(host, 5, 5).isClose(to: blue, tolerance: 4))
        #expect(pixel(host, 150, 80).isClose(to: orange, tolerance: 4))
    }

    @Test func withoutAPictureNothingIsDrawn() throws {
        let context = Context(mode: .test).withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia(videoSize: nil) })
        context.render.load(MediaItem(path: "song.mp3"))
        try context.render.addVector(quarter)
        let host = VideoCornerTests.renderOverlayOverWhite(context, size: Size(width: 160, height: 90))
        #expect(host.snapshotWithVideo().pixel(x: 5, y: 5).isClose(to: black, tolerance: 4))
    }
}
