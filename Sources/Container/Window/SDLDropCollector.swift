import CSDL2

/// Gathers SDL's drop events into one ``Drop`` per gesture: the files and text between
/// `SDL_DROPBEGIN` and `SDL_DROPCOMPLETE`, or a lone file or text a platform sends without them.
///
/// > Important: main thread only. It frees the strings SDL allocated for the events it takes.
@MainActor
struct SDLDropCollector {
    /// The entries of the drop under way, `nil` between drops.
    private var entries: [Drop.Entry]?

    /// Takes `event` if it is a drop event.
    ///
    /// - Returns: whether the event was one, and the finished drop when it completed one.
    mutating func take(_ event: SDL_Event) -> (isDrop: Bool, drop: Drop?) {
        switch SDL_EventType(event.type) {
        case SDL_DROPBEGIN:
            entries = []
            return (true, nil)
        case SDL_DROPFILE, SDL_DROPTEXT:
            guard let text = event.drop.file else { return (true, nil) }
            let value = String(cString: text)
            SDL_free(text)
            let entry: Drop.Entry = SDL_EventType(event.type) == SDL_DROPFILE ? .file(value) : .text(value)
            guard entries != nil else { return (true, Drop([entry], modifiers: Self.heldModifiers())) }
            entries?.append(entry)
            return (true, nil)
        case SDL_DROPCOMPLETE:
            defer { entries = nil }
            guard let entries, !entries.isEmpty else { return (true, nil) }
            return (true, Drop(entries, modifiers: Self.heldModifiers()))
        default:
            return (false, nil)
        }
    }

    /// The modifier keys held now, as SDL last saw them.
    ///
    /// NB: while the pointer drags from another program, the window has no keyboard focus; SDL
    /// knows the keys from the last focus or keymap notice it had.
    private static func heldModifiers() -> KeyModifiers {
        SDLInputTranslator.modifiers(SDL_GetModState())
    }
}
