import Foundation
import MediaTestSupport
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// Decoded pictures in a window: on both compositors under the overlay, and on the CPU compositor
/// (the window's own pixels, frames scaled by swscale) as a snapshot composes them, each frame
/// scaled once. FFmpeg's player decodes real media here.
@MainActor
@Suite(.serialized) struct WindowCompositingEndToEndTests {
    init() {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
    }

    final class CounterService: Service {
        @ViewState var count = 0
    }

    @Test func eachCompositingNamesWhatDraws() throws {
        for compositing in [Compositing.cpu, .gpu] {
            let window = PlayerWindow(size: Size(width: 64, height: 64), context: Context()) { Color.red }
            window.compositing = compositing
            try window.open()
            defer { window.close() }
            let name = try #require(window.rendererName)
            #expect((name == "surface") == (compositing == .cpu), "\(compositing) composes with \(name)")
        }
    }

    @Test(arguments: [Compositing.gpu, .cpu])
    func showsTheVideoOfAPlayerUnderTheOverlay(_ compositing: Compositing) throws {
        let clip = FileManager.default.temporaryDirectory.appendingPathComponent("window-video-\(UUID()).mp4")
        defer { try? FileManager.default.removeItem(at: clip) }
        try TestMedia.encode(ClipSpec(width: 320, height: 240, duration: 1, tone: nil), to: clip)
        let player = MediaPlayer()
        let window = PlayerWindow(size: Size(width: 320, height: 240), context: Context()) {
            ZStack(alignment: .topLeading) {
                VideoSurface(player: player)
                Rectangle().fill(.red).frame(width: 20, height: 20)
            }
        }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        player.load(MediaItem(url: clip))
        let deadline = MediaPlayer.now + 10
        while player.currentFrame == nil, MediaPlayer.now < deadline {
            window.runOnce(maxWait: 0.05)
        }
        window.runOnce()
        #expect(window.statistics.videoUploads >= 1)
        let shot = try #require(window.screenshot())
        #expect(Self.showsPatternColour(of: 0, in: shot))
        #expect(shot.pixel(x: 10, y: 10).isClose(to: RGBA(r: 255, g: 59, b: 48), tolerance: 3))
    }

    @Test(arguments: ["av/sample_rotate_and_reflect.mp4", "av/sample_portrait.mp4", "av/sample.mp4"])
    func theCPUCompositorShowsWhatASnapshotComposes(_ file: String) async throws {
        guard let url = Self.corpusFile(file) else { return }
        let (player, window) = try Self.playerWindow(loading: url)
        defer { window.close() }
        try await Self.runUntil(window) { player.currentFrame != nil }
        window.runOnce()
        let shown = try #require(window.screenshot())
        // The snapshot places, turns and mirrors the picture with code of its own.
        let reference = try #require(window.host).snapshotWithVideo()
        #expect(shown.width == reference.width && shown.height == reference.height)
        // Sampled where every file's picture is (a tall picture fits 120 points wide in the middle);
        // a picture turned or mirrored the wrong way differs by far more than the filtering.
        let difference = Self.meanDifference(shown, reference, columns: 104..<216)
        #expect(difference < 6, "mean channel difference \(difference) for \(file)")
    }

