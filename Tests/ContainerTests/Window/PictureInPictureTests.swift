import CSDL2
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// `context.pip`: the playing video moves into a frameless window above the others and back, with the
/// same player and position, while the main window shows a placeholder; the small window's buttons,
/// its close request and the main window's close; where it opens and which parts drag or resize it.
@MainActor
@Suite(.serialized) struct PictureInPictureTests {
    let clock = TestClock()
    let orange = RGBA(r: 255, g: 128, b: 0)

    init() {
        HeadlessSDL.useDrivers()
    }

    /// A 320x180 window over the render overlay of a context playing a 64x36 orange picture.
    func openPlayingWindow() throws -> (Context, PlayerWindow) {
        let context = VideoCornerTests.playingOrange(clock: clock)
        context.render.play()
        let window = PlayerWindow(size: Size(width: 320, height: 180), context: context) {
            RenderOverlay()
        }
        try window.open()
        window.runOnce()
        return (context, window)
    }

    func events(of context: Context) -> (ObservationToken, () -> [PlayerEvent.Kind]) {
        var heard: [PlayerEvent.Kind] = []
        let token = context.render.observe { event in
            if [.pictureInPictureStarted, .pictureInPictureStopped].contains(event.kind) {
                heard.append(event.kind)
            }
        }
        return (token, { heard })
    }

    @Test func theSamePlayerMovesIntoTheSmallWindowAndBackWithoutLosingItsPlace() throws {
        let (context, window) = try openPlayingWindow()
        defer { window.close() }
        let (token, heard) = events(of: context)
        defer { token.cancel() }
        clock.advance(by: 2)
        window.runOnce()
        let engine = context.render.engine
        let before = context.render.currentTime
        #expect(before >= 2)
        #expect(window.screenshot()?.pixel(x: 160, y: 90).isClose(to: orange, tolerance: 4) == true)

        try context.pip.start()
        window.runOnce()
        #expect(context.pip.isActive)
        #expect(heard() == [.pictureInPictureStarted])
        let frame = try #require(context.pip.windowFrame)
        #expect(frame.size == Size(width: 384, height: 216))
        // The small window shows the picture; the main one a placeholder where it was.
        let small = try #require(context.pip.screenshot())
        #expect(small.pixel(x: 192, y: 108).isClose(to: orange, tolerance: 4))
        let main = try #require(window.screenshot())
        #expect(!main.pixel(x: 160, y: 90).isClose(to: orange, tolerance: 60))
        #expect(main.pixel(x: 4, y: 4).isClose(to: RGBA(r: 20, g: 20, b: 20), tolerance: 3))

        clock.advance(by: 3)
        window.runOnce()
        #expect(context.render.engine === engine)
        #expect(context.render.status == .playing)
        #expect(context.render.currentTime >= before + 3)

        context.pip.stop()
        window.runOnce()
        #expect(!context.pip.isActive)
        #expect(context.pip.windowFrame == nil)
        #expect(heard() == [.pictureInPictureStarted, .pictureInPictureStopped])
        #expect(context.render.engine === engine)
        #expect(context.render.currentTime >= before + 3)
        #expect(window.screenshot()?.pixel(x: 160, y: 90).isClose(to: orange, tolerance: 4) == true)
    }

    @Test func startingTwiceOrStoppingWhenOffChangesNothing() throws {
        let (context, window) = try openPlayingWindow()
        defer { window.close() }
        let (token, heard) = events(of: context)
        defer { token.cancel() }
        context.pip.stop()
        try context.pip.start()
        let frame = context.pip.windowFrame
        try context.pip.start()
        #expect(context.pip.windowFrame == frame)
        try context.pip.toggle()
        context.pip.stop()
        #expect(heard() == [.pictureInPictureStarted, .pictureInPictureStopped])
    }

