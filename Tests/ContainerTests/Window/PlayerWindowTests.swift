import CSDL2
import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerContainer

/// The real SDL window and loop, headless on SDL's offscreen driver.
@MainActor
@Suite(.serialized) struct PlayerWindowTests {
    init() {
        HeadlessSDL.useDrivers()
    }

    @Test(arguments: [Compositing.gpu, .cpu])
    func composesTheWidgetOverlayIntoTheWindow(_ compositing: Compositing) throws {
        let window = PlayerWindow(title: "test", size: Size(width: 200, height: 100), context: Context()) {
            ZStack {
                Color.blue
                Rectangle().fill(.red).frame(width: 40, height: 40)
            }
        }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        window.runOnce()
        let shot = try #require(window.screenshot())
        #expect(shot.width == 200 && shot.height == 100)
        #expect(shot.pixel(x: 100, y: 50).isClose(to: RGBA(r: 255, g: 59, b: 48), tolerance: 3))
        #expect(shot.pixel(x: 5, y: 5).isClose(to: RGBA(r: 0, g: 122, b: 255), tolerance: 3))
        #expect(window.statistics.presents == 1)
    }

    @Test(arguments: [Compositing.gpu, .cpu])
    func anUnchangedInterfaceIsNotPresentedAgain(_ compositing: Compositing) throws {
        let window = PlayerWindow(size: Size(width: 120, height: 80), context: Context()) {
            Text("static").foregroundColor(.white)
        }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        window.runOnce()
        for _ in 0..<5 { window.runOnce() }
        #expect(window.statistics.presents == 1)
        #expect(window.statistics.overlayRedraws == 1)
        #expect(window.statistics.iterations == 6)
    }

    @Test(arguments: [Compositing.gpu, .cpu])
    func aStateChangeRepaintsOnlyItsWidgetAndPresentsOnce(_ compositing: Compositing) throws {
        let context = Context()
        let window = PlayerWindow(size: Size(width: 160, height: 60), context: context) {
            HStack(spacing: 0) {
                WithService(CounterService.self) { service in
                    Color(white: service.count == 0 ? 0 : 1).frame(width: 80, height: 60)
                }
                Color.green.frame(width: 80, height: 60)
            }
        }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        window.runOnce()
        context[CounterService.self].count = 1
        window.runOnce()
        let host = try #require(window.host)
        #expect(host.lastDamage == [Rect(x: 0, y: 0, width: 80, height: 60)])
        #expect(window.statistics.presents == 2)
        let shot = try #require(window.screenshot())
        #expect(shot.pixel(x: 40, y: 30).isClose(to: RGBA(r: 255, g: 255, b: 255), tolerance: 2))
        #expect(shot.pixel(x: 120, y: 30).isClose(to: RGBA(r: 51, g: 199, b: 89), tolerance: 3))
    }

    @Test(arguments: [Compositing.gpu, .cpu])
    func onlyVisibleOverlayPixelsReachTheScreenAndRemovedOnesLeaveNoTrace(_ compositing: Compositing) throws {
        let context = Context()
        let window = PlayerWindow(size: Size(width: 160, height: 120), context: context) {
            WithService(CounterService.self) { service in
                Rectangle().fill(service.count == 0 ? .red : .clear).frame(width: 20, height: 20)
            }
        }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        window.runOnce()
        let shown = try #require(window.screenshot())
        #expect(shown.pixel(x: 80, y: 60).isClose(to: RGBA(r: 255, g: 59, b: 48), tolerance: 3))
        #expect(shown.pixel(x: 5, y: 60).isClose(to: RGBA(r: 0, g: 0, b: 0), tolerance: 2))
        context[CounterService.self].count = 1
        window.runOnce()
        let cleared = try #require(window.screenshot())
        #expect(cleared.pixel(x: 80, y: 60).isClose(to: RGBA(r: 0, g: 0, b: 0), tolerance: 2))
    }

    @Test(arguments: [Compositing.gpu, .cpu])
    func aVideoSurfaceTellsItsPlayerHowLargeItShowsThePicture(_ compositing: Compositing) throws {
        let engine = FakePlaybackEngine(clock: TestClock())
        let window = PlayerWindow(size: Size(width: 200, height: 100), context: Context()) {
            HStack(spacing: 0) {
                VideoSurface(player: engine, gravity: .fill).frame(width: 120, height: 90)
                VideoSurface(player: engine).frame(width: 40, height: 30)
            }
        }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        window.runOnce()
        // The larger of its two surfaces, in pixels.
        let scale = try #require(window.host).scale
        #expect(engine.videoViewSize == Size(width: 120 * scale, height: 90 * scale))
        #expect(engine.videoViewGravity == .fill)
    }

