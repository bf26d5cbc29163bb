/// Runs its action with a value when the value differs from the one the widget had at its last
/// update, and, if asked, once with the first value.
struct ChangeModifier<Value: Equatable>: NodeModifier, ChangeReporting {
    let value: Value
    let initial: Bool
    let action: @MainActor (Value) -> Void

    func makeNode() -> ModifierNode { ChangeNode() }

    func changed(from previous: inout Any?) -> Bool {
        let old = previous
        previous = value
        guard let old else { return initial }
        return (old as? Value) != value
    }

    func perform() { action(value) }
}

/// A ``ChangeModifier`` with its value's type erased.
@MainActor
protocol ChangeReporting {
    /// Whether the value differs from `previous`, which becomes the value.
    func changed(from previous: inout Any?) -> Bool
    /// Runs the action with the value.
    func perform()
}

/// Remembers the value it last saw and queues the action for after the layout when it changes,
/// so the action may change state: the host then updates again before it paints.
@MainActor
final class ChangeNode: ModifierNode {
    private var previous: Any?

    override func apply(_ modifier: any NodeModifier, in tree: WidgetTree) {
        guard let modifier = modifier as? any ChangeReporting, modifier.changed(from: &previous) else {
            return
        }
        tree.afterLayout { modifier.perform() }
    }
}

extension Widget {
    /// Runs `action` with `value` after an update that gave the widget a value other than the one
    /// it had; with `initial`, also once with the value it first appears with.
    ///
    /// ```swift
    /// PlayerWidget(context)
    ///     .onChange(of: settings, initial: true) { context.render.apply($0) }
    /// ```
    /// The action runs after the layout, before anything is painted, so state it changes is drawn
    /// in the same frame.
    public func onChange<Value: Equatable>(
        of value: Value, initial: Bool = false, perform action: @escaping @MainActor (Value) -> Void
    ) -> some Widget {
        modifier(ChangeModifier(value: value, initial: initial, action: action))
    }
}