    @Test func itCannotStartWithoutAWindowOrWithoutAPicture() throws {
        let context = VideoCornerTests.playingOrange(clock: clock)
        #expect(throws: ContainerError.pictureInPictureUnavailable("no window shows this player")) {
            try context.pip.start()
        }
        let sound = Context(mode: .test)
            .withDependency(\.clock, clock)
            .withDependency(\.playbackEngine, .fake { _ in FakeMedia(videoSize: nil) })
        sound.render.load(MediaItem(path: "song.mp3"))
        let window = PlayerWindow(size: Size(width: 160, height: 90), context: sound) { RenderOverlay() }
        try window.open()
        defer { window.close() }
        window.runOnce()
        #expect(throws: ContainerError.pictureInPictureUnavailable("nothing with a picture is loaded")) {
            try sound.pip.start()
        }
        #expect(!sound.pip.isActive)
        #expect(window.isRunning)
    }

    @Test func theSettingForbidsItAndEndsItWhileOn() throws {
        let (context, window) = try openPlayingWindow()
        defer { window.close() }
        #expect(VideoSettings { PictureInPicture() }.allowsPictureInPicture == true)
        #expect(VideoSettings { PictureInPicture(false) }.allowsPictureInPicture == false)
        #expect(VideoSettings().allowsPictureInPicture == nil)
        try context.pip.start()
        context.render.apply(VideoSettings { PictureInPicture(false) })
        #expect(!context.pip.isActive)
        #expect(throws: ContainerError.pictureInPictureUnavailable("it is turned off for this player")) {
            try context.pip.start()
        }
        // Settings that leave it out keep the choice; PictureInPicture() allows it again.
        context.render.apply(VideoSettings { Gravity(.fill) })
        #expect(!context.pip.isAllowed)
        context.render.apply(VideoSettings { PictureInPicture() })
        try context.pip.start()
        #expect(context.pip.isActive)
        #expect(context.render.status == .playing)
    }

    /// Clicks `identifier` in the small window through SDL's queue, as a mouse over that window does.
    func click(_ identifier: String, in context: Context, window: PlayerWindow) throws {
        let windowID = try #require(context.pip.windowID)
        let host = try #require(context.pip.host)
        // The pointer comes over the window first, which shows the buttons.
        try HeadlessSDL.pushMouseMotion(x: 100, y: 100, windowID: windowID)
        window.runOnce()
        let frame = try #require(host.frame(ofIdentifier: identifier), "\(identifier) is shown")
        try HeadlessSDL.pushClick(x: Int32(frame.midX), y: Int32(frame.midY), windowID: windowID)
        window.runOnce()
    }

    @Test func theSmallWindowsButtonsPauseReturnAndClose() throws {
        let (context, window) = try openPlayingWindow()
        defer { window.close() }
        try context.pip.start()
        window.runOnce()
        // Playing with the pointer elsewhere, the picture shows alone.
        #expect(context.pip.host?.frame(ofIdentifier: "pip.playback") == nil)

        try click("pip.playback", in: context, window: window)
        #expect(context.render.status == .paused)
        #expect(context.pip.isActive)
        try click("pip.playback", in: context, window: window)
        #expect(context.render.status == .playing)

        // The user moves the window; it opens there again next time.
        SDL_SetWindowPosition(SDL_GetWindowFromID(try #require(context.pip.windowID)), 40, 50)
        let moved = try #require(context.pip.windowFrame)
        #expect(moved.origin == Point(x: 40, y: 50))
        try click("pip.return", in: context, window: window)
        #expect(!context.pip.isActive)
        #expect(context.render.status == .playing)

        // It opens again where it was, and close pauses.
        try context.pip.start()
        window.runOnce()
        #expect(context.pip.windowFrame == moved)
        try click("pip.close", in: context, window: window)
        #expect(!context.pip.isActive)
        #expect(context.render.status == .paused)
        #expect(window.isRunning)
    }

    @Test func keysInTheSmallWindowPlayPauseTakeThePlayersShortcutsAndEscapeReturns() throws {
        let (context, window) = try openPlayingWindow()
        defer { window.close() }
        try context.pip.start()
        window.runOnce()
        let windowID = try #require(context.pip.windowID)
        try HeadlessSDL.pushKey(SDLK_SPACE, windowID: windowID)
        window.runOnce()
        #expect(context.render.status == .paused)
        try HeadlessSDL.pushKey(SDLK_SPACE, windowID: windowID)
        window.runOnce()
        #expect(context.render.status == .playing)

        // The app's shortcuts (here, M mutes) hear the keys as over the main window's video.
        var heard: [Key] = []
        let token = context.gesture.observeKey(taking: { press in
            heard.append(press.key)
            guard press.key == "M" else { return false }
            context.render.mute()
            return true
        })
        defer { token.cancel() }
        try HeadlessSDL.pushKey(SDLK_m, windowID: windowID)
        window.runOnce()
        #expect(context.render.isMuted)
        #expect(heard == ["M"])
        #expect(context.pip.isActive)

        try HeadlessSDL.pushKey(SDLK_ESCAPE, windowID: windowID)
        window.runOnce()
        #expect(!context.pip.isActive)
        #expect(window.isRunning)
        #expect(context.render.status == .playing)
    }

    @Test func overlaysPutInTheSmallWindowShowOverThePictureUntilTakenAway() throws {
        let (context, window) = try openPlayingWindow()
        defer { window.close() }
        let blue = RGBA(r: 0, g: 0, b: 255)
        context.pip.insert(overlay: "band") {
            VStack {
                Spacer()
                Color(red: 0, green: 0, blue: 1).frame(height: 20)
            }
        }
        context.pip.insert(overlay: "band") { Color(red: 0, green: 0, blue: 1).frame(height: 20) }
        #expect(context.pip.overlays.map(\.id) == ["band"], "inserting an id again replaces it")
        try context.pip.start()
        window.runOnce()
        var shot = try #require(context.pip.screenshot())
        #expect(shot.pixel(x: shot.width / 2, y: shot.height / 2).isClose(to: blue, tolerance: 4))
        #expect(shot.pixel(x: shot.width / 2, y: 2).isClose(to: orange, tolerance: 4))

        context.pip.remove(overlay: "band")
        window.runOnce()
        shot = try #require(context.pip.screenshot())
        #expect(shot.pixel(x: shot.width / 2, y: shot.height / 2).isClose(to: orange, tolerance: 4))
    }

    @Test func theWindowManagersCloseReturnsTheVideoAndTheMainWindowsCloseQuits() throws {
        let (context, window) = try openPlayingWindow()
        defer { window.close() }
        try context.pip.start()
        try HeadlessSDL.pushWindowClose(windowID: try #require(context.pip.windowID))
        window.runOnce()
        #expect(!context.pip.isActive)
        #expect(window.isRunning)
        #expect(context.render.status == .playing)

        try context.pip.start()
        try HeadlessSDL.pushWindowClose(windowID: try #require(window.windowID))
        window.runOnce()
        #expect(!window.isRunning)
    }

    @Test func closingTheMainWindowClosesTheSmallOne() throws {
        let (context, window) = try openPlayingWindow()
        let (token, heard) = events(of: context)
        defer { token.cancel() }
        try context.pip.start()
        window.close()
        #expect(!context.pip.isActive)
        #expect(heard() == [.pictureInPictureStarted, .pictureInPictureStopped])
        #expect(context.render.status == .paused)
    }

    @Test func itOpensShapedLikeThePictureAtTheBottomRightOfTheScreen() {
        typealias Service = PictureInPictureService
        let screen = Rect(x: 0, y: 0, width: 1920, height: 1080)
        #expect(
            Service.initialFrame(videoSize: Size(width: 1920, height: 1080), screen: screen)
                == Rect(x: 1920 - 384 - 32, y: 1080 - 216 - 32, width: 384, height: 216))
        #expect(
            Service.initialFrame(videoSize: Size(width: 1080, height: 1920), screen: screen).size
                == Size(width: 216, height: 384))
        // Sizes that say nothing of a shape give 16:9; extreme shapes are held to 4:1.
        for size in [
            nil, Size(width: 0, height: 0), Size(width: .infinity, height: .infinity),
            Size(width: .nan, height: 1),
        ] {
            #expect(Service.initialFrame(videoSize: size, screen: nil).size == Size(width: 384, height: 216))
        }
        #expect(
            Service.initialFrame(videoSize: Size(width: 10_000, height: 10), screen: nil).size
                == Size(width: 384, height: 96))
        #expect(Service.initialFrame(videoSize: nil, screen: nil).origin == Point(x: 32, y: 32))
    }

    @Test func itsEdgesResizeItsButtonsPressAndTheRestDrags() throws {
        typealias Region = PictureInPictureHitRegion
        let size = Size(width: 384, height: 216)
        #expect(Region.area(at: Point(x: 192, y: 108), in: size, onControl: false) == .drag)
        #expect(Region.area(at: Point(x: 192, y: 108), in: size, onControl: true) == .control)
        #expect(
            Region.area(at: Point(x: 2, y: 2), in: size, onControl: true)
                == .resize(horizontal: -1, vertical: -1))
        #expect(
            Region.area(at: Point(x: 192, y: 2), in: size, onControl: false)
                == .resize(horizontal: 0, vertical: -1))
        #expect(
            Region.area(at: Point(x: 383, y: 108), in: size, onControl: false)
                == .resize(horizontal: 1, vertical: 0))
        #expect(
            Region.area(at: Point(x: 380, y: 210), in: size, onControl: false)
                == .resize(horizontal: 1, vertical: 1))
        #expect(
            Region.area(at: Point(x: 12, y: 214), in: size, onControl: false)
                == .resize(horizontal: -1, vertical: 1))

        // In the open window: the close button is a button once the pointer shows it.
        let (context, window) = try openPlayingWindow()
        defer { window.close() }
        try context.pip.start()
        window.runOnce()
        let region = try #require(context.pip.hitRegion)
        // X11 and Wayland carry the hit test out; the offscreen driver has no window manager.
        let driver = String(cString: SDL_GetCurrentVideoDriver())
        #expect(region.isInstalled == ["x11", "wayland"].contains(driver))
        #expect(region.area(at: Point(x: 192, y: 108)) == .drag)
        context.pip.host?.handle(.pointerMoved(Point(x: 100, y: 100)))
        window.runOnce()
        let close = try #require(context.pip.host?.frame(ofIdentifier: "pip.close"))
        #expect(region.area(at: Point(x: close.midX, y: close.midY)) == .control)
        #expect(region.area(at: Point(x: 192, y: 60)) == .drag)
    }
}
