struct AnimationModifier<Value: Equatable>: NodeModifier, ValueAnimating {
    let animation: Animation?
    let value: Value

    var anyValue: Any { value }

    func makeNode() -> ModifierNode { AnimationNode() }
}

/// An `animation(_:value:)` modifier with its value type erased.
@MainActor
protocol ValueAnimating {
    var animation: Animation? { get }
    var anyValue: Any { get }
}

/// Updates its subtree with an animation whenever the watched value changed since the last update.
@MainActor
final class AnimationNode: ModifierNode {
    private var watchedValue: Any?

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let modified = widget as? any ModifiedWidget,
            let animating = modified.anyModifier as? any ValueAnimating
        else { return }
        let changed = watchedValue.map { !isEqualIfEquatable($0, animating.anyValue) } ?? false
        watchedValue = animating.anyValue
        let outer = tree.transaction
        if changed { tree.transaction = animating.animation }
        reconcileContent(modified.anyContent, in: tree)
        tree.transaction = outer
    }
}

extension Widget {
    /// Animates the changes of this subtree (opacity, offset, transitions) with `animation` when
    /// `value` changed; `nil` turns animation off.
    public func animation<Value: Equatable>(_ animation: Animation?, value: Value) -> some Widget {
        modifier(AnimationModifier(animation: animation, value: value))
    }
}
