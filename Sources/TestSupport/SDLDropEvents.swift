import CSDL2
import VideoPlayerContainer

/// Queues on SDL's event queue what SDL sends when the desktop drops things onto a window: a
/// begin, a file or text event per entry (each string allocated as SDL allocates it, for the
/// window to free) and a complete.
@MainActor
public enum SDLDropEvents {
    /// Queues one drop of `entries`; returns whether SDL took every event.
    @discardableResult
    public static func push(_ entries: [Drop.Entry]) -> Bool {
        var taken = push(SDL_DROPBEGIN)
        for entry in entries {
            switch entry {
            case .file(let path): taken = push(SDL_DROPFILE, path) && taken
            case .text(let text): taken = push(SDL_DROPTEXT, text) && taken
            }
        }
        return push(SDL_DROPCOMPLETE) && taken
    }

    /// Makes SDL take `modifiers` as the keys held now (what a window reads when a drop lands);
    /// `[]` releases them. The state is SDL's, for the whole process.
    public static func hold(_ modifiers: KeyModifiers) {
        var state = KMOD_NONE.rawValue
        if modifiers.contains(.shift) { state |= KMOD_LSHIFT.rawValue }
        if modifiers.contains(.control) { state |= KMOD_LCTRL.rawValue }
        if modifiers.contains(.option) { state |= KMOD_LALT.rawValue }
        if modifiers.contains(.command) { state |= KMOD_LGUI.rawValue }
        SDL_SetModState(SDL_Keymod(rawValue: state))
    }

    private static func push(_ type: SDL_EventType, _ text: String? = nil) -> Bool {
        var event = SDL_Event()
        event.type = type.rawValue
        event.drop.file = text.map { SDL_strdup($0) }
        return SDL_PushEvent(&event) == 1
    }
}
