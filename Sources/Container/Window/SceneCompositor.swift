import CSDL2
import Foundation

/// How a ``PlayerWindow`` puts video and widgets on screen.
public enum Compositing: String, Sendable, CaseIterable {
    /// The GPU path, unless the only OpenGL available is a software rasterizer (Mesa's llvmpipe,
    /// softpipe): then the CPU path, which costs far less there. The `VPC_COMPOSITOR` environment
    /// variable (`gpu` or `cpu`) overrides the choice.
    case automatic
    /// An SDL renderer: YUV planes go to textures, and the renderer converts and scales them while
    /// drawing, with the widget overlay blended on top.
    case gpu
    /// The window's own pixel buffer: swscale converts and scales each frame to its size on screen
    /// and Cairo blends the visible parts of the overlay over it. Falls back to the GPU path when the
    /// window has no such buffer (Wayland without a framebuffer, unusual pixel formats).
    case cpu
}

/// What a window scene composes with: the GPU renderer path or the CPU surface path.
///
/// > Important: main thread only.
@MainActor
protocol SceneCompositor: AnyObject {
    /// For diagnostics: the SDL renderer's name, or "surface" for the CPU path.
    var name: String { get }
    /// Video frames converted or uploaded so far.
    var videoUploads: Int { get }
    /// Scaled pictures copied into the window from a copy kept for repaints (the CPU path) so far.
    var videoCopies: Int { get }
    /// Pixels of scaled pictures copied (the CPU path) so far: kept pictures copied into the window,
    /// and the pixels saved from under the overlay and put back.
    var videoPixelsCopied: Int { get }
    /// Pixels painted black behind the pictures (the CPU path) so far.
    var backgroundPixels: Int { get }
    /// Pictures converted from the copy their player resized ahead to the size drawn (the CPU
    /// path) so far.
    var picturesResizedAhead: Int { get }
    /// Takes in the damaged rectangles (in pixels) of the host's overlay after a repaint.
    func overlayChanged(_ damage: [Rect], in host: WidgetHost)
    /// Follows a change of the window's size; the host has been resized and repaints everything.
    func windowResized(host: WidgetHost)
    /// Draws the video layers and the overlay and shows the result.
    func compose(_ layers: [VideoLayer], host: WidgetHost)
    /// The pixels shown by the last composition.
    func readPixels() -> RasterImage?
}

/// Picks and makes the compositor for a window.
@MainActor
enum SceneCompositorFactory {
    static func make(
        for window: SDLWindowHandle, host: WidgetHost, compositing: Compositing
    ) throws(ContainerError) -> any SceneCompositor {
        switch resolved(compositing) {
        case .cpu:
            if let surface = try? SurfaceCompositor(window: window, host: host) { return surface }
            return try RendererCompositor(window: window, host: host, renderer: makeRenderer(for: window))
        case .gpu:
            return try RendererCompositor(window: window, host: host, renderer: makeRenderer(for: window))
        case .automatic:
            // NB: without a GPU device Mesa can only rasterize in software; skipping the probe also
            // keeps LLVM (about 50 MiB resident) out of the process.
            if !hasGPUDevice, let surface = try? SurfaceCompositor(window: window, host: host) {
                return surface
            }
            let renderer = try makeRenderer(for: window)
            guard Self.rasterizesInSoftware(renderer) else {
                return try RendererCompositor(window: window, host: host, renderer: renderer)
            }
            SDL_DestroyRenderer(renderer)
            if let surface = try? SurfaceCompositor(window: window, host: host) { return surface }
            return try RendererCompositor(window: window, host: host, renderer: makeRenderer(for: window))
        }
    }

    private static func resolved(_ compositing: Compositing) -> Compositing {
        guard compositing == .automatic,
            let value = SDL_getenv("VPC_COMPOSITOR").map({ String(cString: $0).lowercased() }),
            let forced = Compositing(rawValue: value)
        else { return compositing }
        return forced
    }

    private static func makeRenderer(for window: SDLWindowHandle) throws(ContainerError) -> OpaquePointer {
        // NB: no vsync flag: the loop schedules presents itself, and vsync would block the main thread.
        guard
            let renderer = SDL_CreateRenderer(window.window, -1, SDL_RENDERER_ACCELERATED.rawValue)
                ?? SDL_CreateRenderer(window.window, -1, SDL_RENDERER_SOFTWARE.rawValue)
        else { throw .windowCreationFailed(String(cString: SDL_GetError())) }
        return renderer
    }

    /// Whether the machine has a device a GPU driver can use: a DRM node or NVIDIA's device.
    static var hasGPUDevice: Bool {
        let files = FileManager.default
        let drm = (try? files.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        return drm.contains { $0.hasPrefix("renderD") || $0.hasPrefix("card") }
            || files.fileExists(atPath: "/dev/nvidia0")
    }

    /// Whether `renderer` draws on the CPU: SDL's software renderer, or OpenGL through a software
    /// rasterizer.
    static func rasterizesInSoftware(_ renderer: OpaquePointer) -> Bool {
        let name = rendererName(renderer)
        if name == "software" { return true }
        guard name.hasPrefix("opengl"), let glRenderer = csdl_gl_renderer_string() else { return false }
        let description = String(cString: glRenderer).lowercased()
        return ["llvmpipe", "softpipe", "software rasterizer", "swrast"].contains { description.contains($0) }
    }

    static func rendererName(_ renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "unknown" }
        return String(cString: name)
    }
}