    @Test func aScreenshotOfThePictureIsTransposedAsItsMatrixSaysAndAsTheWindowShowsIt() async throws {
        guard let url = Self.corpusFile("av/sample_rotate_and_reflect.mp4") else { return }
        let context = Context(mode: .test).withDependency(\.playbackEngine, .ffmpeg)
        // The window has the turned picture's shape (2:3), so the picture fills it without bars.
        let window = PlayerWindow(size: Size(width: 240, height: 360), context: context) {
            VideoSurface(player: context.render.engine)
        }
        window.compositing = .cpu
        try window.open()
        defer { window.close() }
        context.render.load(MediaItem(url: url))
        try await Self.runUntil(window) { context.render.engine.currentFrame != nil }
        window.runOnce()
        // Stored 1080x720 with a quarter turn and a mirror: the screenshot is the upright 720x1080.
        let picture = try context.render.screenshot()
        #expect(picture.width == 720 && picture.height == 1080)
        // The matrix is a transpose (ffmpeg shows the file so): the pixel at (x, y) is the stored
        // picture's at (y, x).
        let stored = try #require(context.render.engine.currentFrame?.rgbaPixels())
        for (x, y) in [(100, 200), (600, 150), (50, 1000), (700, 900), (360, 540), (20, 700)] {
            let source = stored.pixel(x: y, y: x)
            let expected = RGBA(r: source.r, g: source.g, b: source.b)
            #expect(picture.pixel(x: x, y: y).isClose(to: expected, tolerance: 6), "pixel \(x),\(y)")
        }
        let shown = try #require(window.screenshot())
        let reduced = try #require(window.host).snapshot(over: picture)
        let difference = Self.meanDifference(shown, reduced, columns: 0..<240)
        #expect(difference < 6, "mean channel difference \(difference)")
    }

    @Test func fillCoversTheWholeWindowWithoutBars() async throws {
        guard let url = Self.corpusFile("av/sample_portrait.mp4") else { return }
        let shot = try await screenshot(of: url, compositing: .cpu, gravity: .fill)
        for (x, y) in [(1, 1), (318, 1), (1, 178), (318, 178), (160, 90)] {
            #expect(shot.pixel(x: x, y: y) != RGBA(r: 0, g: 0, b: 0), "black at (\(x), \(y))")
        }
    }

    /// A window on the CPU path, `height` pixels high and 320 wide, showing a player of a 320x240
    /// pattern clip lasting `seconds` under a counter (``CounterService``), opened and loaded up to
    /// the first frame; the caller closes it.
    private static func counterWindow(height: Double, seconds: Double) async throws -> (
        player: MediaPlayer, context: Context, window: PlayerWindow
    ) {
        let clip = try TestMedia.cachedClip(ClipSpec(width: 320, height: 240, duration: seconds, tone: nil))
        let player = MediaPlayer()
        let context = Context()
        let window = PlayerWindow(size: Size(width: 320, height: height), context: context) {
            ZStack {
                VideoSurface(player: player)
                WithService(CounterService.self) { service in
                    Text("\(service.count)").foregroundColor(.white)
                }
            }
        }
        window.compositing = .cpu
        try window.open()
        player.load(MediaItem(url: clip))
        try await runUntil(window) { player.currentFrame != nil }
        return (player, context, window)
    }

    @Test func aPausedFrameIsScaledTwiceAndOnlyThePixelsUnderTheOverlayAreCopiedWhileItRepaints() async throws
    {
        let (_, context, window) = try await Self.counterWindow(height: 180, seconds: 1)
        defer { window.close() }
        window.runOnce()
        let uploads = window.statistics.videoUploads
        let presents = window.statistics.presents
        let copied = window.statistics.videoPixelsCopied
        #expect(uploads == 1)
        // Scaled straight into the window, and again on the first repaint, which saves the pixels
        // under the overlay; each repaint after puts back those under the last counter and saves
        // those under the next, a small part of the 320x180 picture.
        for count in 1...5 {
            context[CounterService.self].count = count
            window.runOnce()
        }
        #expect(window.statistics.presents == presents + 5)
        #expect(window.statistics.videoUploads == uploads + 1)
        #expect(window.statistics.videoCopies == 0)
        let repaintCopies = window.statistics.videoPixelsCopied - copied
        #expect(repaintCopies > 0 && repaintCopies < 320 * 180 / 5, "\(repaintCopies) pixels copied")
    }

    final class MarkService: Service {
        @ViewState var x = 0.0
        @ViewState var count = 0
    }

