struct PopoverModifier<PopoverContent: Widget>: NodeModifier {
    let isPresented: Binding<Bool>
    let placement: PopupPlacement
    let content: PopoverContent
    /// Whether the content is shown as it is (a menu draws its own card) or on the popover card.
    let decorated: Bool

    func makeNode() -> ModifierNode { PopoverNode() }
}

/// A ``PopoverModifier`` with its content type erased.
@MainActor
protocol AnyPopoverModifier {
    var isPresented: Binding<Bool> { get }
    var placement: PopupPlacement { get }
    var anyContent: any Widget { get }
}

extension PopoverModifier: AnyPopoverModifier {
    var anyContent: any Widget {
        guard decorated else { return content }
        return PopoverCard { content }
    }
}

/// Presents its popover while the binding is `true`: a modal popup above the page next to the
/// widget; a click outside it or Escape closes it and writes `false` back.
@MainActor
final class PopoverNode: ModifierNode {
    private(set) var popup: PopupNode?
    private var isPresented: Binding<Bool>?

    override func update(from widget: any Widget, in tree: WidgetTree) {
        super.update(from: widget, in: tree)
        guard let modified = widget as? any ModifiedWidget,
            let popover = modified.anyModifier as? any AnyPopoverModifier
        else { return }
        isPresented = popover.isPresented
        guard popover.isPresented.wrappedValue else { return close() }
        if let popup {
            if popup.placement != popover.placement {
                popup.placement = popover.placement
                popup.invalidateLayout()
            }
            popup.update(content: popover.anyContent, environment: childEnvironment, in: tree)
            return
        }
        let popup = PopupNode(anchor: self, kind: .modal, placement: popover.placement)
        popup.onDismiss = { [weak self] in
            self?.popup = nil
            self?.isPresented?.wrappedValue = false
        }
        self.popup = popup
        tree.root.present(popup)
        popup.update(content: popover.anyContent, environment: childEnvironment, in: tree)
        // From the keyboard, the popover takes the focus (Escape gives it back).
        if let first = popup.focusTargets.first { tree.requestFocus(first) }
    }

    private func close() {
        guard let popup else { return }
        self.popup = nil
        tree?.root.dismiss(popup, notify: false)
    }

    override func unmount() {
        close()
        super.unmount()
    }
}

/// The card a popover's content sits on, with a margin; content taller than the room there is
/// shows its top.
struct PopoverCard<Content: Widget>: Widget {
    @WidgetBuilder let content: () -> Content

    var body: some Widget {
        content()
            .frame(minHeight: 0, maxHeight: .infinity, alignment: .top)
            .clipped()
            .padding(12)
            .onPopupCard()
    }
}

extension Widget {
    /// Lays the widget on the card of popovers and menus: rounded, dark, lifted by a shadow.
    func onPopupCard() -> some Widget {
        background(RoundedRectangle(cornerRadius: PopupNode.cornerRadius).fill(PopupNode.background))
            .shadow(radius: 8, y: 2)
    }
}

extension Widget {
    /// Shows `content` in a popover next to the widget while `isPresented` is `true`, as
    /// SwiftUI's `popover(isPresented:arrowEdge:content:)`: above everything else on the page,
    /// on the `arrowEdge` side of the widget (or the other side when that has more room and the
    /// popover does not fit there), kept on the screen, and as large as its content wants but no
    /// larger than the room there is (put a long list in a `ScrollView`).
    ///
    /// While it shows, it is modal: a click outside it closes it and does nothing else; Escape
    /// closes it; Tab and the arrow keys move the focus only among its widgets, and other keys
    /// go to its widgets alone. Opened from the keyboard, it takes the focus; when it closes, the
    /// focus goes back to the widget that had it. Closing it sets `isPresented` to `false`; it
    /// also closes when the widget goes away, is hidden or is disabled. A screen reader finds it
    /// after the rest of the page.
    public func popover(
        isPresented: Binding<Bool>, arrowEdge: Edge = .bottom, @WidgetBuilder content: () -> some Widget
    ) -> some Widget {
        modifier(
            PopoverModifier(
                isPresented: isPresented, placement: PopupPlacement(edge: arrowEdge), content: content(),
                decorated: true))
    }
}
