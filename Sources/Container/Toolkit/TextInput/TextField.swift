/// A one-line field the user types into, bound to a string.
///
/// ```swift
/// TextField("Search", text: search.binding(\.query))
///     .onSubmit { search.run() }
/// SecureField("Password", text: login.binding(\.password))
/// ```
/// A click focuses the field and puts the caret under the pointer; a drag selects, a double click
/// selects a word. While focused it takes every key but Tab (next field) and Escape (leave the
/// field), so typing never reaches the player's shortcuts: arrows (control: by word; shift:
/// selecting), Home, End, Backspace and Delete (control: a word), control+A/C/X/V/Z (select all,
/// copy, cut, paste, undo) and Return (`onSubmit`). The input method's composition shows
/// underlined at the caret. Text is drawn in the environment's font and colour; the placeholder
/// is shown, dimmed, while the field is empty.
public struct TextField: PrimitiveWidget {
    let placeholder: String
    let text: Binding<String>
    var isSecure = false
    var onSubmit: (@MainActor () -> Void)?

    /// A field showing `placeholder` while `text` is empty.
    public init(_ placeholder: String, text: Binding<String>) {
        self.placeholder = placeholder
        self.text = text
    }

    /// Runs `action` when the user presses Return in the field.
    public func onSubmit(_ action: @escaping @MainActor () -> Void) -> TextField {
        var field = self
        field.onSubmit = action
        return field
    }

    func makeNode() -> Node { TextFieldNode() }
}

/// A ``TextField`` that shows a dot for each character and does not copy or cut.
public struct SecureField: Widget {
    private var field: TextField

    /// A secure field showing `placeholder` while `text` is empty.
    public init(_ placeholder: String, text: Binding<String>) {
        var field = TextField(placeholder, text: text)
        field.isSecure = true
        self.field = field
    }

    /// Runs `action` when the user presses Return in the field.
    public func onSubmit(_ action: @escaping @MainActor () -> Void) -> SecureField {
        var secure = self
        secure.field = field.onSubmit(action)
        return secure
    }

    public var body: some Widget { field }
}
