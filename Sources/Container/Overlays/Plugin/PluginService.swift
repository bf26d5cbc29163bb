/// Free-form transient widgets over the video (a "skip intro" button, a volume bubble):
/// `context.plugin`.
///
/// ```swift
/// context.plugin.present(.topTrailing) { SkipIntroButton() }
/// ```
/// One plugin at a time; presenting another replaces it. Escape dismisses it. A service that takes
/// its own plugin away later keeps what ``present(_:transition:animated:content:)`` returns, so that it
/// never takes away one presented since:
/// ```swift
/// let shown = context.plugin.present(.bottomLeading) { SkipIntroButton() }
/// context.plugin.dismiss(shown)   // only if it is still the one shown
/// ```
///
/// > Important: Main actor only.
public final class PluginService: Service {
    /// The widget shown, where, and how it comes and goes.
    struct Presentation {
        let id: PluginPresentationID
        let alignment: Alignment
        let transition: Transition
        let widget: AnyWidget
    }

    /// The animation of presenting and dismissing.
    public var animation = Animation.easeInOut(duration: 0.25)

    @ViewState private(set) var presentation: Presentation?
    private var presentations = 0

    /// Whether a plugin is shown.
    public var isBeingPresented: Bool { presentation != nil }

    /// Shows `content` at `alignment` in the player, entering with `transition` when `animated`.
    ///
    /// - Returns: this presentation, for ``dismiss(_:animated:)``.
    @discardableResult
    public func present(
        _ alignment: Alignment = .center, transition: Transition = .opacity, animated: Bool = true,
        @WidgetBuilder content: () -> some Widget
    ) -> PluginPresentationID {
        let widget = AnyWidget(content())
        presentations += 1
        let id = PluginPresentationID(rawValue: presentations)
        withAnimation(ifAny: animated ? animation : nil) {
            presentation = Presentation(id: id, alignment: alignment, transition: transition, widget: widget)
        }
        return id
    }

    /// Whether `id`'s plugin is the one shown.
    public func isPresenting(_ id: PluginPresentationID) -> Bool { presentation?.id == id }

    /// Takes `id`'s plugin away if it is still the one shown; another presented since stays.
    public func dismiss(_ id: PluginPresentationID, animated: Bool = true) {
        guard isPresenting(id) else { return }
        dismiss(animated: animated)
    }

    /// Takes the plugin away.
    public func dismiss(animated: Bool = true) {
        guard presentation != nil else { return }
        withAnimation(ifAny: animated ? animation : nil) { presentation = nil }
    }
}

/// One presentation of ``PluginService``: what ``PluginService/present(_:transition:animated:content:)``
/// returns.
public struct PluginPresentationID: Hashable, Sendable {
    let rawValue: Int
}

/// The overlay of `context.plugin`.
public struct PluginOverlay: Widget {
    /// Creates the overlay; ``PlayerWidget`` makes it for you.
    public init() {}

    /// The overlay's content, rebuilt when the state it reads changes.
    public var body: some Widget {
        WithService(PluginService.self) { plugin in
            if let presentation = plugin.presentation {
                presentation.widget
                    .onEscape { plugin.dismiss() }
                    .transition(presentation.transition)
                    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: presentation.alignment)
            }
        }
    }
}
