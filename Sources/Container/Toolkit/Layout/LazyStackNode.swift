/// Lays out a ``LazyVStack`` or ``LazyHStack``: builds the rows near the visible area of the
/// nearest clipping ancestor (a scroll view), measures them, and counts the rows never built with
/// the average length of those measured.
@MainActor
final class LazyStackNode: Node {
    /// Points beyond each end of the visible area in which rows are built ahead of time.
    static let buildMargin = 100.0

    private(set) var layout = StackLayout(axis: .vertical, alignment: .center, spacing: 0)
    private var rows = LazyRows()
    /// The length of each row along the axis, measured at `measuredAcross`; `nil` if never built.
    private var lengths: [Double?] = []
    private var measuredTotal = 0.0
    private var measuredCount = 0
    /// The largest size across the axis of the rows measured.
    private var largestAcross = 0.0
    /// The size across the axis the rows were measured at.
    private var measuredAcross: Double?
    /// Where each row starts along the axis, plus where the last one ends (with one spacing).
    private var offsets: [Double] = [0]
    private var offsetsAreStale = true
    /// The length the stack last reported as its size; a different one after placing asks for
    /// another layout pass.
    private var reportedLength = 0.0
    /// The indices of the rows built, which are the node's children in order.
    private(set) var builtRange = 0..<0

    private var isVertical: Bool { layout.axis != .horizontal }

    override func update(from widget: any Widget, in tree: WidgetTree) {
        guard let stack = widget as? any LazyStackWidget else { return }
        if stack.layout != layout {
            layout = stack.layout
            measuredAcross = nil
        }
        rows = LazyRows(stack.anyContent)
        if lengths.count > rows.count {
            for length in lengths[rows.count...].compactMap({ $0 }) {
                measuredTotal -= length
                measuredCount -= 1
            }
            lengths.removeLast(lengths.count - rows.count)
        } else {
            lengths += Array(repeating: nil, count: rows.count - lengths.count)
        }
        offsetsAreStale = true
        build(builtRange.clamped(to: 0..<rows.count), updatingBuiltRows: true, in: tree)
        invalidateLayout()
    }

    // MARK: Building

    /// Makes the rows of `range` the node's children, keeping the nodes of rows already built
    /// (and giving them their new widgets when the stack's content changed).
    private func build(_ range: Range<Int>, updatingBuiltRows: Bool = false, in tree: WidgetTree) {
        guard range != builtRange || updatingBuiltRows else { return }
        var previous: [ChildKey: Node] = [:]
        for (key, node) in zip(childKeys, children) { previous[key] = node }
        var built: [Node] = []
        var keys: [ChildKey] = []
        built.reserveCapacity(range.count)
        // NB: rows are built from closures of the body that holds the stack; the state they read
        // belongs to that body, as it would had the rows been built with it.
        let owner = ancestry.dropFirst().lazy.compactMap { $0 as? CompositeNode }.first
        let makeRows = {
            for index in range {
                let key = self.rows.key(at: index)
                let existing = previous.removeValue(forKey: key)
                if let existing, !updatingBuiltRows {
                    built.append(existing)
                } else {
                    built.append(self.reconcile(existing, with: self.rows.row(at: index).widget, in: tree))
                }
                keys.append(key)
            }
        }
        if let owner { owner.trackingReads(makeRows) } else { makeRows() }
        for node in previous.values {
            tree.damage(node.subtreePaintBounds)
            node.unmount()
        }
        children = built
        childKeys = keys
        builtRange = range
    }

    // MARK: Measuring

    private func along(_ size: Size) -> Double { isVertical ? size.height : size.width }
    private func across(_ size: Size) -> Double { isVertical ? size.width : size.height }

    private func rowProposal(across: Double?) -> ProposedSize {
        isVertical ? ProposedSize(width: across, height: nil) : ProposedSize(width: nil, height: across)
    }

    /// Forgets every measurement: the rows are measured again at `across`.
    private func startMeasuring(at across: Double?) {
        lengths = Array(repeating: nil, count: rows.count)
        measuredTotal = 0
        measuredCount = 0
        largestAcross = 0
        measuredAcross = across
        offsetsAreStale = true
    }

    /// Measures the built rows at `across`.
    private func measureBuiltRows(across: Double?) {
        for (index, node) in zip(builtRange, children) {
            let size = node.sizeThatFits(rowProposal(across: across))
            largestAcross = max(largestAcross, self.across(size))
            let length = along(size)
            guard lengths[index] != length else { continue }
            if let old = lengths[index] {
                measuredTotal -= old
            } else {
                measuredCount += 1
            }
            measuredTotal += length
            lengths[index] = length
            offsetsAreStale = true
        }
    }

    /// The start of each row along the axis, and the end of the last (plus one spacing).
    private func rowOffsets() -> [Double] {
        guard offsetsAreStale else { return offsets }
        let estimate = measuredCount > 0 ? measuredTotal / Double(measuredCount) : 0
        var position = 0.0
        offsets.removeAll(keepingCapacity: true)
        offsets.reserveCapacity(lengths.count + 1)
        offsets.append(0)
        for length in lengths {
            position += (length ?? estimate) + layout.spacing
            offsets.append(position)
        }
        offsetsAreStale = false
        return offsets
    }

    private var totalLength: Double {
        rows.count > 0 ? rowOffsets()[rows.count] - layout.spacing : 0
    }

