import CSDL2
import Foundation
import Logging

/// An SDL window that hosts a widget tree and runs the main loop: input, timers, video frames,
/// widget repaints and composition.
///
/// ```swift
/// let context = Context()
/// try PlayerWindow(title: "Player", size: Size(width: 1280, height: 720), context: context) {
///     PlayerWidget(context)
/// }.run()
/// ```
///
/// The loop sleeps until something is due — an event, a video frame, a timer or an animation frame —
/// so a paused player with a static interface costs next to nothing. On a GPU, video frames go
/// straight from the decoder to SDL textures and only the damaged parts of the Cairo overlay are
/// uploaded; without one, frames are scaled once by swscale into the window's pixels (``compositing``).
///
/// > Important: create and run it on the main thread. Without a display, run with
/// > `SDL_VIDEODRIVER=offscreen`.
@MainActor
public final class PlayerWindow {
    /// The context whose services the widgets use.
    public let context: Context
    /// What the loop has done so far, for benchmarks and the stats widget.
    public private(set) var statistics = WindowStatistics()

    /// The title the window opens with.
    public let title: String
    private let initialSize: Size
    private let resizable: Bool
    private let root: AnyWidget
    private var scene: WindowScene?
    private var shouldQuit = false
    private var statusObservation: ObservationToken?
    private var participants: [any WindowLoopParticipant] = []
    /// The other windows this loop runs, such as picture in picture.
    private var companions: [CompanionWindow] = []

    /// How video and widgets are put on screen; read when the window opens. `.automatic` (the default)
    /// takes the GPU unless OpenGL is a software rasterizer; see ``Compositing``.
    public var compositing = Compositing.automatic

    /// Whether the window enters desktop fullscreen when `context.status` becomes `.fullScreen` and
    /// leaves it for the other statuses. Off by default: a player's full-screen status may just fill
    /// the window.
    public var fullscreenFollowsStatus = false {
        didSet { followStatus() }
    }

    /// Whether opening the window publishes its context's media session (``MediaSessionService``)
    /// on the session bus, so the desktop's media controls show and control the player; on by
    /// default. Without a session bus the session stays off and the window works as before.
    public var publishesMediaSession = true
    /// Whether this window published the media session, and so unpublishes it when it closes.
    private var publishedMediaSession = false

    /// Whether the window keeps the screensaver and display sleep off while a player it shows plays
    /// video (playing or buffering); on by default. Paused, stopped or playing only sound, the
    /// screen sleeps as usual.
    public var inhibitsScreenSaverWhilePlaying = true {
        didSet { followPlayback() }
    }
    /// Whether the window holds the screensaver off now.
    public private(set) var isInhibitingScreenSaver = false

    /// Whether files, folders and URLs dropped onto the window play, through the context's
    /// ``DropService`` (`context.drops`); on by default. Off, drops are ignored.
    public var acceptsDrops = true
    private var drops = SDLDropCollector()
    /// Whether the window was in fullscreen when the media session last heard of it.
    private var announcedFullscreen = false

    /// A window of `size` points showing `content`, whose services live in `context`.
    public init(
        title: String = "VideoPlayerContainer", size: Size = Size(width: 1280, height: 720),
        context: Context = Context(), resizable: Bool = true, @WidgetBuilder content: () -> some Widget
    ) {
        self.title = title
        initialSize = size
        self.context = context
        self.resizable = resizable
        root = AnyWidget(content())
    }

    /// Opens the window and runs the loop until the window is closed, ``quit()`` or ``close()`` is
    /// called, or the process gets SIGINT or SIGTERM; then closes the window and returns.
    ///
    /// While it runs, SIGINT and SIGTERM end the loop instead of the process (the handlers found before
    /// come back when it returns), so Ctrl-C or a service manager's stop closes the window and pauses
    /// the players cleanly.
    public func run() throws(ContainerError) {
        try open()
        let signals = QuitSignals()
        defer { signals.restore() }
        while isRunning {
            runOnce(maxWait: 0.5)
            if signals.take() != nil { shouldQuit = true }
        }
        close()
    }

    /// Ends ``run()`` after the current loop iteration; services reach it as `context.window.quit()`.
    public func quit() {
        shouldQuit = true
        scene?.sleeper.wake()
    }

    /// Whether the window is open and the loop has not been asked to quit.
    public var isRunning: Bool { scene != nil && !shouldQuit }

