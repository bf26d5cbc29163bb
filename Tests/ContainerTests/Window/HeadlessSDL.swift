import CSDL2
import Foundation
import Testing

/// SDL for tests of the real window loop: its headless drivers, and input queued on its event queue as a
/// user's mouse makes it.
@MainActor
enum HeadlessSDL {
    /// Points SDL at its headless drivers unless the environment chose others.
    ///
    /// `make test` sets these; a bare `swift test` must not open a real display or sound card either.
    static func useDrivers() {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        setenv("SDL_AUDIODRIVER", "dummy", 0)
    }

    /// Queues a press or a release of the left button at (`x`, `y`) points of window `windowID`
    /// (0: the window SDL finds for it).
    static func pushMouseButton(_ type: SDL_EventType, x: Int32, y: Int32, windowID: UInt32 = 0) throws {
        var event = SDL_Event()
        event.type = type.rawValue
        event.button.windowID = windowID
        event.button.button = UInt8(SDL_BUTTON_LEFT)
        event.button.x = x
        event.button.y = y
        event.button.state = UInt8(type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED)
        try #require(SDL_PushEvent(&event) == 1)
    }

    /// Queues a left click (press and release) at (`x`, `y`) of window `windowID`.
    static func pushClick(x: Int32, y: Int32, windowID: UInt32 = 0) throws {
        try pushMouseButton(SDL_MOUSEBUTTONDOWN, x: x, y: y, windowID: windowID)
        try pushMouseButton(SDL_MOUSEBUTTONUP, x: x, y: y, windowID: windowID)
    }

    /// Queues the pointer moving to (`x`, `y`) of window `windowID` with no button down.
    static func pushMouseMotion(x: Int32, y: Int32, windowID: UInt32) throws {
        var event = SDL_Event()
        event.type = SDL_MOUSEMOTION.rawValue
        event.motion.windowID = windowID
        event.motion.x = x
        event.motion.y = y
        try #require(SDL_PushEvent(&event) == 1)
    }

    /// Queues the window manager asking window `windowID` to close, as its close button does.
    static func pushWindowClose(windowID: UInt32) throws {
        var event = SDL_Event()
        event.type = SDL_WINDOWEVENT.rawValue
        event.window.windowID = windowID
        event.window.event = UInt8(SDL_WINDOWEVENT_CLOSE.rawValue)
        try #require(SDL_PushEvent(&event) == 1)
    }

    /// Queues a press of the key `code` (an `SDLK_` value), as a keyboard sends it to the window
    /// `windowID` (0: the one SDL takes for events that name none).
    static func pushKey(_ code: SDL_KeyCode, windowID: UInt32 = 0) throws {
        var event = SDL_Event()
        event.type = SDL_KEYDOWN.rawValue
        event.key.windowID = windowID
        event.key.state = UInt8(SDL_PRESSED)
        event.key.keysym.sym = SDL_Keycode(code.rawValue)
        try #require(SDL_PushEvent(&event) == 1)
    }
}
