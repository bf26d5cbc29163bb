import CSDL2
import Testing
import VideoPlayerRender

/// A hidden 320x240 window with SDL's software renderer, whose pixels tests read back as RGBA.
final class PresentationTestScreen {
    static let size = Size(width: 320, height: 240)
    static let bounds = Rect(origin: .zero, size: size)

    let renderer: OpaquePointer
    private let window: OpaquePointer

    /// Runs `body` on a fresh screen cleared to `background`. The screen outlives every texture
    /// `body` makes, as SDL requires.
    static func run(
        background: RGBA = .background, _ body: (PresentationTestScreen) throws -> Void
    ) throws {
        let screen = try PresentationTestScreen()
        try withExtendedLifetime(screen) {
            try screen.clear(to: background)
            try body(screen)
        }
    }

    private init() throws {
        try #require(sdlVideoStarted, "SDL video: \(String(cString: SDL_GetError()))")
        let width = Int32(Self.size.width)
        let height = Int32(Self.size.height)
        // NB: not inside `#require`: the macro evaluates the arguments before the call, so the C
        // string made from "test" would already be freed when SDL reads it.
        let created = SDL_CreateWindow("test", 0, 0, width, height, csdl_window_hidden())
        window = try #require(created)
        guard let renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            SDL_DestroyWindow(window)
            throw PresentationTestFailure("SDL renderer: \(String(cString: SDL_GetError()))")
        }
        self.renderer = renderer
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
    }

    /// The renderer's name, such as "software", for measurements.
    var rendererName: String {
        var info = SDL_RendererInfo()
        guard SDL_GetRendererInfo(renderer, &info) == 0, let name = info.name else { return "?" }
        return String(cString: name)
    }

    func clear(to colour: RGBA) throws {
        #expect(SDL_SetRenderDrawColor(renderer, colour.r, colour.g, colour.b, colour.a) == 0)
        #expect(SDL_RenderClear(renderer) == 0)
    }

    /// The render target's pixels, read with `SDL_RenderReadPixels`.
    func readPixels() throws -> RGBAImage {
        let width = Int(Self.size.width)
        let height = Int(Self.size.height)
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        // ABGR8888 is a packed 32-bit format: on a little-endian machine its bytes are R, G, B, A.
        let code = bytes.withUnsafeMutableBytes {
            SDL_RenderReadPixels(
                renderer, nil, csdl_pixelformat_abgr8888(), $0.baseAddress, Int32(width * 4))
        }
        guard code == 0 else {
            throw PresentationTestFailure("SDL_RenderReadPixels: \(String(cString: SDL_GetError()))")
        }
        return RGBAImage(width: width, bytes: bytes)
    }
}

/// Starts SDL's video subsystem once per test process; it is never quit, as other suites may use it.
let sdlVideoStarted: Bool = {
    // Offscreen unless the environment names another driver, so the tests never need a display.
    SDL_SetHint(SDL_HINT_VIDEODRIVER, "offscreen")
    return SDL_InitSubSystem(csdl_init_video()) == 0
}()

struct PresentationTestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
