/// A node that can hold the keyboard focus: a text field, or a widget marked `focusable()`.
@MainActor
protocol FocusTarget: Node {
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
    func insertText(_ text: String) {}
    func setComposition(_ text: String) {}
    var wantsTextInput: Bool { false }
}

extension Node {
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
