import CSDL2
import Logging

/// Picture in picture: `context.pip` moves the playing video into a small window of its own, above
/// the other windows, so it keeps playing while the user works elsewhere.
///
/// ```swift
/// try context.pip.start()   // the video moves into the small window
/// context.pip.stop()        // and back into the app
/// ```
/// The small window has no frame: it is dragged by the picture and resized at its edges. While the
/// pointer is over it, or while the video is paused, it shows three buttons: back to the app, play or
/// pause, and close (which pauses). The main window's render overlay shows a placeholder where the
/// video was. The player is the same one throughout: nothing reopens, the position and the sound go
/// on. Keys pressed while the small window has the keyboard act as over the video in the main
/// window (the player's shortcuts, such as those of the widget library's keyboard shortcuts
/// service); Escape brings the video back to the app, and Space plays or pauses when no shortcut
/// took it. The window's loop (``PlayerWindow/run()``) runs the small window too; closing the main
/// window closes it.
///
/// Observers of `context.render` hear `.pictureInPictureStarted` and `.pictureInPictureStopped`.
///
/// > Important: Main actor only; created by the context.
public final class PictureInPictureService: Service {
    /// Whether the video shows in the picture in picture window.
    @ViewState public private(set) var isActive = false
    /// Whether the video may move into the picture in picture window (on by default); turning it
    /// off while the video is there brings it back. The ``PictureInPicture`` setting sets it.
    @ViewState public var isAllowed = true {
        didSet { if !isAllowed { stop() } }
    }
    /// Whether the pointer is over the picture in picture window, which then shows its buttons.
    @ViewState var isPointerInside = false
    /// What the window shows over the picture besides its buttons, bottom to top.
    @ViewState private(set) var overlays: [Overlay] = []

    /// One widget the window shows over the picture.
    struct Overlay {
        let id: OverlayID
        let widget: AnyWidget
    }

    private var companion: CompanionWindow?
    private(set) var hitRegion: PictureInPictureHitRegion?
    /// Where the window was when it last closed; the next ``start()`` opens it there again.
    private var lastFrame: Rect?

    /// The longer side of the window when it first opens, in points.
    static let defaultLongSide = 384.0
    /// The smaller size the user can make the window.
    static let minimumSize = Size(width: 160, height: 90)
    /// The room left between the window and the edges of the screen when it first opens, in points.
    static let screenMargin = 32.0

    /// Moves the video into the picture in picture window; nothing happens while it is there already.
    ///
    /// The window opens where it was last closed, or at the bottom right of the screen the main
    /// window is on, shaped like the picture.
    ///
    /// - Throws: ``ContainerError/pictureInPictureUnavailable(_:)`` when it is not ``isAllowed``, no
    ///   ``PlayerWindow`` shows this context or nothing with a picture is loaded; ``ContainerError/windowCreationFailed(_:)`` when
    ///   SDL cannot make the window.
    public func start() throws(ContainerError) {
        guard companion == nil, let context else { return }
        guard isAllowed else { throw .pictureInPictureUnavailable("it is turned off for this player") }
        guard let window = context.window.window, window.isRunning else {
            throw .pictureInPictureUnavailable("no window shows this player")
        }
        let render = context.render
        guard render.hasVideo else {
            throw .pictureInPictureUnavailable("nothing with a picture is loaded")
        }
        let frame = lastFrame ?? Self.initialFrame(videoSize: render.videoSize, screen: window.screenBounds)
        let companion = try window.openCompanion(
            title: "\(window.title) — Picture in picture", size: frame.size,
            style: SDLWindowHandle.Style(
                resizable: true, borderless: true, alwaysOnTop: true, position: frame.origin),
            root: AnyWidget(PictureInPictureContent()))
        companion.onCloseRequest = { [weak self] in self?.stop() }
        companion.onClose = { [weak self] in self?.windowClosed() }
        let handle = companion.scene.window
        SDL_SetWindowMinimumSize(handle.window, Int32(Self.minimumSize.width), Int32(Self.minimumSize.height))
        hitRegion = PictureInPictureHitRegion(install: companion.scene)
        self.companion = companion
        isPointerInside = false
        isActive = true
        Logger.window.info("picture in picture started at \(handle.frame)")
        render.events(.pictureInPictureStarted)
    }

