import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// `RenderService.videoCornerRadius` and `VideoSurface(cornerRadius:)`: the picture's corners are
/// rounded in the window on both compositors and in snapshots, and what is drawn under the surface
/// shows in the corners.
@MainActor
@Suite(.serialized) struct VideoCornerTests {
    let clock = TestClock()
    /// The fake engine's picture colour, as the decoder's limited-range YUV gives it back.
    let orange = RGBA(r: 255, g: 128, b: 0)
    let white = RGBA(r: 255, g: 255, b: 255)

    init() {
        HeadlessSDL.useDrivers()
    }

    /// A context playing a 16:9 orange picture.
    func makeContext() -> Context { Self.playingOrange(clock: clock) }

    /// A host of `size` showing the render overlay of `context` over white, updated once.
    static func renderOverlayOverWhite(_ context: Context, size: Size) -> WidgetHost {
        let host = WidgetHost(
            root: ZStack {
                Color.white
                RenderOverlay()
            }, context: context, size: size)
        host.update()
        return host
    }

    /// A context on `clock` playing a 64x36 orange picture.
    static func playingOrange(clock: TestClock) -> Context {
        let media = FakeMedia(
            videoSize: Size(width: 64, height: 36), color: Color(red: 1, green: 0.5, blue: 0))
        let context = Context(mode: .test)
            .withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in media })
        context.render.load(MediaItem(path: "clip.mp4"))
        return context
    }

    /// Checks a 160x90 picture rounded by 20: white in each corner, orange along the edges
    /// between the corners and in the middle.
    func expectRoundedCorners(_ image: RasterImage, _ comment: String) {
        for (x, y) in [(1, 1), (158, 1), (1, 88), (158, 88), (4, 4)] {
            #expect(
                image.pixel(x: x, y: y).isClose(to: white, tolerance: 4), "corner (\(x), \(y)), \(comment)")
        }
        for (x, y) in [(80, 45), (1, 45), (158, 45), (80, 1), (80, 88), (9, 9), (150, 80)] {
            #expect(
                image.pixel(x: x, y: y).isClose(to: orange, tolerance: 4), "edge (\(x), \(y)), \(comment)")
        }
    }

    @Test(arguments: [Compositing.gpu, .cpu])
    func theWindowRoundsThePicturesCornersOverWhatIsUnderIt(_ compositing: Compositing) throws {
        let context = makeContext()
        context.render.videoCornerRadius = 20
        let window = PlayerWindow(size: Size(width: 160, height: 90), context: context) {
            ZStack {
                Color.white
                context.render.surface()
            }
        }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        window.runOnce()
        expectRoundedCorners(try context.render.screenshot(includingOverlay: true), "\(compositing)")
    }

    @Test func theRenderOverlayFollowsTheRadiusInSnapshots() {
        let context = makeContext()
        context.render.videoCornerRadius = 20
        let host = Self.renderOverlayOverWhite(context, size: Size(width: 160, height: 90))
        expectRoundedCorners(host.snapshotWithVideo(), "snapshot")

        context.render.videoCornerRadius = 0
        host.update()
        let square = host.snapshotWithVideo()
        #expect(square.pixel(x: 1, y: 1).isClose(to: orange, tolerance: 4), "square again")
    }

    @Test func aLetterboxedPictureHasItsOwnCornersRounded() {
        // 16:9 in a 90x90 square: the picture covers y 19.7...70.3, the bars are black.
        let context = makeContext()
        let host = WidgetHost(
            root: ZStack {
                Color.white
                context.render.surface(cornerRadius: 10)
            }, context: context, size: Size(width: 90, height: 90))
        host.update()
        let image = host.snapshotWithVideo()
        let black = RGBA(r: 0, g: 0, b: 0)
        #expect(image.pixel(x: 1, y: 21).isClose(to: black, tolerance: 4), "the picture's corner")
        #expect(image.pixel(x: 1, y: 45).isClose(to: orange, tolerance: 4), "the picture's edge")
        #expect(image.pixel(x: 45, y: 21).isClose(to: orange, tolerance: 4), "the picture's top")
        #expect(image.pixel(x: 45, y: 10).isClose(to: black, tolerance: 4), "the bar")
        #expect(image.pixel(x: 1, y: 1).isClose(to: white, tolerance: 4), "the surface's corner")
    }

    @Test func aRadiusThatIsNotAPositiveNumberKeepsTheCornersSquare() {
        let context = makeContext()
        for radius in [-5, Double.nan, -Double.infinity] {
            let host = WidgetHost(
                root: ZStack {
                    Color.white
                    context.render.surface(cornerRadius: radius)
                }, context: context, size: Size(width: 160, height: 90))
            host.update()
            #expect(host.snapshotWithVideo().pixel(x: 1, y: 1).isClose(to: orange, tolerance: 4), "\(radius)")
        }
    }
}