    /// A player loaded before the window's first layout is given the loop's wake-up in the iteration
    /// that lays its video out: its first picture, decoded while the loop sleeps, then wakes the loop
    /// (before, the loop slept its longest wait, half a second in `run()`, before showing it).
    @Test(arguments: [Compositing.gpu, .cpu])
    func aPlayerLaidOutByTheFirstIterationWakesTheLoopFromThen(_ compositing: Compositing) throws {
        let media = FakeMedia(videoSize: Size(width: 64, height: 36), color: .red)
        let context = Context(mode: .test).withDependency(\.playbackEngine, .fake { _ in media })
        context.render.load(MediaItem(path: "clip.mp4"), autoplay: true)
        let window = PlayerWindow(size: Size(width: 160, height: 90), context: context) { RenderOverlay() }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        let engine = try #require(context.render.existingEngine)
        #expect(engine.wakeHandler == nil)
        window.runOnce()
        let wake = try #require(
            engine.wakeHandler, "the first iteration left the player without the loop's wake-up")
        let wakes = window.statistics.wakes
        wake()
        window.runOnce()
        #expect(window.statistics.wakes == wakes + 1)
    }

    /// The render service's engine on a page that shows no video (sound only) is pumped with the
    /// layers' players and given the loop's wake-up too (before, its news waited out the loop's
    /// sleep); the closed window hands its pumping back to it.
    @Test func anEngineNoLayerShowsWakesTheLoopWhileTheWindowIsOpen() throws {
        let media = FakeMedia(videoSize: nil)
        let context = Context(mode: .test).withDependency(\.playbackEngine, .fake { _ in media })
        context.render.load(MediaItem(path: "song.m4a"), autoplay: true)
        let window = PlayerWindow(size: Size(width: 160, height: 90), context: context) { Color.gray }
        try window.open()
        let engine = try #require(context.render.existingEngine)
        window.runOnce()
        let wake = try #require(engine.wakeHandler, "the engine was left without the loop's wake-up")
        let wakes = window.statistics.wakes
        wake()
        window.runOnce()
        #expect(window.statistics.wakes == wakes + 1)
        window.close()
        #expect(engine.wakeHandler == nil)
    }

    /// A hidden window draws nothing while its player goes on: no picture scaled or uploaded, none
    /// presented; shown again, it presents the picture of the moment at once.
    @Test(arguments: [Compositing.gpu, .cpu])
    func aHiddenWindowDrawsNothingUntilItShowsAgain(_ compositing: Compositing) throws {
        let media = FakeMedia(videoSize: Size(width: 64, height: 36), color: .red)
        let context = Context(mode: .test).withDependency(\.playbackEngine, .fake { _ in media })
        context.render.load(MediaItem(path: "clip.mp4"))
        let window = PlayerWindow(size: Size(width: 160, height: 90), context: context) { RenderOverlay() }
        window.compositing = compositing
        try window.open()
        defer { window.close() }
        window.runOnce()
        #expect(window.isShown)
        let (presents, uploads) = (window.statistics.presents, window.statistics.videoUploads)
        window.setHidden(true)
        #expect(!window.isShown)
        for _ in 0..<3 {
            context.render.stepForward()
            window.runOnce()
        }
        #expect(window.statistics.presents == presents && window.statistics.videoUploads == uploads)
        // The picture waiting to be shown does not keep the loop awake.
        #expect(window.secondsUntilDue > 0)
        window.setHidden(false)
        #expect(window.secondsUntilDue == 0)
        window.runOnce()
        #expect(window.isShown)
        #expect(window.statistics.presents == presents + 1 && window.statistics.videoUploads == uploads + 1)
        let shot = try #require(window.screenshot())
        #expect(shot.pixel(x: 80, y: 45).isClose(to: RGBA(r: 255, g: 59, b: 48), tolerance: 3))
        // Asked to come forward (MPRIS's Raise), a hidden window shows again.
        window.setHidden(true)
        window.raise()
        #expect(window.isShown)
    }

    @Test func pointerInputReachesWidgetsThroughSDLEvents() throws {
        let context = Context()
        let window = PlayerWindow(size: Size(width: 100, height: 100), context: context) {
            WithService(CounterService.self) { service in
                Color.gray.frame(width: 50, height: 50).onTap { service.count += 1 }
            }
        }
        try window.open()
        defer { window.close() }
        window.runOnce()
        try HeadlessSDL.pushClick(x: 50, y: 50)
        window.runOnce()
        #expect(context[CounterService.self].count == 1)
    }
}

