/// Lays out the flattened children of an `HStack`, `VStack` or `ZStack`.
///
/// Along the axis it follows SwiftUI: children are offered space in order of flexibility (how
/// much their size can vary), least flexible first, each getting an equal share of what is left.
@MainActor
final class StackNode: Node {
    private(set) var layout = StackLayout(axis: nil, alignment: .center, spacing: 0)

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let stack = widget as? any StackWidget else { return }
        if stack.layout != layout {
            layout = stack.layout
            invalidateLayout()
        }
        reconcileChildren(flattenedChildren(of: stack.content), in: tree)
    }

    override var contentAlignment: Alignment { layout.alignment }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        guard let axis = layout.axis else { return super.computeSize(proposal) }
        let sizes = childSizes(for: proposal, axis: axis)
        guard !sizes.isEmpty else { return .zero }
        let gaps = layout.spacing * Double(sizes.count - 1)
        switch axis {
        case .horizontal:
            return Size(
                width: sizes.reduce(gaps) { $0 + $1.width }, height: sizes.map(\.height).max() ?? 0)
        case .vertical:
            return Size(
                width: sizes.map(\.width).max() ?? 0, height: sizes.reduce(gaps) { $0 + $1.height })
        }
    }

    override func placeChildren(in rect: Rect) {
        guard let axis = layout.axis else { return super.placeChildren(in: rect) }
        let laidOut = children.filter { !$0.isDisappearing }
        let sizes = childSizes(for: ProposedSize(rect.size), axis: axis)
        var position = 0.0
        for (child, size) in zip(laidOut, sizes) {
            child.place(in: layout.childFrame(size: size, at: position, in: rect))
            position += (axis == .horizontal ? size.width : size.height) + layout.spacing
        }
    }

    /// The size of each laid-out child when the stack is offered `proposal`.
    private func childSizes(for proposal: ProposedSize, axis: StackLayout.Axis) -> [Size] {
        let laidOut = children.filter { !$0.isDisappearing }
        let along = axis == .horizontal ? proposal.width : proposal.height
        let across = axis == .horizontal ? proposal.height : proposal.width
        func offer(_ length: Double?) -> ProposedSize {
            axis == .horizontal
                ? ProposedSize(width: length, height: across) : ProposedSize(width: across, height: length)
        }
        func length(_ size: Size) -> Double { axis == .horizontal ? size.width : size.height }

        guard let along else { return laidOut.map { $0.sizeThatFits(offer(nil)) } }
        let flexibility = laidOut.map {
            length($0.sizeThatFits(offer(.infinity))) - length($0.sizeThatFits(offer(0)))
        }
        let order = laidOut.indices.sorted { flexibility[$0] < flexibility[$1] }
        var remaining = along - layout.spacing * Double(max(0, laidOut.count - 1))
        var sizes = [Size](repeating: .zero, count: laidOut.count)
        for (position, index) in order.enumerated() {
            let share = max(0, remaining) / Double(laidOut.count - position)
            let size = laidOut[index].sizeThatFits(offer(share))
            sizes[index] = size
            remaining -= length(size)
        }
        return sizes
    }
}