    /// A 320x240 window on the CPU path showing a player of `url` under a translucent 40-point
    /// mark (``MarkService``, `x` first at `markAt`, 40 points down) and a counter, composed once
    /// its first frame is there; the caller closes it.
    private static func markWindow(loading url: URL, gravity: VideoGravity = .fit, markAt x: Double = 0)
        async throws -> (player: MediaPlayer, context: Context, window: PlayerWindow)
    {
        let player = MediaPlayer()
        let context = Context()
        let window = PlayerWindow(size: Size(width: 320, height: 240), context: context) {
            ZStack(alignment: .topLeading) {
                VideoSurface(player: player, gravity: gravity)
                WithService(MarkService.self) { mark in
                    ZStack(alignment: .topLeading) {
                        Rectangle().fill(Color.black.opacity(0.5)).frame(width: 40, height: 40)
                            .offset(x: mark.x, y: 40)
                        Text("\(mark.count)").foregroundColor(.white).offset(x: 150, y: 200)
                    }
                }
            }
        }
        window.compositing = .cpu
        context[MarkService.self].x = x
        try window.open()
        player.load(MediaItem(url: url))
        do {
            try await runUntil(window) { player.currentFrame != nil }
        } catch {
            window.close()
            throw error
        }
        window.runOnce()
        return (player, context, window)
    }

