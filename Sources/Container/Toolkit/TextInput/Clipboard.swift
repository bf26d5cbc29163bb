import CSDL2
import VideoPlayerRender

/// The text on the desktop's clipboard: SDL's when live, a private one in tests.
public struct Clipboard: Sendable {
    /// The text on the clipboard, or `nil` when it holds none.
    public var read: @MainActor @Sendable () -> String?
    /// Puts `text` on the clipboard.
    public var write: @MainActor @Sendable (String) -> Void

    /// A clipboard that reads and writes through the given functions.
    public init(
        read: @escaping @MainActor @Sendable () -> String?,
        write: @escaping @MainActor @Sendable (String) -> Void
    ) {
        self.read = read
        self.write = write
    }

    /// The desktop's clipboard, through SDL (empty until a window's video subsystem runs).
    public static let live = Clipboard(
        read: {
            guard SDL_HasClipboardText() == SDL_TRUE, let pointer = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(pointer) }
            return String(
                decoding: UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)), as: UTF8.self)
        },
        write: { text in _ = SDL_SetClipboardText(text) })

    /// A clipboard of its own, shared by the copies of this value.
    public static func inMemory() -> Clipboard {
        let text = Locked<String?>(nil)
        return Clipboard(read: { text.withLock { $0 } }, write: { value in text.withLock { $0 = value } })
    }
}

/// The `clipboard` dependency: the desktop's when live, a private one in tests.
public enum ClipboardKey: DependencyKey {
    public static var liveValue: Clipboard { .live }
    public static var testValue: Clipboard { .inMemory() }
}

extension DependencyValues {
    /// Where text fields copy, cut and paste.
    public var clipboard: Clipboard {
        get { self[ClipboardKey.self] }
        set { self[ClipboardKey.self] = newValue }
    }
}
