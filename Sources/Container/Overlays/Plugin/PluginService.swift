/// Free-form transient widgets over the video (a "skip intro" button, a volume bubble):
/// `context.plugin`.
///
/// ```swift
/// context.plugin.present(.topTrailing) { SkipIntroButton() }
/// ```
/// One plugin at a time; presenting another replaces it. Escape dismisses it.
///
/// > Important: Main actor only.
public final class PluginService: Service {
    /// The widget shown, where, and how it comes and goes.
    struct Presentation {
        let alignment: Alignment
        let transition: Transition
        let widget: AnyWidget
    }

    /// The animation of presenting and dismissing.
    public var animation = Animation.easeInOut(duration: 0.25)

    @ViewState private(set) var presentation: Presentation?

    /// Whether a plugin is shown.
    public var isBeingPresented: Bool { presentation != nil }

    /// Shows `content` at `alignment` in the player, entering with `transition` when `animated`.
    public func present(
        _ alignment: Alignment = .center, transition: Transition = .opacity, animated: Bool = true,
        @WidgetBuilder content: () -> some Widget
    ) {
        let widget = AnyWidget(content())
        withAnimation(ifAny: animated ? animation : nil) {
            presentation = Presentation(alignment: alignment, transition: transition, widget: widget)
        }
    }

    /// Takes the plugin away.
    public func dismiss(animated: Bool = true) {
        guard presentation != nil else { return }
        withAnimation(ifAny: animated ? animation : nil) { presentation = nil }
    }
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
