import CSDL2

/// An SDL window with its renderer; both are destroyed with this object.
///
/// > Important: main thread only; SDL rendering must stay on the thread that created the renderer.
@MainActor
final class SDLWindowHandle {
    let window: OpaquePointer
    let renderer: OpaquePointer

    init(title: String, size: Size, resizable: Bool) throws(ContainerError) {
        var flags = csdl_window_allow_highdpi()
        if resizable { flags |= csdl_window_resizable() }
        guard
            let window = SDL_CreateWindow(
                title, csdl_windowpos_centered(), csdl_windowpos_centered(), Int32(size.width.rounded()),
                Int32(size.height.rounded()), flags)
        else { throw .windowCreationFailed(String(cString: SDL_GetError())) }
        // NB: no vsync flag: the loop schedules presents itself, and vsync would block the main thread.
        guard
            let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED.rawValue)
                ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else {
            let message = String(cString: SDL_GetError())
            SDL_DestroyWindow(window)
            throw .windowCreationFailed(message)
        }
        self.window = window
        self.renderer = renderer
    }

    isolated deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The window's size in points (what layout uses).
    var logicalSize: Size {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetWindowSize(window, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// The drawable size in pixels (larger than `logicalSize` on high-density displays).
    var pixelSize: Size {
        var width: Int32 = 0
        var height: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &width, &height)
        return Size(width: Double(width), height: Double(height))
    }

    /// The renderer's name ("opengl", "software", ...), for diagnostics and the stats widget.
    var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }

    /// Switches between a desktop-sized fullscreen window and the normal window.
    func setFullscreen(_ fullscreen: Bool) {
        SDL_SetWindowFullscreen(window, fullscreen ? csdl_window_fullscreen_desktop() : 0)
    }

    var isFullscreen: Bool {
        SDL_GetWindowFlags(window) & csdl_window_fullscreen_desktop() == csdl_window_fullscreen_desktop()
    }

    func setTitle(_ title: String) {
        SDL_SetWindowTitle(window, title)
    }
}