final class CounterService: Service {
    @ViewState var count = 0
}

@MainActor
@Suite(.serialized) struct PlayerWindowStatusTests {
    private let context = Context()
    private let window: PlayerWindow

    init() throws {
        HeadlessSDL.useDrivers()
        let context = context
        window = PlayerWindow(size: Size(width: 160, height: 90), context: context) { PlayerWidget(context) }
        try window.open()
    }

    @Test func followsTheFullScreenStatusWhenAsked() {
        defer { window.close() }
        window.fullscreenFollowsStatus = true
        #expect(!window.isFullscreen)
        context.status.toFullScreen()
        #expect(window.isFullscreen)
        context.status.toHalfScreen()
        #expect(!window.isFullscreen)
    }

    @Test func reportsItsComposeTimeToTheRenderService() {
        defer { window.close() }
        #expect(context.render.lastComposeSeconds == nil)
        window.runOnce()
        #expect((context.render.lastComposeSeconds ?? -1) >= 0)
    }

    @Test func keepsItsSizeWhenNotFollowingTheStatus() {
        defer { window.close() }
        context.status.toFullScreen()
        #expect(!window.isFullscreen)
    }

    @Test func stopsFollowingWhenTurnedOff() {
        defer { window.close() }
        window.fullscreenFollowsStatus = true
        window.fullscreenFollowsStatus = false
        context.status.toFullScreen()
        #expect(!window.isFullscreen)
    }
}

@MainActor
@Suite(.serialized) struct PlayerWindowTouchTests {
    init() {
        HeadlessSDL.useDrivers()
    }

    @Test func aTwoFingerPinchReachesTheGestureServiceAsAPinch() throws {
        let context = Context()
        var scales: [Double] = []
        context.gesture.observe(.pinch) { scales.append($0.scale) }
        let window = PlayerWindow(size: Size(width: 200, height: 100), context: context) {
            PlayerWidget(context)
        }
        try window.open()
        defer { window.close() }
        window.runOnce()
        var event = SDL_Event()
        event.type = SDL_MULTIGESTURE.rawValue
        event.mgesture.numFingers = 2
        event.mgesture.dDist = 0.05
        event.mgesture.x = 0.5
        event.mgesture.y = 0.5
        try #require(SDL_PushEvent(&event) == 1)
        window.runOnce()
        let scale = try #require(scales.last)
        #expect(abs(scale - 1.2) < 0.001)
    }
}

@MainActor
@Suite(.serialized) struct PlayerWindowParticipantTests {
    init() {
        HeadlessSDL.useDrivers()
    }

    /// Records what the loop told it, and what the window showed at that moment.
    private final class Recorder: WindowLoopParticipant {
        var iterations: [Int] = []
        var redrawsSeen: [Int] = []
        var closes = 0

        func windowDidRunIteration(_ window: PlayerWindow) {
            iterations.append(window.statistics.iterations)
            redrawsSeen.append(window.host?.redrawCount ?? -1)
        }

        func windowDidClose(_ window: PlayerWindow) { closes += 1 }
    }

    @Test func aParticipantRunsAfterEachIterationUntilRemovedAndHearsTheClose() throws {
        let window = PlayerWindow(size: Size(width: 120, height: 80), context: Context()) {
            Color.blue
        }
        let recorder = Recorder()
        window.addParticipant(recorder)
        window.addParticipant(recorder)
        try window.open()
        window.runOnce()
        window.runOnce()
        // It runs after the iteration drew, so it sees the first frame's widgets.
        #expect(recorder.iterations == [1, 2])
        #expect(recorder.redrawsSeen.first == 1)
        #expect(window.waker != nil)
        #expect(window.position != nil)
        window.close()
        #expect(recorder.closes == 1)
        #expect(window.waker == nil && window.position == nil)

        try window.open()
        window.removeParticipant(recorder)
        window.runOnce()
        window.close()
        #expect(recorder.iterations == [1, 2])
        #expect(recorder.closes == 1)
    }
}
