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
        // NB: what SDL tells org.freedesktop.ScreenSaver when a window holds the screensaver off
        // (its default is "Playing a game").
        SDL_SetHint(SDL_HINT_SCREENSAVER_INHIBIT_ACTIVITY_NAME, "Playing video")
        SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1")
        if SDL_WasInit(csdl_init_video()) == 0 {
            guard SDL_InitSubSystem(csdl_init_video() | csdl_init_events()) == 0 else {
                throw .videoUnavailable(String(cString: SDL_GetError()))
            }
        }
        // NB: SDL keeps the screensaver off for as long as its video runs; windows hold it off
        // only while they play video (ScreenSaverInhibition).
        SDL_EnableScreenSaver()
        let type = SDL_RegisterEvents(1)
        guard type != UInt32.max else { throw .videoUnavailable("no SDL user event left") }
        wakeEventType = type
        return type
    }
}

/// Holds the screensaver and display sleep off while at least one window plays video: the windows
/// of a process share SDL's one switch, so each says whether it wants it and the last to stop
/// wanting it lets the screen sleep again.
@MainActor
enum ScreenSaverInhibition {
    private static var holders = 0

    /// Counts `window` in (`true`) or out (`false`); SDL's switch flips on the first in and the
    /// last out.
    static func hold(_ holding: Bool, by window: SDLWindowHandle) {
        holders = max(0, holders + (holding ? 1 : -1))
        if holding, holders == 1 {
            SDL_DisableScreenSaver()
        } else if !holding, holders == 0 {
            SDL_EnableScreenSaver()
            X11ScreenSaver.resume(on: window)
        }
    }
}

/// The X server's own screensaver, which SDL holds off where the desktop has no
/// org.freedesktop.ScreenSaver on the session bus (plain window managers, no bus at all).
///
/// NB: SDL 2.26 suspends it then (MIT-SCREEN-SAVER's suspend, on its own connection to the server)
/// but never resumes it: its D-Bus call to let go succeeds for want of anything to let go, so the
/// screen would never blank again while the process lives. The suspension belongs to SDL's
/// connection, so the resume goes through it too. Where SDL held the screensaver off through D-Bus,
/// or resumes it itself (later SDL), the resume finds nothing suspended and does nothing. libXss is
/// looked up at run time, as SDL does, so a machine without it only misses the resume.
@MainActor
enum X11ScreenSaver {
    private typealias Suspend = @convention(c) (OpaquePointer?, Int32) -> Void
    private typealias Flush = @convention(c) (OpaquePointer?) -> Int32

    private static let functions: (suspend: Suspend, flush: Flush)? = {
        guard let xss = dlopen("libXss.so.1", RTLD_NOW | RTLD_LOCAL),
            let x11 = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL),
            let suspend = dlsym(xss, "XScreenSaverSuspend"), let flush = dlsym(x11, "XFlush")
        else { return nil }
        return (unsafeBitCast(suspend, to: Suspend.self), unsafeBitCast(flush, to: Flush.self))
    }()

    /// Lets the X server's screensaver run again for SDL's connection behind `window`; nothing
    /// when the window is not on X11.
    static func resume(on window: SDLWindowHandle) {
        guard let display = csdl_x11_display(window.window), let functions else { return }
        let connection = OpaquePointer(display)
        functions.suspend(connection, 0)
        _ = functions.flush(connection)
    }
}