    /// Creates the SDL window (if not yet open) without running the loop; drive it with ``runOnce(maxWait:)``.
    public func open() throws(ContainerError) {
        guard scene == nil else { return }
        shouldQuit = false
        scene = try WindowScene(
            title: title, size: initialSize, style: SDLWindowHandle.Style(resizable: resizable),
            compositing: compositing, root: root, context: context)
        context.window.window = self
        followStatus()
        publishMediaSession()
    }

    /// The players the window shows: its video layers', its companion windows' and the render
    /// service's.
    private func players(in scene: WindowScene) -> [any PlaybackEngine] {
        var players: [any PlaybackEngine] = []
        for layer in scene.host.videoLayers + companions.flatMap(\.scene.host.videoLayers) {
            if let player = layer.player as? any PlaybackEngine, !players.contains(where: { $0 === player }) {
                players.append(player)
            }
        }
        if context.isServiceStarted(RenderService.self), let engine = context.render.existingEngine,
            !players.contains(where: { $0 === engine })
        {
            players.append(engine)
        }
        return players
    }

    /// Holds the screensaver off while a player shows video and plays, and lets it go otherwise.
    private func followPlayback() {
        guard let scene else { return }
        let wanted =
            inhibitsScreenSaverWhilePlaying
            && players(in: scene).contains { [.playing, .buffering].contains($0.status) && $0.hasVideo }
        guard wanted != isInhibitingScreenSaver else { return }
        isInhibitingScreenSaver = wanted
        // NB: the desktop lists the hold under the app's name (SDL's default: "My SDL application").
        if wanted { SDL_SetHint(SDL_HINT_APP_NAME, title) }
        ScreenSaverInhibition.hold(wanted, by: scene.window)
    }

    /// Starts the media session, whose media keys act on the player, and publishes it on the
    /// session bus unless ``publishesMediaSession`` is off.
    private func publishMediaSession() {
        let session = context.mediaSession
        guard publishesMediaSession else { return }
        if session.busName == nil {
            publishedMediaSession = (try? session.publish()) != nil
        }
        // NB: the loop answers calls when the watch saw them come; the window tells the session
        // of its own changes itself: open, closed, fullscreen.
        session.update()
    }

    /// Closes the window and pauses the players it showed; the widget tree, its services and the
    /// players' items and positions stay in the context, so ``open()`` shows them again. Inside
    /// ``run()``, it also ends the loop.
    public func close() {
        statusObservation?.cancel()
        statusObservation = nil
        guard let scene else { return }
        for player in players(in: scene)
        where [.loading, .ready, .playing, .buffering].contains(player.status) {
            player.pause()
        }
        for companion in companions { closeCompanion(companion) }
        if isInhibitingScreenSaver {
            isInhibitingScreenSaver = false
            ScreenSaverInhibition.hold(false, by: scene.window)
        }
        if context.window.window === self { context.window.window = nil }
        if context.isServiceStarted(MediaSessionService.self) {
            if publishedMediaSession {
                context.mediaSession.unpublish()
            } else {
                context.mediaSession.update()
            }
        }
        publishedMediaSession = false
        self.scene = nil
        Logger.window.info("closed")
        for participant in participants { participant.windowDidClose(self) }
    }

    /// Runs `participant` with the loop: after every iteration, and once when the window closes.
    /// The window keeps it until ``removeParticipant(_:)``.
    public func addParticipant(_ participant: any WindowLoopParticipant) {
        guard !participants.contains(where: { $0 === participant }) else { return }
        participants.append(participant)
    }

    /// Stops running `participant` with the loop.
    public func removeParticipant(_ participant: any WindowLoopParticipant) {
        participants.removeAll { $0 === participant }
    }

    /// Opens another window of `size` points, showing `root` with this window's context, that this
    /// window's loop runs until ``closeCompanion(_:)`` or until this window closes.
    func openCompanion(title: String, size: Size, style: SDLWindowHandle.Style, root: AnyWidget)
        throws(ContainerError) -> CompanionWindow
    {
        guard let scene else { throw .windowNotOpen }
        let companion = CompanionWindow(
            scene: try WindowScene(
                title: title, size: size, style: style, compositing: compositing, root: root,
                context: context,
                sleeper: scene.sleeper))
        companions.append(companion)
        return companion
    }

    /// Closes a window opened with ``openCompanion(title:size:style:root:)`` and tells its owner.
    func closeCompanion(_ companion: CompanionWindow) {
        guard let index = companions.firstIndex(where: { $0 === companion }) else { return }
        companions.remove(at: index)
        companion.onClose?()
    }

