/// A button that opens a list of actions, as SwiftUI's `Menu`.
///
/// ```swift
/// Menu("Share") {
///     Button("Copy link") { share.copyLink() }
///     Button("Copy link at current time") { share.copyLink(at: player.currentTime) }
/// }
/// ```
///
/// A click (or Return, Space or Down while it has the focus) opens the list under the button,
/// at least as wide as it, above the whole page (see ``Widget/popover(isPresented:arrowEdge:content:)``
/// for how the list sits on the screen and takes input). The ``Button``s inside are its rows;
/// choosing one runs its action and closes the menu. A list too long for the room there is
/// scrolls. Opened from the keyboard, the first row has the focus; Up and Down move along the
/// rows, Escape closes the menu and gives the focus back to the button. A screen reader hears a
/// button, then the rows as menu items.
public struct Menu<Label: Widget, Content: Widget>: Widget {
    private let label: Label
    private let content: Content

    /// A menu of `content` (buttons) opened by a button showing `label`.
    public init(@WidgetBuilder content: () -> Content, @WidgetBuilder label: () -> Label) {
        self.content = content()
        self.label = label()
    }

    public var body: some Widget {
        let label = self.label
        let content = self.content
        LocalState(false) { isOpen in
            MenuButton(isOpen: isOpen) {
                label
            } list: {
                content
            }
        }
    }
}

extension Menu where Label == Text {
    /// A menu of `content` (buttons) opened by a button titled `title`.
    public init(_ title: String, @WidgetBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// Closes the menu a list belongs to; the buttons of the list find it in their environment.
@MainActor
final class MenuPresentation {
    let dismiss: @MainActor () -> Void

    init(dismiss: @escaping @MainActor () -> Void) {
        self.dismiss = dismiss
    }
}

/// The button of a menu (or a picker): its label and a chevron on a plate, opening `list` below it;
/// the chevron points up while the list is open.
struct MenuButton<Label: Widget, List: Widget>: Widget {
    static var placement: PopupPlacement {
        PopupPlacement(edge: .bottom, alignsLeading: true, matchesAnchorWidth: true)
    }

    let isOpen: Binding<Bool>
    let label: Label
    let list: List

    init(isOpen: Binding<Bool>, @WidgetBuilder label: () -> Label, @WidgetBuilder list: () -> List) {
        self.isOpen = isOpen
        self.label = label()
        self.list = list()
    }

    var body: some Widget {
        let isOpen = self.isOpen
        let presentation = MenuPresentation { isOpen.wrappedValue = false }
        PlateButton {
            isOpen.wrappedValue.toggle()
        } onKeyPress: { press in
            guard press.key == .downArrow, !isOpen.wrappedValue else { return false }
            isOpen.wrappedValue = true
            return true
        } label: {
            HStack(spacing: 8) {
                label
                Symbol(isOpen.wrappedValue ? .chevronUp : .chevronDown).font(.caption)
            }
        }
        .modifier(
            PopoverModifier(
                isPresented: isOpen, placement: Self.placement,
                content: MenuList(presentation: presentation) { list }, decorated: false))
    }
}

/// The list of an open menu: its rows on a card, scrolling when there is not room for all.
struct MenuList<Content: Widget>: Widget {
    let presentation: MenuPresentation
    let content: Content

    init(presentation: MenuPresentation, @WidgetBuilder content: () -> Content) {
        self.presentation = presentation
        self.content = content()
    }

    var body: some Widget {
        ScrollView(.vertical) {
            VStack(alignment: .leading, spacing: 0) { content }
                .padding(EdgeInsets(vertical: 6))
        }
        .modifier(EnvironmentModifier(change: .menu(presentation)))
        // NB: the rows are clipped to the card's corners, a highlighted first or last row too.
        .cornerRadius(PopupNode.cornerRadius)
        .onPopupCard()
    }
}

/// One row of a menu: its label across the menu's width, highlighted in the tint under the
/// pointer; a picker's rows keep a column for the check mark of the chosen one.
struct MenuRow<Label: Widget>: Widget {
    static var height: Double { 30 }

    /// `nil` for a menu's action; whether the row is the chosen one for a picker's option.
    let isChecked: Bool?
    let action: @MainActor () -> Void
    let label: Label

    init(isChecked: Bool?, action: @escaping @MainActor () -> Void, @WidgetBuilder label: () -> Label) {
        self.isChecked = isChecked
        self.action = action
        self.label = label()
    }

    var body: some Widget {
        let isChecked = self.isChecked
        let action = self.action
        let label = self.label
        LocalState(false) { isHovered in
            HStack(spacing: 8) {
                if let isChecked {
                    Symbol(.checkmark).font(.caption).opacity(isChecked ? 1 : 0)
                }
                // NB: not a Spacer: the stack would offer the label half the width left.
                label.frame(maxWidth: .infinity, alignment: .leading)
            }
            .padding(EdgeInsets(horizontal: 12))
            .frame(minHeight: Self.height)
            .background(MenuRowHighlight(isOn: isHovered.wrappedValue))
            .contentShape()
            .onHover { isHovered.wrappedValue = $0 }
            .onTap(perform: action)
            .focusable()
            // Opened from the keyboard, a picker's list starts at the chosen option.
            .prefersDefaultFocus(isChecked == true)
            .accessibilityRole(.menuItem)
            .accessibilityAddTraits(isChecked == true ? .isSelected : [])
        }
    }
}

/// The tint behind the row under the pointer.
struct MenuRowHighlight: Widget {
    let isOn: Bool

    var body: some Widget {
        if isOn {
            StyledShape(shape: Rectangle(), style: .fillTint)
        }
    }
}
