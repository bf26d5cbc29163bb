/// A control that runs an action when clicked, as SwiftUI's `Button`.
///
/// ```swift
/// Button("Subscribe") { channel.subscribe() }
/// Button(action: { player.replay() }) { HStack { Symbol(.replay); Text("Replay") } }
/// ```
///
/// On a page it is drawn on a rounded, translucent plate that lightens under the pointer; Tab
/// reaches it and Return or Space press it; a screen reader hears a button named by its label.
/// Inside a ``Menu`` it is one of the menu's rows: highlighted in the ``Widget/tint(_:)`` colour
/// under the pointer, and choosing it runs the action and closes the menu. Inside
/// `.disabled(true)` it is dimmed and does nothing.
public struct Button<Label: Widget>: Widget {
    private let action: @MainActor () -> Void
    private let label: Label

    /// A button showing `label` that runs `action`.
    public init(action: @escaping @MainActor () -> Void, @WidgetBuilder label: () -> Label) {
        self.action = action
        self.label = label()
    }

    public var body: some Widget {
        let action = self.action
        let label = self.label
        EnvironmentReader { environment in
            if let menu = environment.menu {
                MenuRow(isChecked: nil) {
                    action()
                    menu.dismiss()
                } label: {
                    label
                }
            } else {
                PlateButton(action: action) { label }
            }
        }
    }
}

extension Button where Label == Text {
    /// A button titled `title` that runs `action`.
    public init(_ title: String, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

/// A button on a page: its label on a rounded plate that lightens under the pointer.
struct PlateButton<Label: Widget>: Widget {
    static var cornerRadius: Double { 8 }

    let action: @MainActor () -> Void
    /// Keys the button takes while it has the focus, before Return and Space press it.
    let onKeyPress: (@MainActor (KeyPress) -> Bool)?
    let label: Label

    init(
        action: @escaping @MainActor () -> Void, onKeyPress: (@MainActor (KeyPress) -> Bool)? = nil,
        @WidgetBuilder label: () -> Label
    ) {
        self.action = action
        self.onKeyPress = onKeyPress
        self.label = label()
    }

    var body: some Widget {
        let action = self.action
        let onKeyPress = self.onKeyPress
        let label = self.label
        LocalState(false) { isHovered in
            label
                .padding(EdgeInsets(top: 7, leading: 14, bottom: 7, trailing: 14))
                .background(
                    RoundedRectangle(cornerRadius: Self.cornerRadius)
                        .fill(Color(white: 1, alpha: isHovered.wrappedValue ? 0.26 : 0.16))
                )
                .contentShape()
                .onHover { isHovered.wrappedValue = $0 }
                .onTap(perform: action)
                .focusable(onKeyPress: onKeyPress)
                .accessibilityAddTraits(.isButton)
        }
    }
}