    /// Wakes the loop out of its sleep from any thread, for work that arrives from outside SDL (a
    /// socket, a worker); `nil` until ``open()``.
    public var waker: WindowWaker? { scene.map { WindowWaker(sleeper: $0.sleeper) } }

    /// SDL's number for the window, which its events carry; `nil` until ``open()``.
    var windowID: UInt32? { scene?.window.id }

    /// The usable part (without panels and docks) of the screen the window is on, in points; `nil`
    /// until ``open()``, or when the video driver does not say.
    public var screenBounds: Rect? { scene?.window.displayBounds }

    /// Where the window's top left corner is on the screen, in points; `nil` until ``open()``.
    public var position: Point? { scene?.window.position }

    private func followStatus() {
        statusObservation?.cancel()
        statusObservation = nil
        guard fullscreenFollowsStatus, scene != nil else { return }
        let status = context.status
        setFullscreen(status.status == .fullScreen)
        statusObservation = status.observe { [weak self] status in
            self?.setFullscreen(status == .fullScreen)
        }
    }

    /// One loop iteration: waits up to `maxWait` seconds for something to do, then handles events,
    /// runs due work and presents if anything changed.
    public func runOnce(maxWait: Double = 0) {
        guard let scene else { return }
        let wait = min(maxWait, secondsUntilDue)
        if let first = scene.sleeper.wait(timeout: wait) {
            handle(first, in: scene)
            while let event = scene.sleeper.nextEvent() { handle(event, in: scene) }
        }
        // NB: on Linux the main actor's queue is drained by the run loop; SDL owns this thread's
        // sleep, so give tasks scheduled on the main actor their turn here.
        _ = RunLoop.main.run(mode: .default, before: Date())
        let started = MediaPlayer.now
        if scene.render() {
            statistics.presents += 1
            statistics.lastComposeSeconds = MediaPlayer.now - started
            if context.isServiceStarted(RenderService.self) {
                context.render.lastComposeSeconds = statistics.lastComposeSeconds
            }
        }
        for companion in companions { _ = companion.scene.render() }
        statistics.iterations += 1
        statistics.overlayRedraws = scene.host.redrawCount
        statistics.videoUploads = scene.videoUploads
        statistics.videoCopies = scene.videoCopies
        statistics.videoPixelsCopied = scene.videoPixelsCopied
        statistics.backgroundPixels = scene.backgroundPixels
        statistics.picturesResizedAhead = scene.picturesResizedAhead
        statistics.wakes = scene.sleeper.wakeCount
        followPlayback()
        if context.isServiceStarted(MediaSessionService.self) { context.mediaSession.loopDidRun() }
        for participant in participants { participant.windowDidRunIteration(self) }
    }

    /// Seconds until the window or a companion has something due: a picture, a widget's timer, a
    /// present; 0 when closed.
    var secondsUntilDue: Double {
        guard let scene else { return 0 }
        return companions.reduce(scene.secondsUntilDue()) { min($0, $1.scene.secondsUntilDue()) }
    }

    /// The widget host, for scripted input and inspection (`nil` until ``open()``).
    public var host: WidgetHost? { scene?.host }

    /// The pixels on screen after the last present, read back from the renderer.
    public func screenshot() -> RasterImage? { scene?.readPixels() }

    /// Brings the window above the others and gives it the input focus (what the desktop's media
    /// controls ask for with MPRIS's `Raise`); a hidden window shows again.
    public func raise() {
        scene?.window.setHidden(false)
        scene?.window.raise()
    }

    /// Takes the window off the screen and the taskbar (`true`), or puts it back (`false`).
    ///
    /// The loop, the players and the widgets go on while it is hidden, and the sound plays on;
    /// nothing is drawn until the window shows again (see ``isShown``).
    public func setHidden(_ hidden: Bool) {
        scene?.window.setHidden(hidden)
    }

    /// Whether the window can be seen: open, and neither hidden (``setHidden(_:)``) nor minimised.
    ///
    /// While it cannot, the loop draws nothing: no picture is scaled or presented, which leaves a
    /// playing video the cost of decoding alone. It draws the whole window when it shows again.
    public var isShown: Bool { scene?.window.isShown ?? false }

