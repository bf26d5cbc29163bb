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
    weak var window: PlayerWindow? {
        didSet { loopWaker.set(window?.waker) }
    }

    /// Wakes the window's loop from any thread, whether a window is open yet or not.
    ///
    /// A worker that hands its results to the main actor (`Task { @MainActor in ... }`) wakes the
    /// loop afterwards, so they are shown at once instead of at the loop's next event. Take it on
    /// the main actor and keep it on the worker: it reaches whichever window is open when
    /// ``WindowLoopWaker/wake()`` is called, and does nothing while none is.
    public nonisolated let loopWaker = WindowLoopWaker()

    /// Whether a window is open on this context.
    public var isOpen: Bool { window != nil }

    /// Ends the running ``PlayerWindow/run()`` after the current loop iteration, as closing the window
    /// does; nothing happens while no window is open.
    public func quit() {
        window?.quit()
    }
}

/// What ``WindowService/loopWaker`` is: a waker that may be taken before the window opens and
/// called from any thread.
public final class WindowLoopWaker: Sendable {
    private let waker = Locked<WindowWaker?>(nil)

    nonisolated init() {}

    func set(_ waker: WindowWaker?) { self.waker.withLock { $0 = waker } }

    /// Ends the open window's current sleep, so its next iteration runs now; nothing while no
    /// window is open.
    public func wake() { waker.withLock { $0 }?.wake() }
}
