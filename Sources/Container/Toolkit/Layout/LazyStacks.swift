/// Rows one below the other, built only when they come near the visible area of the scroll view
/// around them; a list of 10,000 rows costs a frame about what a list of 20 does.
///
/// ```swift
/// ScrollView {
///     LazyVStack(alignment: .leading) {
///         ForEach(videos) { video in VideoRow(video) }
///     }
/// }
/// ```
/// Each element of a `ForEach` is one row. Rows that were never built count with the average
/// length of those that were, so the scroll indicator can move a little as rows of other sizes
/// come into view. A row scrolled away is taken down and built again when it returns, so keep
/// state that must last in a service, not in the row.
public struct LazyVStack<Content: Widget>: PrimitiveWidget, LazyStackWidget {
    let layout: StackLayout
    let content: Content

    /// Lines rows up vertically, `spacing` points apart (8 by default), aligned horizontally.
    public init(
        alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        @WidgetBuilder content: () -> Content
    ) {
        layout = .vertical(alignment, spacing: spacing)
        self.content = content()
    }

    var anyContent: any Widget { content }
}

/// Columns side by side, built only when they come near the visible area of the scroll view
/// around them; the horizontal ``LazyVStack``.
public struct LazyHStack<Content: Widget>: PrimitiveWidget, LazyStackWidget {
    let layout: StackLayout
    let content: Content

    /// Lines columns up horizontally, `spacing` points apart (8 by default), aligned vertically.
    public init(
        alignment: VerticalAlignment = .center, spacing: Double? = nil, @WidgetBuilder content: () -> Content
    ) {
        layout = .horizontal(alignment, spacing: spacing)
        self.content = content()
    }

    var anyContent: any Widget { content }
}

/// What the lazy stack node needs from either lazy stack.
@MainActor
protocol LazyStackWidget: PrimitiveWidget {
    var layout: StackLayout { get }
    var anyContent: any Widget { get }
}

extension LazyStackWidget {
    func makeNode() -> Node { LazyStackNode() }
}

/// The rows of a lazy stack, found by index without building the others.
@MainActor
struct LazyRows {
    private var entries: [FlatChildren.Entry] = []
    /// The index of the first row of each entry.
    private var starts: [Int] = []
    private(set) var count = 0

    init() {}

    init(_ content: any Widget) {
        var children = FlatChildren(keepsRuns: true)
        flattenWidget(content, into: &children, key: ChildKey())
        entries = children.entries
        for entry in entries {
            starts.append(count)
            switch entry {
            case .child: count += 1
            case .elements(let run): count += run.count
            }
        }
    }

    /// The identity and widget of the row at `index` (in `0..<count`).
    func row(at index: Int) -> FlatChild {
        let (entry, offset) = locate(index)
        switch entry {
        case .child(let child): return child
        case .elements(let run): return FlatChild(key: run.key(offset), widget: run.widget(offset))
        }
    }

    /// The entry holding the row at `index`, and the row's offset in it.
    private func locate(_ index: Int) -> (FlatChildren.Entry, Int) {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= index { low = middle } else { high = middle - 1 }
        }
        return (entries[low], index - starts[low])
    }

    /// The identity of the row at `index` (in `0..<count`), without building its widget.
    func key(at index: Int) -> ChildKey {
        let (entry, offset) = locate(index)
        switch entry {
        case .child(let child): return child.key
        case .elements(let run): return run.key(offset)
        }
    }

    /// The index of the row a `ForEach` made for the element `id` (looks at every row's identity).
    func index(ofElement id: ElementID) -> Int? {
        let element = AnyHashable(id)
        for (entry, start) in zip(entries, starts) {
            switch entry {
            case .child(let child):
                if child.key.path.contains(element) { return start }
            case .elements(let run):
                if let offset = (0..<run.count).first(where: { run.key($0).path.contains(element) }) {
                    return start + offset
                }
            }
        }
        return nil
    }
}
