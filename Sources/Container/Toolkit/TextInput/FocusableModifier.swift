import CCairo

struct FocusableModifier: NodeModifier {
    let isFocusable: Bool
    let onKeyPress: (@MainActor (KeyPress) -> Bool)?

    func makeNode() -> ModifierNode { FocusableNode() }
}

/// Lets its widget hold the keyboard focus: Tab reaches it, a ring shows around it, and Return or
/// Space do what a click does (the `onTap` inside it); its own key handler, if any, gets the keys
/// first. A click does not focus it, as a click on a desktop button does not.
@MainActor
final class FocusableNode: ModifierNode, FocusTarget {
    static let ringWidth = 2.0
    static let ringGap = 2.0
    /// The largest corner radius of a ring: a video-sized widget gets a rectangle, not a lozenge.
    static let ringMaximumRadius = 8.0
    /// The ring's colour where no `focusRingColor` is set.
    static let ringColor = Color(red: 0.35, green: 0.65, blue: 1)

    private(set) var isFocusable = true
    private(set) var isFocused = false
    private var onKeyPress: (@MainActor (KeyPress) -> Bool)?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        let focusable = modifier as? FocusableModifier
        isFocusable = focusable?.isFocusable ?? true
        onKeyPress = focusable?.onKeyPress
    }

    var acceptsFocus: Bool { isFocusable }

    func focusDidChange(_ isFocused: Bool) {
        self.isFocused = isFocused
        invalidatePaint()
    }

    func handleFocusedKey(_ press: KeyPress) -> Bool {
        if let onKeyPress, onKeyPress(press) { return true }
        guard press.key == .enter || press.key == .space || press.key.rawValue == "Keypad Enter",
            let tap = firstTap
        else { return false }
        tap()
        return true
    }

    /// The `onTap` (or `onDoubleTap`) of the first widget inside that has one.
    private var firstTap: (@MainActor () -> Void)? {
        firstDescendant { ($0 as? GestureNode)?.tapAction }
    }

    override var paintBounds: Rect { frame.insetBy(-(Self.ringGap + Self.ringWidth)) }

    /// While the ring shows, moving the widget repaints where the ring was and where it goes.
    override var drawsContent: Bool { isFocused }

    /// The ring takes no input; the widget inside does.
    override func isHit(at point: Point) -> Bool { false }

    override func draw(_ context: DrawContext) {
        super.draw(context)
        guard isFocused, context.needsDrawing(paintBounds) else { return }
        var ring = frame.insetBy(-(Self.ringGap + Self.ringWidth / 2))
        // A ring its clipping ancestors would cut (a widget flush with a scroll view's edge) goes
        // just inside the widget instead.
        let outer = ring.insetBy(-Self.ringWidth / 2)
        if let visible = visibleBounds, visible.intersection(outer) != outer {
            ring = frame.insetBy(Self.ringWidth / 2)
        }
        addRoundedRect(
            ring, radius: min(min(ring.width, ring.height) / 4, Self.ringMaximumRadius), to: context.cairo)
        context.setSource(environment.focusRingColor ?? Self.ringColor)
        cairo_set_line_width(context.cairo, Self.ringWidth)
        cairo_stroke(context.cairo)
    }
}

extension Widget {
    /// Lets the widget hold the keyboard focus: Tab and shift+Tab reach it in drawing order, arrows
    /// along the stacks around it, a ring shows around it while focused, and Return or Space run
    /// the `onTap` inside it.
    ///
    /// `onKeyPress` gets the keys first while the widget has the focus (and only then): a slider
    /// takes the arrows, say. Returning `true` keeps a key from everyone else.
    public func focusable(
        _ isFocusable: Bool = true, onKeyPress: (@MainActor (KeyPress) -> Bool)? = nil
    ) -> some Widget {
        modifier(FocusableModifier(isFocusable: isFocusable, onKeyPress: onKeyPress))
    }

    /// Draws the focus rings in this subtree in `color` (a theme's accent).
    public func focusRingColor(_ color: Color) -> some Widget {
        modifier(EnvironmentModifier(change: .focusRingColor(color)))
    }

    /// While the keyboard is in use (the last input was a key), the first focusable widget or text
    /// field that appears in this subtree takes the focus, and gives it back to where it was when it goes: a
    /// menu opened with Return gets the focus, and closing it returns to the button.
    public func prefersDefaultFocus(_ prefersDefaultFocus: Bool = true) -> some Widget {
        modifier(EnvironmentModifier(change: .prefersDefaultFocus(prefersDefaultFocus)))
    }
}
