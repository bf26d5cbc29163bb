/// The in-window mini player, as YouTube's: while the app shows another page, the video goes on in
/// a small card in a corner of the window, with its title, play or pause, and close; a tap on the
/// picture brings the app back to the player's page.
///
/// ```swift
/// try context.miniPlayer.show { router.open(.watch) }  // leaving the watch page
/// context.miniPlayer.hide()  // the watch page shows the player again
/// ```
/// The card is drawn by a ``MiniPlayerOverlay`` around the app's pages. It shows the render
/// service's player itself: nothing reopens, the position and the sound go on.
///
/// > Important: Main actor only; created by the context.
public final class MiniPlayerService: Service {
    /// Whether the card shows.
    @ViewState public private(set) var isActive = false
    /// The card's width in points; it is held between 160 and 640 (a value that is not a number
    /// gives 320).
    @ViewState public var width = 320.0
    /// Which corner (or edge) of the window the card sits in.
    @ViewState public var alignment = Alignment.bottomTrailing

    private var onExpand: (@MainActor () -> Void)?

    /// The widths a card can have.
    static let widths = 160.0...640.0

    /// The card's width as shown: ``width`` held to 160…640 points.
    var shownWidth: Double {
        width.isNaN ? 320 : min(max(width, Self.widths.lowerBound), Self.widths.upperBound)
    }

    /// Shows the card; `onExpand` runs when the user taps its picture, to bring back the page the
    /// player belongs on. Shown already, the card stays and takes the new `onExpand`.
    ///
    /// - Throws: ``ContainerError/miniPlayerUnavailable(_:)`` while nothing is loaded.
    public func show(onExpand: @escaping @MainActor () -> Void = {}) throws(ContainerError) {
        guard let render = context?.render, render.item != nil else {
            throw .miniPlayerUnavailable("nothing is loaded")
        }
        self.onExpand = onExpand
        isActive = true
    }

    /// Hides the card and runs the `onExpand` given to ``show(onExpand:)``: what a tap on its
    /// picture does.
    public func expand() {
        guard isActive else { return }
        let action = onExpand
        hide()
        action?()
    }

    /// Hides the card and pauses: its close button.
    public func close() {
        guard isActive else { return }
        context?.render.pause()
        hide()
    }

    /// Hides the card, the player playing on as it was (the app shows it elsewhere now).
    public func hide() {
        onExpand = nil
        isActive = false
    }
}

extension Context {
    /// The in-window mini player of this context's player; see ``MiniPlayerService``.
    public var miniPlayer: MiniPlayerService { self[MiniPlayerService.self] }
}