    // MARK: Layout

    override func computeSize(_ proposal: ProposedSize) -> Size {
        let across = isVertical ? proposal.width : proposal.height
        if measuredCount == 0, rows.count > 0, let tree {
            // Nothing measured yet: the first row stands in for the others.
            if measuredAcross != across { startMeasuring(at: across) }
            if builtRange.isEmpty {
                tree.withoutInsertionTransitions { build(0..<1, in: tree) }
            }
            measureBuiltRows(across: across)
        }
        reportedLength = totalLength
        let acrossLength = across.map { $0.isFinite ? $0 : largestAcross } ?? largestAcross
        return isVertical
            ? Size(width: acrossLength, height: reportedLength)
            : Size(width: reportedLength, height: acrossLength)
    }

    override func placeChildren(in rect: Rect) {
        guard let tree else { return }
        let across = isVertical ? rect.width : rect.height
        if measuredAcross != across { startMeasuring(at: across) }
        let visible = visibleStretch(in: rect)
        let anchor = ScrollAnchor(
            visible: visible, rows: rows(overlapping: visible), offsets: rowOffsets(),
            total: totalLength)
        let window = (visible.lowerBound - Self.buildMargin)...(visible.upperBound + Self.buildMargin)
        var range = rows(overlapping: window)
        tree.withoutInsertionTransitions { build(range, in: tree) }
        measureBuiltRows(across: across)
        // Rows just measured may be longer or shorter than the estimate; once more settles it.
        let settled = rows(overlapping: window)
        if settled != range {
            range = settled
            tree.withoutInsertionTransitions { build(range, in: tree) }
            measureBuiltRows(across: across)
        }
        let offsets = rowOffsets()
        for (index, node) in zip(builtRange, children) {
            let size = node.sizeThatFits(rowProposal(across: across))
            node.place(in: layout.childFrame(size: size, at: offsets[index], in: rect))
        }
        guard totalLength != reportedLength else { return }
        // The estimate changed: keep the rows on screen where they were (or the end at the end),
        // rather than letting rows measured elsewhere move them.
        let shift = anchor.shift(offsets: offsets, total: totalLength)
        let scrollView = ancestry.dropFirst().lazy.compactMap { $0 as? ScrollNode }.first
        tree.afterLayout { [weak self] in
            if shift != 0, let scrollView {
                scrollView.shiftContent(
                    by: self?.isVertical == true ? Point(x: 0, y: shift) : Point(x: shift, y: 0))
            }
            self?.invalidateLayout()
        }
    }

    /// The stretch along the axis, in the stack's coordinates, that its scroll view (and any other
    /// clipping ancestor, and the host) shows of the stack; empty when nothing shows.
    private func visibleStretch(in rect: Rect) -> ClosedRange<Double> {
        guard let visible = visibleBounds else { return -Double.infinity...(-Double.infinity) }
        let start = isVertical ? visible.minY - rect.minY : visible.minX - rect.minX
        return start...(start + (isVertical ? visible.height : visible.width))
    }

    /// The rows that reach into `window`.
    private func rows(overlapping window: ClosedRange<Double>) -> Range<Int> {
        let count = rows.count
        guard count > 0 else { return 0..<0 }
        let offsets = rowOffsets()
        /// The first index of `indices` whose offset passes `predicate`, or the index after them.
        func firstIndex(in indices: ClosedRange<Int>, where predicate: (Double) -> Bool) -> Int {
            var low = indices.lowerBound
            var high = indices.upperBound + 1
            while low < high {
                let middle = (low + high) / 2
                if predicate(offsets[middle]) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        // Row i ends one spacing before offsets[i + 1]; it reaches the window if it ends after the
        // window's start and starts before its end.
        let first = firstIndex(in: 1...count) { $0 - layout.spacing > window.lowerBound } - 1
        let end = min(count, firstIndex(in: 0...count) { $0 > window.upperBound })
        return first < end ? first..<end : 0..<0
    }

    /// Where the row a `ForEach` made for the element `id` is, or would be were it built.
    func frame(ofElement id: ElementID) -> Rect? {
        guard let index = rows.index(ofElement: id) else { return nil }
        let offsets = rowOffsets()
        let length = offsets[index + 1] - layout.spacing - offsets[index]
        return isVertical
            ? Rect(x: frame.minX, y: frame.minY + offsets[index], width: frame.width, height: length)
            : Rect(x: frame.minX + offsets[index], y: frame.minY, width: length, height: frame.height)
    }
}

/// What must stay put on screen when a lazy stack's estimate of its unbuilt rows changes: the
/// first row shown, or the end when the end shows.
struct ScrollAnchor {
    private let row: Int?
    private let rowOffset: Double
    private let total: Double
    private let showsEnd: Bool

    init(visible: ClosedRange<Double>, rows: Range<Int>, offsets: [Double], total: Double) {
        row = rows.isEmpty ? nil : rows.lowerBound
        rowOffset = row.map { offsets[$0] } ?? 0
        self.total = total
        showsEnd = !rows.isEmpty && visible.upperBound >= total
    }

    /// How far the content must move so that the anchor shows where it did.
    func shift(offsets: [Double], total newTotal: Double) -> Double {
        if showsEnd { return newTotal - total }
        guard let row else { return 0 }
        return offsets[row] - rowOffset
    }
}
