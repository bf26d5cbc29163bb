import CSDL2

/// An SDL window, destroyed with this object.
///
/// > Important: main thread only. A compositor that renders into the window keeps this object alive,
/// > so the window outlives its renderer and surfaces.
@MainActor
final class SDLWindowHandle {
    let window: OpaquePointer

    init(title: String, size: Size, resizable: Bool) throws(ContainerError) {
        var flags = csdl_window_allow_highdpi()
        if resizable { flags |= csdl_window_resizable() }
        guard
            let window = SDL_CreateWindow(
                title, csdl_windowpos_centered(), csdl_windowpos_centered(), Int32(size.width.rounded()),
                Int32(size.height.rounded()), flags)
        else { throw .windowCreationFailed(String(cString: SDL_GetError())) }
        self.window = window
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

    /// Brings the window above the others and gives it the input focus.
    func raise() {
        SDL_RaiseWindow(window)
    }

    func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }
}
