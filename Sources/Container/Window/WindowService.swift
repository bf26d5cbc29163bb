/// The window that shows this context's widgets, as services see it: `context.window`.
///
/// A widget or service that should end the app — a quit key, a close button — asks here instead of
/// holding the ``PlayerWindow``:
/// ```swift
/// Symbol(.close).onTap { context.window.quit() }
/// ```
/// > Important: Main actor only.
public final class WindowService: Service {
    /// The window whose loop runs this context's widgets; set while it is open.
    weak var window: PlayerWindow?

    /// Whether a window is open on this context.
    public var isOpen: Bool { window != nil }

    /// Ends the running ``PlayerWindow/run()`` after the current loop iteration, as closing the window
    /// does; nothing happens while no window is open.
    public func quit() {
        window?.quit()
    }
}
