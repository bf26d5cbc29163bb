struct HelpModifier: NodeModifier {
    let text: String

    func makeNode() -> ModifierNode { HelpNode() }
}

/// Shows its widget's help text in a tooltip: once the pointer has rested on the widget for
/// ``delay`` seconds, or at once when the keyboard moves the focus into it; gone when the pointer
/// leaves, the focus leaves, or a click, key or wheel comes. The host tells it of the pointer and
/// the focus (see `WidgetHost.updateHelp(chain:)`).
@MainActor
final class HelpNode: ModifierNode {
    /// How long the pointer rests on a widget before its tooltip shows.
    static let delay = 0.6
    /// The widest a tooltip grows before its text wraps.
    static let maximumWidth = 280.0

    private(set) var text = ""
    private var timer: TimerToken?
    private(set) var tooltip: PopupNode?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let help = modifier as? HelpModifier, help.text != text else { return }
        text = help.text
        tooltip?.update(content: Tooltip(text: text), environment: childEnvironment, in: tree)
    }

    /// The pointer came to rest on the widget: the tooltip shows after the delay.
    func pointerEntered() {
        guard tooltip == nil, timer == nil, let tree else { return }
        timer = tree.clock.schedule(after: Self.delay) { [weak self] in
            self?.timer = nil
            self?.show()
        }
    }

    /// Shows the tooltip now.
    func show() {
        timer?.cancel()
        timer = nil
        guard tooltip == nil, !text.isEmpty, let tree, canTakeFocus else { return }
        let popup = PopupNode(
            anchor: self, kind: .passive,
            placement: PopupPlacement(edge: .bottom, maximumWidth: Self.maximumWidth))
        popup.onDismiss = { [weak self] in self?.tooltip = nil }
        tooltip = popup
        tree.root.present(popup)
        popup.update(content: Tooltip(text: text), environment: childEnvironment, in: tree)
    }

    /// Takes the tooltip away, or stops it from showing.
    func hide() {
        timer?.cancel()
        timer = nil
        guard let tooltip else { return }
        self.tooltip = nil
        tree?.root.dismiss(tooltip, notify: false)
    }

    override func unmount() {
        hide()
        super.unmount()
    }
}

/// The help text on a small dark label; a screen reader has it as the widget's hint instead.
struct Tooltip: Widget {
    let text: String

    var body: some Widget {
        Text(text)
            .font(.callout)
            .foregroundColor(.white)
            .padding(EdgeInsets(horizontal: 8, vertical: 5))
            .background(RoundedRectangle(cornerRadius: 6).fill(Color(white: 0.08, alpha: 0.94)))
            .accessibilityHidden(true)
    }
}

extension WidgetHost {
    /// Tells the help of the widgets under the pointer (`chain`, innermost first) that the pointer
    /// rests there: the innermost shows its tooltip after the delay; one the pointer left hides it.
    func updateHelp(chain: [Node]) {
        let help = chain.lazy.compactMap { $0 as? HelpNode }.first
        guard help !== gestures.hoveredHelp else { return }
        gestures.hoveredHelp?.hide()
        gestures.hoveredHelp = help
        help?.pointerEntered()
    }

    /// Shows the help around a widget the keyboard gave the focus to, and hides the help the
    /// focus left.
    func updateHelp(focused: Node?) {
        let help = tree.usesKeyboard ? focused?.ancestry.lazy.compactMap { $0 as? HelpNode }.first : nil
        if let previous = gestures.focusedHelp, previous !== help { previous.hide() }
        gestures.focusedHelp = help
        help?.show()
    }

    /// Takes every tooltip away, and stops one from showing: a click, a key or the wheel came.
    func hideTooltips() {
        gestures.hoveredHelp?.hide()
        gestures.focusedHelp?.hide()
        for popup in tree.root.popups where popup.kind == .passive {
            tree.root.dismiss(popup, notify: true)
        }
    }
}

extension Widget {
    /// Explains the widget in a tooltip, as SwiftUI's `help(_:)`: it shows under the widget once
    /// the pointer has rested on it for a moment (or at once when Tab brings the focus to it),
    /// above the whole page and kept on the screen, its text wrapped past 280 points; it goes
    /// when the pointer or the focus leaves, or at a click, a key or the wheel. A screen reader
    /// hears the text as the widget's hint.
    public func help(_ text: String) -> some Widget {
        accessibilityHint(text).modifier(HelpModifier(text: text))
    }
}
