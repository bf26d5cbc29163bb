/// An input handler attached with `onTap`, `onDoubleTap`, `onDrag`, `onHover`, `onScroll`,
/// `onKeyPress`, `onPointer` or `onInteraction`.
struct GestureModifier: NodeModifier {
    enum Handler {
        case tap(@MainActor () -> Void)
        case doubleTap(@MainActor () -> Void)
        case drag(@MainActor (DragValue) -> Void)
        case hover(@MainActor (Bool) -> Void)
        /// Returns whether the widget took the scroll; if not, it goes on to the widgets around.
        case scroll(@MainActor (ScrollValue) -> Bool)
        case keyPress(@MainActor (KeyPress) -> Bool)
        case pointer(@MainActor (PointerValue) -> Void)
        case interaction(@MainActor () -> Void)
        case focusChange(@MainActor (Bool) -> Void)
    }

    let handler: Handler

    func makeNode() -> ModifierNode { GestureNode() }
}

/// Holds one input handler; the host finds it by walking up from the node under the pointer.
@MainActor
final class GestureNode: ModifierNode {
    private(set) var handler: GestureModifier.Handler?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        handler = (modifier as? GestureModifier)?.handler
    }

    /// The action of an `onTap` or `onDoubleTap` handler: what Return on a focused widget and a
    /// screen reader's "activate" run.
    var tapAction: (@MainActor () -> Void)? {
        switch handler {
        case .tap(let action)?, .doubleTap(let action)?: action
        default: nil
        }
    }
}

extension Widget {
    /// Runs `action` when the widget is clicked; waits out the double-tap interval first if the
    /// widget also has `onDoubleTap`.
    public func onTap(perform action: @escaping @MainActor () -> Void) -> some Widget {
        modifier(GestureModifier(handler: .tap(action)))
    }

    /// Runs `action` on two clicks within the double-tap interval.
    public func onDoubleTap(perform action: @escaping @MainActor () -> Void) -> some Widget {
        modifier(GestureModifier(handler: .doubleTap(action)))
    }

    /// Reports a drag once the pointer moved a few points with the button down, then every move and the release.
    public func onDrag(perform action: @escaping @MainActor (DragValue) -> Void) -> some Widget {
        modifier(GestureModifier(handler: .drag(action)))
    }

    /// Reports `true` when the pointer enters the widget and `false` when it leaves.
    public func onHover(perform action: @escaping @MainActor (Bool) -> Void) -> some Widget {
        modifier(GestureModifier(handler: .hover(action)))
    }

    /// Reports wheel and touchpad scrolls over the widget.
    public func onScroll(perform action: @escaping @MainActor (ScrollValue) -> Void) -> some Widget {
        modifier(
            GestureModifier(
                handler: .scroll { value in
                    action(value)
                    return true
                }))
    }

    /// Offers wheel and touchpad scrolls over the widget to `action`, which returns whether it took
    /// the scroll; one it declines goes on to the widgets (and scroll views) around.
    func onScrollIfHandled(perform action: @escaping @MainActor (ScrollValue) -> Bool) -> some Widget {
        modifier(GestureModifier(handler: .scroll(action)))
    }

    /// Reports the raw pointer over the widget: presses, moves and releases (captured from the press
    /// to the release), and moves without a button; for widgets that recognise their own gestures.
    ///
    /// A press goes to the innermost widget with `onTap`, `onDoubleTap`, `onDrag` or `onPointer`.
    public func onPointer(perform action: @escaping @MainActor (PointerValue) -> Void) -> some Widget {
        modifier(GestureModifier(handler: .pointer(action)))
    }

    /// Runs `action` whenever the user presses, drags, releases or scrolls inside the widget,
    /// without taking the event from the widgets inside (a control bar that stays up while used).
    public func onInteraction(perform action: @escaping @MainActor () -> Void) -> some Widget {
        modifier(GestureModifier(handler: .interaction(action)))
    }

    /// Reports `true` when the keyboard focus enters the widget (it or a widget inside takes it)
    /// and `false` when it leaves, or the widget holding it goes away.
    public func onFocusChange(perform action: @escaping @MainActor (Bool) -> Void) -> some Widget {
        modifier(GestureModifier(handler: .focusChange(action)))
    }

    /// Runs `action` on Escape and lets every other key go on: how a panel closes. With the focus
    /// inside the widget, Escape reaches it before it takes the focus away.
    func onEscape(perform action: @escaping @MainActor () -> Void) -> some Widget {
        onKeyPress { press in
            guard press.key == .escape else { return false }
            action()
            return true
        }
    }

    /// Offers key presses to `action` (topmost widgets first) until one returns `true`.
    public func onKeyPress(perform action: @escaping @MainActor (KeyPress) -> Bool) -> some Widget {
        modifier(GestureModifier(handler: .keyPress(action)))
    }
}
