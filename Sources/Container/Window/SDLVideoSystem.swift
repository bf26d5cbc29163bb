import CSDL2
import Foundation

/// Starts SDL's video and event subsystems once per process and owns the user event that wakes the
/// main loop from other threads.
///
/// > Important: main thread only, like every SDL video call.
@MainActor
enum SDLVideoSystem {
    private static var wakeEventType: UInt32?

    /// Initialises SDL video and events if needed and returns the event type used to wake the loop.
    static func start() throws(ContainerError) -> UInt32 {
        if let wakeEventType { return wakeEventType }
        // NB: let the compositor keep running (SDL's default turns it off for every window) and scale
        // textures smoothly.
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "1")
        if SDL_WasInit(csdl_init_video()) == 0 {
            guard SDL_InitSubSystem(csdl_init_video() | csdl_init_events()) == 0 else {
                throw .videoUnavailable(String(cString: SDL_GetError()))
            }
        }
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else { throw .videoUnavailable("no SDL user event left") }
        wakeEventType = type
        return type
    }
}
