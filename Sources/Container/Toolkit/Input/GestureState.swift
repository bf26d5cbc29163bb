/// What the host remembers between input events: the press in progress, a tap waiting for its
/// possible second click, and the widgets under the pointer.
@MainActor
struct GestureState {
    /// A button press from down to up.
    struct Press {
        /// The widget's tap handlers (`onTap` and/or `onDoubleTap`) found under the press; dropped
        /// when the press scrolls or stops scrolling content.
        var taps: TapHandlers?
        /// The `onDrag` widgets and scroll views under the press, innermost first: the first that
        /// takes the drag's direction gets it.
        var dragCandidates: [Node] = []
        /// The `onDrag` widget that got the drag.
        weak var dragNode: GestureNode?
        /// The scroll view whose content the drag moves.
        weak var scrollNode: ScrollNode?
        /// The `onPointer` widget that captured the press, if it was the innermost handler.
        weak var pointerNode: GestureNode?
        /// The `onInteraction` observers around the press, told about each of its events.
        var interactionNodes: [GestureNode] = []
        /// The text field the press went down in: moves select.
        weak var textField: TextFieldNode?
    }

    /// The `onTap` and `onDoubleTap` of one widget: gesture modifiers applied directly on top of each other.
    @MainActor
    struct TapHandlers {
        /// The outermost gesture node of the widget; releasing outside its frame cancels the tap.
        weak var anchor: Node?
        var tap: (@MainActor () -> Void)?
        var doubleTap: (@MainActor () -> Void)?
    }

    /// The press's widgets; where it is, and what it has become, is the recognizer's.
    var press: Press?
    /// Clicks, drags and double clicks, with the widget's tap handlers attached to each click.
    var recognizer = PointerRecognizer<TapHandlers>(thresholds: .standard)
    var recognizerTimer = DeadlineTimer()
    var hovered: [ObjectIdentifier: GestureNode] = [:]
    /// The `onPointer` widget the pointer last moved over with no button held.
    weak var pointerHovered: GestureNode?
    /// Where the pointer was last seen over the host; `nil` once it left.
    var pointerLocation: Point?
    /// The text field (or `focusable()` widget) that gets keys first.
    weak var focused: (any FocusTarget)?
    /// Where the focus goes back to when the widget that took it by default (a menu's row) goes.
    weak var focusReturn: (any FocusTarget)?
    /// The accessibility identifier of ``focusReturn``: the focus goes back to the widget of that
    /// name when the node itself was rebuilt meanwhile (controls a panel hid while it showed).
    var focusReturnIdentifier: String?
    /// The accessibility identifier of the widget last given the focus, kept when it goes.
    var focusedName: String?
    /// The help (tooltip) of the widget under the pointer, and that of the focused widget.
    weak var hoveredHelp: HelpNode?
    weak var focusedHelp: HelpNode?
    /// The `onFocusChange` observers around the focus, last told it is inside them.
    var focusObservers: [WeakGestureNode] = []
}

extension Node {
    /// The node and its ancestors, innermost first.
    var ancestry: UnfoldSequence<Node, (Node?, Bool)> {
        sequence(first: self) { $0.parent }
    }

    /// The position of `point` relative to the node's top left corner.
    func localPoint(_ point: Point) -> Point {
        point - frame.origin
    }
}

extension GestureState.TapHandlers {
    /// The tap handlers of the innermost widget in `chain` that has any: the first gesture node
    /// with a tap or double tap, plus the gesture nodes directly wrapping it.
    init?(chain: [Node]) {
        guard let first = chain.firstIndex(where: { ($0 as? GestureNode)?.handler?.isTap == true }) else {
            return nil
        }
        for node in chain[first...] {
            guard let gesture = node as? GestureNode else { break }
            switch gesture.handler {
            case .tap(let action)?: tap = tap ?? action
            case .doubleTap(let action)?: doubleTap = doubleTap ?? action
            default: break
            }
            anchor = gesture
        }
    }
}

extension GestureModifier.Handler {
    var isDrag: Bool {
        if case .drag = self { return true }
        return false
    }

    var isTap: Bool {
        switch self {
        case .tap, .doubleTap: true
        default: false
        }
    }
}

/// A gesture node held weakly: an observer that went away is not kept.
struct WeakGestureNode {
    weak var node: GestureNode?
}
