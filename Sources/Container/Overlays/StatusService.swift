/// How the player is shown: embedded in a page, filling the screen, or a vertical feed.
public enum ScreenStatus: Hashable, Sendable, CaseIterable {
    /// Embedded in a larger page (the YouTube watch page with content below).
    case halfScreen
    /// Filling the window or the screen.
    case fullScreen
    /// Full height in portrait orientation (a TikTok-like feed).
    case portrait
}

/// The screen status of the player: `context.status`.
///
/// The control overlay shows the widgets configured for the current status; a window follows
/// ``status`` to enter or leave real fullscreen.
///
/// > Important: Main actor only.
public final class StatusService: Service {
    /// The current status; widgets reading it redraw when it changes.
    @ViewState public private(set) var status = ScreenStatus.halfScreen
    private let observers = Observers<ScreenStatus>()

    /// Moves to `status`, telling observers when it changed.
    public func change(to status: ScreenStatus) {
        guard status != self.status else { return }
        self.status = status
        observers(status)
    }

    /// Fills the screen.
    public func toFullScreen() { change(to: .fullScreen) }

    /// Goes back to the embedded, half-screen layout.
    public func toHalfScreen() { change(to: .halfScreen) }

    /// Switches to the portrait layout.
    public func toPortrait() { change(to: .portrait) }

    /// Calls `handler` with the new status after every change.
    @discardableResult
    public func observe(_ handler: @escaping @MainActor (ScreenStatus) -> Void) -> ObservationToken {
        let id = observers.add(handler)
        return ObservationToken { [weak self] in self?.observers.remove(id) }
    }
}
