/// A node that can hold the keyboard focus: a text field, or a widget marked `focusable()`.
@MainActor
protocol FocusTarget: Node {
    /// Whether Tab may give the node the focus now.
    var acceptsFocus: Bool { get }
    /// Whether a click on the node gives it the focus (a text field), or leaves none (a button).
    var takesFocusOnClick: Bool { get }
    /// Called when the node gains or loses the focus.
    func focusDidChange(_ isFocused: Bool)
    /// Offered each key first while the node has the focus; `true` keeps it from everyone else.
    func handleFocusedKey(_ press: KeyPress) -> Bool
    /// Text typed while the node has the focus.
    func insertText(_ text: String)
    /// The input method's composition while the node has the focus (empty when it ends).
    func setComposition(_ text: String)
    /// Whether the window should run the input method and send typed text.
    var wantsTextInput: Bool { get }
}

extension FocusTarget {
    var acceptsFocus: Bool { true }
    var takesFocusOnClick: Bool { false }
    func insertText(_ text: String) {}
    func setComposition(_ text: String) {}
    var wantsTextInput: Bool { false }
}

extension Node {
    /// The nodes at or below this one that Tab can give the focus to now, in drawing order;
    /// subtrees that take no input are skipped.
    var focusTargets: [any FocusTarget] {
        descendants(entering: \.acceptsInput) { node in
            (node as? any FocusTarget).flatMap { $0.acceptsFocus ? $0 : nil }
        }
    }

    /// Whether the node is still in its tree and it and all its ancestors take input: it can keep
    /// or take the focus.
    var canTakeFocus: Bool {
        guard let root = tree?.root else { return false }
        var node: Node = self
        while node !== root {
            guard node.acceptsInput, let parent = node.parent,
                parent.children.contains(where: { $0 === node })
            else { return false }
            node = parent
        }
        return true
    }
}