    /// Returns the video from the picture in picture window to the app, still playing or paused as
    /// it was; nothing happens when it is not there.
    public func stop() {
        guard let companion else { return }
        guard let window = context?.window.window else { return windowClosed() }
        window.closeCompanion(companion)
    }

    /// Shows `content` over the picture in the picture in picture window, below its buttons, as
    /// the overlay `id`: what follows the video there from the player's overlays, such as
    /// subtitles (the widget library's subtitle overlay puts itself there).
    ///
    /// Overlays stack in insertion order, the last on top; inserting an `id` again replaces that
    /// overlay. They fill the window, and the picture is fitted into it.
    public func insert(overlay id: OverlayID, @WidgetBuilder content: () -> some Widget) {
        var overlays = overlays.filter { $0.id != id }
        overlays.append(Overlay(id: id, widget: AnyWidget(content())))
        self.overlays = overlays
    }

    /// Takes away an overlay of the picture in picture window.
    public func remove(overlay id: OverlayID) {
        overlays.removeAll { $0.id == id }
    }

    /// Starts picture in picture when it is off and stops it when it is on.
    ///
    /// - Throws: what ``start()`` throws.
    public func toggle() throws(ContainerError) {
        if isActive { stop() } else { try start() }
    }

    /// The window's "back to the app" button: stops picture in picture and raises the main window.
    public func returnToApp() {
        stop()
        context?.window.window?.raise()
    }

    /// The window's close button: pauses the video and stops picture in picture.
    public func close() {
        context?.render.pause()
        stop()
    }

    /// A key pressed in the small window that its buttons did not take: Escape returns to the app;
    /// other keys go to `context.gesture` as the main window's keys do, and Space plays or pauses
    /// when nothing took it there.
    func handleKey(_ press: KeyPress) -> Bool {
        guard let context else { return false }
        if press.key == .escape, press.modifiers.isEmpty {
            returnToApp()
            return true
        }
        if context.gesture.handleKey(press) { return true }
        guard press.key == .space, press.modifiers.isEmpty else { return false }
        context.render.togglePlayPause()
        return true
    }

    /// SDL's number for the picture in picture window, which its events carry; `nil` while it is closed.
    var windowID: UInt32? { companion?.id }

    /// Where the picture in picture window is on the screen and how large, in points, while it is
    /// open.
    public var windowFrame: Rect? { companion?.scene.window.frame }

    /// The picture in picture window's widgets, for scripted input and inspection; `nil` while it is
    /// closed.
    public var host: WidgetHost? { companion?.scene.host }

    /// The pixels the picture in picture window showed at its last present; `nil` while it is closed.
    public func screenshot() -> RasterImage? { companion?.scene.readPixels() }

    /// Where the window first opens: shaped like the picture (16:9 until its size is known), in the
    /// bottom right corner of `screen`.
    static func initialFrame(videoSize: Size?, screen: Rect?) -> Rect {
        let aspect = Size.aspectRatio(of: videoSize, within: 0.25...4)
        let side = defaultLongSide
        var size =
            aspect >= 1 ? Size(width: side, height: side / aspect) : Size(width: side * aspect, height: side)
        size = Size(
            width: max(size.width.rounded(), minimumSize.width),
            height: max(size.height.rounded(), minimumSize.height))
        guard let screen else { return Rect(origin: Point(x: screenMargin, y: screenMargin), size: size) }
        let x = max(screen.minX, screen.maxX - size.width - screenMargin)
        let y = max(screen.minY, screen.maxY - size.height - screenMargin)
        return Rect(origin: Point(x: x, y: y), size: size)
    }

    /// Forgets the window once it has closed, by ``stop()``, by its own close request or with the
    /// main window.
    private func windowClosed() {
        guard let companion else { return }
        lastFrame = companion.scene.window.frame
        hitRegion?.uninstall()
        hitRegion = nil
        self.companion = nil
        isPointerInside = false
        isActive = false
        Logger.window.info("picture in picture stopped")
        context?.render.events(.pictureInPictureStopped)
    }

    override public func didStop() {
        stop()
    }
}

extension Context {
    /// Picture in picture for this context's player; see ``PictureInPictureService``.
    public var pip: PictureInPictureService { self[PictureInPictureService.self] }
}
