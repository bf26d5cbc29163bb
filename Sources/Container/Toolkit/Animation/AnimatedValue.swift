/// A value that can be blended between two states.
protocol Interpolatable: Equatable {
    static func interpolate(from: Self, to: Self, fraction: Double) -> Self
}

extension Double: Interpolatable {
    static func interpolate(from: Double, to: Double, fraction: Double) -> Double {
        from + (to - from) * fraction
    }
}

extension Point: Interpolatable {
    static func interpolate(from: Point, to: Point, fraction: Double) -> Point {
        Point(
            x: .interpolate(from: from.x, to: to.x, fraction: fraction),
            y: .interpolate(from: from.y, to: to.y, fraction: fraction))
    }
}

extension EdgeInsets: Interpolatable {
    static func interpolate(from: EdgeInsets, to: EdgeInsets, fraction: Double) -> EdgeInsets {
        EdgeInsets(
            top: .interpolate(from: from.top, to: to.top, fraction: fraction),
            leading: .interpolate(from: from.leading, to: to.leading, fraction: fraction),
            bottom: .interpolate(from: from.bottom, to: to.bottom, fraction: fraction),
            trailing: .interpolate(from: from.trailing, to: to.trailing, fraction: fraction))
    }
}

/// A property of a node that moves towards its target with an animation, timed by the tree's clock.
struct AnimatedValue<Value: Interpolatable> {
    private(set) var target: Value
    private var origin: Value
    private var start = 0.0
    private var animation: Animation?

    init(_ value: Value) {
        target = value
        origin = value
    }

    /// The value shown at `time`.
    func value(at time: Double) -> Value {
        guard let animation else { return target }
        return .interpolate(from: origin, to: target, fraction: animation.progress(at: time - start))
    }

    /// Whether the value is still moving at `time`.
    func isRunning(at time: Double) -> Bool {
        guard let animation else { return false }
        return time - start < animation.duration
    }

    /// Moves to `target`: from the value shown now with `animation`, or at once without one.
    /// Returns whether an animation started.
    mutating func set(_ target: Value, animation: Animation?, at time: Double) -> Bool {
        guard target != self.target else { return false }
        origin = value(at: time)
        self.target = target
        self.animation = animation
        start = time
        return animation != nil
    }

    /// Jumps to `value` with no animation.
    mutating func reset(to value: Value) {
        target = value
        origin = value
        animation = nil
    }
}

extension Node {
    /// Moves an animatable property of this node to `target`. A new property starts at its target,
    /// whatever animation inserted the node; a changed one moves with the update's animation from
    /// the clock time of the change, and the node joins the animating ones. Returns whether the
    /// value changed.
    func move<Value>(_ property: inout AnimatedValue<Value>?, to target: Value, in tree: WidgetTree) -> Bool {
        guard var animated = property else {
            property = AnimatedValue(target)
            return true
        }
        guard target != animated.target else { return false }
        if animated.set(target, animation: tree.transaction, at: tree.changeTime) {
            tree.startAnimating(self)
        }
        property = animated
        return true
    }
}