    /// Switches the window between desktop fullscreen and its normal size.
    public func setFullscreen(_ fullscreen: Bool) {
        scene?.window.setFullscreen(fullscreen)
        announcedFullscreen = isFullscreen
        if context.isServiceStarted(MediaSessionService.self) { context.mediaSession.update() }
    }

    /// Whether the window is in desktop fullscreen.
    public var isFullscreen: Bool { scene?.window.isFullscreen ?? false }

    /// What composes the window: the SDL renderer's name ("opengl", "opengles2", "software") on the
    /// GPU path, or "surface" on the CPU path; `nil` before ``open()``.
    public var rendererName: String? { scene?.compositorName }

    private func handle(_ event: SDL_Event, in scene: WindowScene) {
        if SDL_EventType(event.type) == SDL_QUIT {
            shouldQuit = true
            return
        }
        let (isDrop, drop) = drops.take(event)
        if let drop, acceptsDrops { context.drops.receive(drop) }
        if isDrop { return }
        if let id = event.windowID, let companion = companions.first(where: { $0.id == id }) {
            if event.isCloseRequest(for: id) {
                companion.onCloseRequest?()
            } else {
                companion.scene.handle(event)
            }
            return
        }
        // NB: SDL sends SDL_QUIT only when the last window closes; with a companion open, closing
        // this one must end the loop too.
        if event.isCloseRequest(for: scene.window.id) {
            shouldQuit = true
            return
        }
        scene.handle(event)
        if SDL_EventType(event.type) == SDL_WINDOWEVENT { followWindowManager() }
    }

    /// Tells the desktop of a fullscreen the window manager turned on or off (a key of its own, a
    /// double-click on the title bar), as ``setFullscreen(_:)`` does for the app's.
    private func followWindowManager() {
        guard isFullscreen != announcedFullscreen else { return }
        announcedFullscreen = isFullscreen
        if context.isServiceStarted(MediaSessionService.self) { context.mediaSession.update() }
    }
}

/// Something that runs with a ``PlayerWindow``'s loop, such as a bridge to the desktop: attach it
/// with ``PlayerWindow/addParticipant(_:)``.
@MainActor
public protocol WindowLoopParticipant: AnyObject {
    /// After each iteration of the loop: events handled, due work run, the scene presented.
    func windowDidRunIteration(_ window: PlayerWindow)
    /// After the window closed.
    func windowDidClose(_ window: PlayerWindow)
}

extension WindowLoopParticipant {
    public func windowDidClose(_ window: PlayerWindow) {}
}

/// Wakes a ``PlayerWindow``'s loop from any thread.
public struct WindowWaker: Sendable {
    let sleeper: LoopSleeper

    /// Ends the loop's current sleep, so its next iteration runs now.
    public func wake() { sleeper.wake() }
}

/// Counters of a ``PlayerWindow``'s loop.
public struct WindowStatistics: Sendable, Equatable {
    /// Loop iterations (each ends in a sleep until something is due).
    public var iterations = 0
    /// Frames presented to the screen.
    public var presents = 0
    /// Repaints of the widget overlay (each repaints only damaged rectangles).
    public var overlayRedraws = 0
    /// Video frames uploaded to textures (on the CPU path: scaled to their size on screen).
    public var videoUploads = 0
    /// On the CPU path, scaled pictures copied into the window from the copy kept for repaints of
    /// the same frame. It stays put while frames go straight into the window's pixels: an upright
    /// picture with square corners that no other picture overlaps.
    public var videoCopies = 0
    /// On the CPU path, pixels of scaled pictures copied so far: the kept copies above, whole, and
    /// the pixels of a picture in the window saved from under the overlay and put back when the
    /// overlay repaints between frames.
    public var videoPixelsCopied = 0
    /// On the CPU path, pixels painted black behind the pictures so far: the bars beside a
    /// letterboxed picture and the window outside every picture, painted again only where the
    /// overlay or a picture drew since.
    public var backgroundPixels = 0
    /// On the CPU path, pictures converted from the copy their player resized to the size drawn as
    /// it decoded them (``/VideoPlayerRender/MediaPlayer/setDrawnPictureSize(_:)``), which left
    /// the window's thread the conversion alone.
    public var picturesResizedAhead = 0
    /// Seconds the last present took from the start of composition (uploads, draw, present).
    public var lastComposeSeconds = 0.0
    /// Times the loop was woken from outside its own thread: a picture decoded,
    /// ``PlayerWindow/quit()``, a call on a bus (``WindowWaker``).
    public var wakes = 0
}
