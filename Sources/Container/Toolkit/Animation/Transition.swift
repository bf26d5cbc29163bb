/// How a widget enters and leaves: fading, moving in from an edge, scaling, or a combination.
///
/// A transition plays when the widget is inserted or removed by an update that has an animation
/// (from `withAnimation`, an `animation(_:value:)` above it, or the transition's own `animation(_:)`).
public struct Transition: Hashable, Sendable {
    var fades = false
    var edge: Edge?
    var scale: Double?
    var animation: Animation?

    /// No visible change: the widget appears and disappears at once.
    public static let identity = Transition()
    /// Fades in and out.
    public static let opacity = Transition(fades: true)

    /// Moves in from and out to `edge`, by the widget's own size.
    public static func move(edge: Edge) -> Transition { Transition(edge: edge) }

    /// Grows from and shrinks to `scale` (0 by default) around the centre.
    public static func scale(_ scale: Double = 0) -> Transition { Transition(scale: scale) }

    /// Both transitions at once.
    public func combined(with other: Transition) -> Transition {
        Transition(
            fades: fades || other.fades, edge: edge ?? other.edge, scale: scale ?? other.scale,
            animation: animation ?? other.animation)
    }

    /// The transition with its own animation, used when the update that inserts or removes the
    /// widget has none.
    public func animation(_ animation: Animation) -> Transition {
        var transition = self
        transition.animation = animation
        return transition
    }
}
