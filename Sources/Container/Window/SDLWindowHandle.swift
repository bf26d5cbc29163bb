import CSDL2

/// An SDL window, destroyed with this object.
///
/// > Important: main thread only. A compositor that renders into the window keeps this object alive,
/// > so the window outlives its renderer and surfaces.
@MainActor
final class SDLWindowHandle {
    let window: OpaquePointer

    /// How a window is made: framed in the middle of the screen, or bare and above the others.
    struct Style {
        var resizable = true
        /// No title bar or frame from the window manager.
        var borderless = false
        /// Kept above the other windows.
        var alwaysOnTop = false
        /// Where the top left corner goes, in points; `nil` centres the window.
        var position: Point?
    }

    init(title: String, size: Size, style: Style) throws(ContainerError) {
        var flags = csdl_window_allow_highdpi()
        if style.resizable { flags |= csdl_window_resizable() }
        if style.borderless { flags |= SDL_WINDOW_BORDERLESS.rawValue }
        if style.alwaysOnTop { flags |= SDL_WINDOW_ALWAYS_ON_TOP.rawValue }
        let x = style.position.map { Int32($0.x.rounded()) } ?? Int32(csdl_windowpos_centered())
        let y = style.position.map { Int32($0.y.rounded()) } ?? Int32(csdl_windowpos_centered())
        guard
            let window = SDL_CreateWindow(
                title, x, y, Int32(size.width.rounded()), Int32(size.height.rounded()), flags)
        else { throw .windowCreationFailed(String(cString: SDL_GetError())) }
        self.window = window
    }

    /// SDL's number for the window, which its events carry.
    var id: UInt32 { SDL_GetWindowID(window) }

    /// The usable area (without panels and docks) of the display the window is on, in points.
    var displayBounds: Rect? {
        var rect = SDL_Rect()
        let display = SDL_GetWindowDisplayIndex(window)
        guard display >= 0, SDL_GetDisplayUsableBounds(display, &rect) == 0, rect.w > 0, rect.h > 0 else {
            return nil
        }
        return Rect(x: Double(rect.x), y: Double(rect.y), width: Double(rect.w), height: Double(rect.h))
    }

    /// Where the window is and how large, in points.
    var frame: Rect {
        Rect(origin: position, size: logicalSize)
    }

    isolated deinit {
        SDL_DestroyWindow(window)
    }

    /// The window's size in points (what layout uses).
    var logicalSize: Size {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// Where the window's top left corner is on the screen, in points.
    var position: Point {
        var x: Int32 = 0
        var y: Int32 = 0
        SDL_GetWindowPosition(window, &x, &y)
        return Point(x: Double(x), y: Double(y))
    }

    /// The drawable size in pixels (larger than `logicalSize` on high-density displays).
    var pixelSize: Size {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// Switches between a desktop-sized fullscreen window and the normal window.
    func setFullscreen(_ fullscreen: Bool) {
        SDL_SetWindowFullscreen(window, fullscreen ? csdl_window_fullscreen_desktop() : 0)
    }

    var isFullscreen: Bool {
        SDL_GetWindowFlags(window) & csdl_window_fullscreen_desktop() == csdl_window_fullscreen_desktop()
    }

    /// Whether the window can be seen: neither hidden nor minimised.
    var isShown: Bool {
        SDL_GetWindowFlags(window) & (csdl_window_hidden() | csdl_window_minimized()) == 0
    }

    /// Takes the window off the screen (and the taskbar), or puts it back.
    func setHidden(_ hidden: Bool) {
        if hidden { SDL_HideWindow(window) } else { SDL_ShowWindow(window) }
    }

    /// Brings the window above the others and gives it the input focus.
    func raise() {
        SDL_RaiseWindow(window)
    }

    func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }
}
