import CSDL2

/// A second window that a ``PlayerWindow``'s loop runs beside its own — its events, its due work
/// and its presents — such as the picture in picture window. It shows widgets of the same context.
///
/// > Important: main thread only. Made and closed by ``PlayerWindow/openCompanion(title:size:style:root:)``
/// > and ``PlayerWindow/closeCompanion(_:)``.
@MainActor
final class CompanionWindow {
    let scene: WindowScene
    /// Called when the user asks the window manager to close the window; the owner decides.
    var onCloseRequest: (() -> Void)?
    /// Called once when the window has closed, by its owner or with the main window.
    var onClose: (() -> Void)?

    init(scene: WindowScene) {
        self.scene = scene
    }

    /// SDL's number for the window, which its events carry.
    var id: UInt32 { scene.window.id }
}

extension SDL_Event {
    /// The window an input or window event is for; `nil` for events of no window, and 0 when SDL
    /// did not say (events queued by hand).
    var windowID: UInt32? {
        switch SDL_EventType(type) {
        case SDL_WINDOWEVENT: window.windowID
        case SDL_KEYDOWN, SDL_KEYUP: key.windowID
        case SDL_TEXTINPUT: text.windowID
        case SDL_TEXTEDITING: edit.windowID
        case SDL_MOUSEMOTION: motion.windowID
        case SDL_MOUSEBUTTONDOWN, SDL_MOUSEBUTTONUP: button.windowID
        case SDL_MOUSEWHEEL: wheel.windowID
        case SDL_DROPFILE, SDL_DROPTEXT, SDL_DROPBEGIN, SDL_DROPCOMPLETE: drop.windowID
        default: nil
        }
    }

    /// Whether this is the window manager asking window `id` to close.
    func isCloseRequest(for id: UInt32) -> Bool {
        SDL_EventType(type) == SDL_WINDOWEVENT && window.windowID == id
            && UInt32(window.event) == SDL_WINDOWEVENT_CLOSE.rawValue
    }
}
