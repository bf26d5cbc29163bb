/// Moving around a page with the keyboard alone: arrow keys move the focus along stacks and lists,
/// as a TV remote does, and the navigation keys scroll.
extension WidgetHost {
    /// Moves the focus one step along the nearest stack around the focused widget that runs along
    /// the arrow's axis: to the focusable widget in the next (or previous) row that has one, the one
    /// nearest across the axis. Rows of a lazy list come into view as the focus reaches them.
    ///
    /// - Returns: Whether the focus moved; `false` when nothing has it, the key is no arrow, or no
    ///   stack holds a focusable widget that way.
    func moveFocus(along key: Key) -> Bool {
        let axis: StackLayout.Axis
        let forward: Bool
        switch key {
        case .leftArrow: (axis, forward) = (.horizontal, false)
        case .rightArrow: (axis, forward) = (.horizontal, true)
        case .upArrow: (axis, forward) = (.vertical, false)
        case .downArrow: (axis, forward) = (.vertical, true)
        default: return false
        }
        guard let focused = focusedTarget else { return false }
        let from = focused.frame
        func crossDistance(_ frame: Rect) -> Double {
            axis == .horizontal ? abs(frame.midY - from.midY) : abs(frame.midX - from.midX)
        }
        var inner: Node = focused
        for stack in focused.ancestry.dropFirst() {
            defer { inner = stack }
            guard stack.stackAxis == axis, let index = stack.children.firstIndex(where: { $0 === inner })
            else { continue }
            let rows = forward ? Array(stack.children[(index + 1)...]) : stack.children[..<index].reversed()
            for row in rows where row.acceptsInput {
                let targets = row.focusTargets
                guard let nearest = targets.min(by: { crossDistance($0.frame) < crossDistance($1.frame) })
                else { continue }
                moveFocus(to: nearest)
                return true
            }
        }
        return false
    }

    /// Scrolls for a navigation key (arrows, Page Up and Page Down, Home and End): the innermost
    /// scroll view around the focused widget that can move that way or, with nothing focused, the
    /// one under the pointer, else the first on the page.
    func scroll(byKey key: Key, around focused: Node?) -> Bool {
        guard ScrollNode.scrollKeys.contains(key) else { return false }
        let candidates: [ScrollNode]
        if let focused {
            candidates = focused.ancestry.compactMap { $0 as? ScrollNode }
        } else {
            let underPointer = gestures.pointerLocation.flatMap { tree.root.hitTest($0) }
            candidates =
                (underPointer?.ancestry.compactMap { $0 as? ScrollNode } ?? [])
                + tree.root.descendants(entering: \.acceptsInput) { $0 as? ScrollNode }
        }
        return candidates.contains { $0.acceptsInput && $0.scroll(byKey: key) }
    }
}

extension Node {
    /// The axis the node stacks its children along, if it is a stack.
    fileprivate var stackAxis: StackLayout.Axis? {
        switch self {
        case let stack as StackNode: stack.layout.axis
        case let lazy as LazyStackNode: lazy.layout.axis
        default: nil
        }
    }
}

extension ScrollNode {
    /// The part of the view's length Page Up and Page Down scroll.
    static let pageFraction = 0.875
    static let scrollKeys: Set<Key> = [
        .upArrow, .downArrow, .leftArrow, .rightArrow, .pageUp, .pageDown, .home, .end,
    ]

    /// Scrolls for a navigation key: an arrow by a wheel step, Page Up and Page Down by seven
    /// eighths of the view's length (what stays in view keeps the reader's place), Home and End to
    /// the start and the end (along the vertical axis when the view scrolls both ways).
    ///
    /// - Returns: Whether the content moved.
    func scroll(byKey key: Key) -> Bool {
        let vertical = axes.contains(.vertical)
        func along(_ distance: Double) -> Point {
            vertical ? Point(x: 0, y: distance) : Point(x: distance, y: 0)
        }
        let page = (vertical ? frame.height : frame.width) * Self.pageFraction
        let destination: Point
        switch key {
        case .upArrow where vertical: destination = offset - Point(x: 0, y: Self.wheelStep)
        case .downArrow where vertical: destination = offset + Point(x: 0, y: Self.wheelStep)
        case .leftArrow where axes.contains(.horizontal):
            destination = offset - Point(x: Self.wheelStep, y: 0)
        case .rightArrow where axes.contains(.horizontal):
            destination = offset + Point(x: Self.wheelStep, y: 0)
        case .pageUp: destination = offset - along(page)
        case .pageDown: destination = offset + along(page)
        case .home: destination = vertical ? Point(x: offset.x, y: 0) : Point(x: 0, y: offset.y)
        case .end: destination = offset + along(.infinity)
        default: return false
        }
        motion = nil
        return setOffset(destination) != .zero
    }

    /// Moves the content just enough for `box` (host coordinates, as placed now) to show whole,
    /// or its start when it is longer than the view.
    ///
    /// - Returns: How far the content moved.
    @discardableResult
    func reveal(_ box: Rect) -> Point {
        motion = nil
        return setOffset(offset(showing: box, anchor: nil, in: frame))
    }
}
