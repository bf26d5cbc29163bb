import CCairo

struct TransitionModifier: NodeModifier {
    let transition: Transition

    func makeNode() -> ModifierNode { TransitionNode() }
}

/// Plays a ``Transition`` when inserted or removed: `presence` runs from 0 (absent) to 1 (present).
@MainActor
final class TransitionNode: ModifierNode {
    private var transition = Transition.identity
    private var presence = AnimatedValue(1.0)

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let transitionModifier = modifier as? TransitionModifier else { return }
        transition = transitionModifier.transition
    }

    override func didInsert(in tree: WidgetTree) {
        guard let animation = tree.transaction ?? transition.animation else { return }
        presence.reset(to: 0)
        _ = presence.set(1, animation: animation, at: tree.changeTime)
        tree.startAnimating(self)
    }

    override func beginDisappearing(in tree: WidgetTree) -> Bool {
        guard transition != .identity, let animation = tree.transaction ?? transition.animation else {
            return false
        }
        isDisappearing = true
        _ = presence.set(0, animation: animation, at: tree.changeTime)
        tree.startAnimating(self)
        return true
    }

    override func advanceAnimations(to time: Double) -> Bool {
        tree?.damage(travelBounds)
        guard presence.isRunning(at: time) else {
            if isDisappearing, let tree { parent?.remove(self, in: tree) }
            return false
        }
        return true
    }

    override func draw(_ context: DrawContext) {
        let shown = presence.value(at: tree?.frameTime ?? 0)
        guard shown < 1 else { return super.draw(context) }
        context.withOpacity(transition.fades ? shown : 1) {
            context.saved {
                let moved = travel(hiddenBy: 1 - shown)
                cairo_translate(context.cairo, moved.x, moved.y)
                if let scale = transition.scale {
                    let factor = max(0.0001, scale + (1 - scale) * shown)
                    let center = frame.center
                    cairo_translate(context.cairo, center.x, center.y)
                    cairo_scale(context.cairo, factor, factor)
                    cairo_translate(context.cairo, -center.x, -center.y)
                }
                super.draw(context)
            }
        }
    }

    /// How far the content is moved when it is `fraction` of the way out.
    private func travel(hiddenBy fraction: Double) -> Point {
        switch transition.edge {
        case .top: Point(x: 0, y: -frame.height * fraction)
        case .bottom: Point(x: 0, y: frame.height * fraction)
        case .leading: Point(x: -frame.width * fraction, y: 0)
        case .trailing: Point(x: frame.width * fraction, y: 0)
        case nil: .zero
        }
    }

    /// Everything the transition may paint over: the subtree in place and fully moved out.
    private var travelBounds: Rect {
        let bounds = subtreePaintBounds
        return bounds.union(bounds.offsetBy(travel(hiddenBy: 1)))
    }
}

extension Widget {
    /// How the widget enters and leaves when an `if` (or `ForEach`) inserts or removes it.
    public func transition(_ transition: Transition) -> some Widget {
        modifier(TransitionModifier(transition: transition))
    }
}