    /// A translucent mark over a paused picture, repainted while it stays and then moved: it is
    /// blended once over the picture, however often the overlay repaints, and the pixels it leaves
    /// show the picture again.
    @Test func anOverlayMovingOverAPausedPictureLeavesThePictureAsItWas() async throws {
        let clip = try TestMedia.cachedClip(ClipSpec(width: 320, height: 240, duration: 1, tone: nil))
        let (_, context, window) = try await Self.markWindow(loading: clip)
        defer { window.close() }
        let marked = try #require(window.screenshot())
        let picture = marked.pixel(x: 280, y: 60)
        #expect(Self.showsPatternColour(of: 0, in: marked))
        let half = RGBA(r: picture.r / 2, g: picture.g / 2, b: picture.b / 2)
        #expect(marked.pixel(x: 20, y: 60).isClose(to: half, tolerance: 3), "\(marked.pixel(x: 20, y: 60))")
        for count in 1...4 {
            context[MarkService.self].count = count
            window.runOnce()
        }
        let repainted = try #require(window.screenshot())
        #expect(
            repainted.pixel(x: 20, y: 60) == marked.pixel(x: 20, y: 60), "blended again over its last blend")
        context[MarkService.self].x = 200
        window.runOnce()
        let moved = try #require(window.screenshot())
        #expect(moved.pixel(x: 20, y: 60) == picture, "the picture where the mark was")
        #expect(moved.pixel(x: 220, y: 60).isClose(to: half, tolerance: 3))
        #expect(window.statistics.videoUploads == 2, "the frame scaled again only on the first repaint")
    }

    /// Pictures the scaler cannot write in place.
    enum PictureDrawnByCairo: CaseIterable, Sendable {
        /// Turned a quarter and mirrored by its display matrix.
        case turned
        /// Filling a view of another shape, which cuts it off.
        case cutOff
    }

    /// A picture turned and mirrored by its display matrix, or cut off by its view, goes into its
    /// place once per frame, copied from the kept picture, and while the overlay repaints only the
    /// pixels under it are put back: a translucent mark moving over it is blended once and leaves
    /// the picture as it was.
    @Test(arguments: PictureDrawnByCairo.allCases)
    func aPictureCairoDrawsIsCopiedIntoPlaceOnceAndOnlyThePixelsUnderAMovingOverlayArePutBack(
        _ picture: PictureDrawnByCairo
    ) async throws {
        let url: URL
        switch picture {
        case .turned:
            guard let file = Self.corpusFile("av/sample_rotate_and_reflect.mp4") else { return }
            url = file
        case .cutOff:
            url = try TestMedia.cachedClip(ClipSpec(width: 320, height: 400, duration: 1, tone: nil))
        }
        let (_, context, window) = try await Self.markWindow(
            loading: url, gravity: picture == .cutOff ? .fill : .fit, markAt: 400)
        defer { window.close() }
        let uploads = window.statistics.videoUploads
        let copies = window.statistics.videoCopies
        let unmarked = try #require(window.screenshot())
        if picture == .turned {
            // Stored 1080x720 and shown upright as 720x1080: 160x240 from x 80.
            #expect(unmarked.pixel(x: 78, y: 120) == RGBA(r: 0, g: 0, b: 0))
            #expect(unmarked.pixel(x: 242, y: 120) == RGBA(r: 0, g: 0, b: 0))
        } else {
            #expect(Self.showsPatternColour(of: 0, in: unmarked))
        }
        let (left, right) = (unmarked.pixel(x: 110, y: 60), unmarked.pixel(x: 210, y: 60))
        let halfOf = { (colour: RGBA) in RGBA(r: colour.r / 2, g: colour.g / 2, b: colour.b / 2) }

        context[MarkService.self].x = 90
        window.runOnce()
        let marked = try #require(window.screenshot())
        #expect(
            marked.pixel(x: 110, y: 60).isClose(to: halfOf(left), tolerance: 3),
            "\(marked.pixel(x: 110, y: 60))")
        let copied = window.statistics.videoPixelsCopied
        for count in 1...4 {
            context[MarkService.self].count = count
            window.runOnce()
        }
        let repainted = try #require(window.screenshot())
        #expect(
            repainted.pixel(x: 110, y: 60) == marked.pixel(x: 110, y: 60), "blended again over its last blend"
        )
        let repaintCopies = window.statistics.videoPixelsCopied - copied
        #expect(repaintCopies > 0 && repaintCopies < 160 * 240 / 5, "\(repaintCopies) pixels copied")

        context[MarkService.self].x = 190
        window.runOnce()
        let moved = try #require(window.screenshot())
        #expect(moved.pixel(x: 110, y: 60) == left, "the picture where the mark was")
        #expect(moved.pixel(x: 210, y: 60).isClose(to: halfOf(right), tolerance: 3))
        #expect(window.statistics.videoUploads == uploads, "the frame scaled once")
        #expect(window.statistics.videoCopies <= copies + 1, "copied whole again only on the first repaint")
    }

    /// A small picture over a large one, each drawn whole at every composition (the large one
    /// from its kept picture): the mark moving over both leaves each picture as it was.
    @Test func anOverlayMovingOverPicturesThatOverlapLeavesEachAsItWas() async throws {
        let clip = try TestMedia.cachedClip(ClipSpec(width: 320, height: 240, duration: 1, tone: nil))
        let (large, small) = (MediaPlayer(), MediaPlayer())
        let context = Context()
        let window = PlayerWindow(size: Size(width: 320, height: 240), context: context) {
            ZStack(alignment: .topLeading) {
                VideoSurface(player: large)
                VideoSurface(player: small).frame(width: 160, height: 120)
                WithService(MarkService.self) { mark in
                    Rectangle().fill(Color.black.opacity(0.5)).frame(width: 40, height: 40)
                        .offset(x: mark.x, y: 40)
                }
            }
        }
        window.compositing = .cpu
        try window.open()
        defer { window.close() }
        large.load(MediaItem(url: clip))
        small.load(MediaItem(url: clip))
        small.seek(to: 0.5)
        try await Self.runUntil(window) {
            large.currentFrame != nil && (small.currentFrame.map { abs($0.time - 0.5) < 0.01 } ?? false)
        }
        window.runOnce()
        let first = try #require(window.screenshot())
        let (largeColour, smallColour) = (first.pixel(x: 280, y: 60), first.pixel(x: 100, y: 60))
        #expect(largeColour != smallColour, "the two pictures show different frames")
        // The large one plays under the paused small one, with the mark moving at every turn.
        large.play()
        let uploads = window.statistics.videoUploads
        try await Self.runUntil(window) {
            context[MarkService.self].x = context[MarkService.self].x == 20 ? 200 : 20
            return window.statistics.videoUploads >= uploads + 10
        }
        large.pause()
        context[MarkService.self].x = 20
        window.runOnce()
        window.runOnce()
        let shot = try #require(window.screenshot())
        let halfSmall = RGBA(r: smallColour.r / 2, g: smallColour.g / 2, b: smallColour.b / 2)
        #expect(shot.pixel(x: 20, y: 60).isClose(to: halfSmall, tolerance: 3), "\(shot.pixel(x: 20, y: 60))")
        #expect(
            shot.pixel(x: 100, y: 60) == smallColour, "the small picture under the large one's new frames")
        #expect(
            shot.pixel(x: 220, y: 60) == shot.pixel(x: 280, y: 60), "the large picture where the mark was")
        #expect(shot.pixel(x: 280, y: 60) != largeColour, "the large one played on")
        #expect(window.statistics.videoCopies > 0, "pictures that overlap are drawn whole")
    }

    @Test func newFramesGoStraightIntoTheWindowWhileTheOverlayHoldsStill() async throws {
        let (player, context, window) = try await Self.counterWindow(height: 240, seconds: 6)
        defer { window.close() }
        player.play()
        try await Self.runUntil(window) { window.statistics.videoUploads >= 10 }
        #expect(window.statistics.videoCopies == 0, "each frame scaled into the window, none copied")
        let shot = try #require(window.screenshot())
        let number = try #require(player.currentFrame.map { Int(($0.time * 30).rounded()) })
        #expect(Self.showsPatternColour(of: number, in: shot))
        // An overlay that moves between frames (a counter bumped at every turn of the loop): the
        // frames still go straight into the window, each scaled once, and a repaint puts back only
        // the pixels under the counter.
        let uploads = window.statistics.videoUploads
        let presents = window.statistics.presents
        let copied = window.statistics.videoPixelsCopied
        try await Self.runUntil(window) {
            context[CounterService.self].count += 1
            return window.statistics.videoUploads >= uploads + 40
        }
        #expect(window.statistics.videoCopies == 0)
        let compositions = window.statistics.presents - presents
        #expect(compositions > window.statistics.videoUploads - uploads, "no repaint between frames")
        let perComposition = (window.statistics.videoPixelsCopied - copied) / compositions
        #expect(perComposition < 320 * 240 / 10, "\(perComposition) pixels copied a composition")
        let after = try #require(window.screenshot())
        let shown = try #require(player.currentFrame.map { Int(($0.time * 30).rounded()) })
        #expect(Self.showsPatternColour(of: shown, in: after))
    }

    /// A portrait picture pillarboxed 135 pixels wide (not a width swscale writes in place) goes
    /// into the window with one copy of its rows, not through the kept picture, and the bars beside
    /// it stay black where swscale would spill past the rows.
    @Test func aPillarboxedPictureOfAnyWidthGoesStraightIntoTheWindowAndTheBarsStayBlack() async throws {
        let clip = try TestMedia.cachedClip(ClipSpec(width: 240, height: 320, duration: 2, tone: nil))
        let (player, window) = try Self.playerWindow(loading: clip)
        defer { window.close() }
        player.play()
        try await Self.runUntil(window) { window.statistics.videoUploads >= 5 }
        #expect(window.statistics.videoCopies == 0, "each frame scaled into the window, none copied")
        let shot = try #require(window.screenshot())
        // 135x180 from x 93 (92.5 rounded) to 228: the bars are black up to the picture's edges.
        for y in [1, 90, 178] {
            for x in Array(0..<92) + Array(229..<320) {
                #expect(shot.pixel(x: x, y: y) == RGBA(r: 0, g: 0, b: 0), "(\(x), \(y)) is not black")
            }
        }
        let number = try #require(player.currentFrame.map { Int(($0.time * 30).rounded()) })
        #expect(Self.showsPatternColour(of: number, in: shot))
    }

    /// The CPU path tells the player the size it draws the pictures at, the player resizes them
    /// to it as it decodes them, and the window converts those; the GPU path takes them whole.
    @Test(arguments: [Compositing.cpu, .gpu])
    func theCPUPathConvertsPicturesThePlayerResizedAhead(_ compositing: Compositing) async throws {
        let clip = try TestMedia.cachedClip(ClipSpec(width: 2560, height: 1920, duration: 3, tone: nil))
        let (player, window) = try Self.playerWindow(loading: clip, compositing: compositing)
        defer { window.close() }
        player.play()
        try await Self.runUntil(window) { window.statistics.videoUploads >= 20 }
        guard compositing == .cpu else {
            #expect(player.drawnPictureSize == nil)
            #expect(window.statistics.picturesResizedAhead == 0)
            return
        }
        #expect(player.drawnPictureSize == Size(width: 240, height: 180))
        #expect(window.statistics.picturesResizedAhead > 10, "\(window.statistics)")
        let shot = try #require(window.screenshot())
        let number = try #require(player.currentFrame.map { Int(($0.time * 30).rounded()) })
        #expect(Self.showsPatternColour(of: number, in: shot))
    }

    /// A player a window draws at two sizes (a picture in a picture) is told of none: resizing for
    /// each in turn would serve neither.
    @Test func aPlayerDrawnAtTwoSizesIsNotResizedAhead() async throws {
        let clip = try TestMedia.cachedClip(ClipSpec(width: 2560, height: 1920, duration: 2, tone: nil))
        let player = MediaPlayer()
        let window = PlayerWindow(size: Size(width: 320, height: 180), context: Context()) {
            ZStack {
                VideoSurface(player: player)
                VideoSurface(player: player).frame(width: 80, height: 60)
            }
        }
        window.compositing = .cpu
        try window.open()
        defer { window.close() }
        player.load(MediaItem(url: clip))
        player.play()
        try await Self.runUntil(window) { window.statistics.videoUploads >= 10 }
        #expect(player.drawnPictureSize == nil)
        #expect(window.statistics.picturesResizedAhead == 0)
    }

    final class BadgeService: Service {
        @ViewState var shows = false
    }

    /// The bars beside a pillarboxed picture are painted black once, then only where the overlay
    /// drew: a badge over a bar is blended into it and, once hidden, painted over again.
    @Test func theBarsArePaintedOnceAndAgainOnlyWhereTheOverlayDrew() async throws {
        let clip = try TestMedia.cachedClip(ClipSpec(width: 240, height: 320, duration: 4, tone: nil))
        let player = MediaPlayer()
        let context = Context()
        let window = PlayerWindow(size: Size(width: 320, height: 180), context: context) {
            ZStack(alignment: .topLeading) {
                VideoSurface(player: player)
                WithService(BadgeService.self) { badge in
                    Rectangle().fill(badge.shows ? .red : .clear).frame(width: 20, height: 20)
                }
            }
        }
        window.compositing = .cpu
        try window.open()
        defer { window.close() }
        player.load(MediaItem(url: clip))
        player.play()
        try await Self.runUntil(window) { window.statistics.videoUploads >= 3 }
        // The whole window once, less the picture (135x180 from x 93) unless the window showed
        // before the first frame.
        let painted = window.statistics.backgroundPixels
        #expect([320 * 180 - 135 * 180, 320 * 180].contains(painted))
        var uploads = window.statistics.videoUploads
        try await Self.runUntil(window) { window.statistics.videoUploads >= uploads + 10 }
        #expect(window.statistics.backgroundPixels == painted, "bars painted again without cause")

        context[BadgeService.self].shows = true
        window.runOnce()
        #expect(
            try #require(window.screenshot()).pixel(x: 10, y: 10).isClose(
                to: RGBA(r: 255, g: 59, b: 48), tolerance: 3))
        uploads = window.statistics.videoUploads
        let withBadge = window.statistics.backgroundPixels
        try await Self.runUntil(window) { window.statistics.videoUploads >= uploads + 10 }
        // Under the badge only (20x20 and a pixel around it), once a composition.
        let compositions = window.statistics.videoUploads - uploads
        #expect(window.statistics.backgroundPixels - withBadge <= compositions * 22 * 22 + 22 * 22)
        #expect(window.statistics.backgroundPixels > withBadge)

        context[BadgeService.self].shows = false
        window.runOnce()
        uploads = window.statistics.videoUploads
        try await Self.runUntil(window) { window.statistics.videoUploads >= uploads + 2 }
        let shot = try #require(window.screenshot())
        for (x, y) in [(1, 1), (10, 10), (19, 19), (20, 20), (60, 90), (300, 170)] {
            #expect(shot.pixel(x: x, y: y) == RGBA(r: 0, g: 0, b: 0), "(\(x), \(y)) is not black")
        }
    }

    private func screenshot(of url: URL, compositing: Compositing, gravity: VideoGravity) async throws
        -> RasterImage
    {
        let (player, window) = try Self.playerWindow(loading: url, compositing: compositing, gravity: gravity)
        defer { window.close() }
        try await Self.runUntil(window) { player.currentFrame != nil }
        window.runOnce()
        return try #require(window.screenshot())
    }

    /// A 320x180 window showing only a new player, opened with `url` loaded; the caller closes it.
    private static func playerWindow(
        loading url: URL, compositing: Compositing = .cpu, gravity: VideoGravity = .fit
    ) throws -> (player: MediaPlayer, window: PlayerWindow) {
        let player = MediaPlayer()
        let window = PlayerWindow(size: Size(width: 320, height: 180), context: Context()) {
            VideoSurface(player: player, gravity: gravity)
        }
        window.compositing = compositing
        try window.open()
        player.load(MediaItem(url: url))
        return (player, window)
    }

    /// Whether the pixel at the centre of the top half of `shot` is, in the pattern clip's palette,
    /// the colour of frame `number`.
    private static func showsPatternColour(of number: Int, in shot: RasterImage) -> Bool {
        let expected = TestMedia.colour(forFrame: number)
        let centre = shot.pixel(x: 160, y: 60)
        return TestMedia.nearestPaletteIndex(r: centre.r, g: centre.g, b: centre.b)
            == TestMedia.nearestPaletteIndex(r: expected.r, g: expected.g, b: expected.b)
    }

    private static func runUntil(_ window: PlayerWindow, _ condition: () -> Bool) async throws {
        let deadline = MediaPlayer.now + 10
        while !condition(), MediaPlayer.now < deadline {
            window.runOnce(maxWait: 0.02)
            await Task.yield()
        }
        try #require(condition(), "timed out")
    }

    private static func meanDifference(_ first: RasterImage, _ second: RasterImage, columns: Range<Int>)
        -> Double
    {
        var total = 0
        var samples = 0
        for y in stride(from: 2, to: min(first.height, second.height) - 2, by: 4) {
            for x in stride(from: columns.lowerBound, to: columns.upperBound, by: 4) {
                let a = first.pixel(x: x, y: y)
                let b = second.pixel(x: x, y: y)
                total += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
                samples += 3
            }
        }
        return samples == 0 ? .infinity : Double(total) / Double(samples)
    }

    /// A file of the real-media corpus beside the package; `nil` (a failure under CI) when missing.
    private static func corpusFile(_ path: String) -> URL? {
        let url = SharedMedia.root.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        if ProcessInfo.processInfo.environment["CI"] == "true" { Issue.record("missing \(url.path)") }
        return nil
    }
}
