/// Gives its content a ``ScrollViewProxy`` to scroll the scroll views inside it to an element.
///
/// ```swift
/// ScrollViewReader { proxy in
///     VStack {
///         Text("Newest").onTap { withAnimation { proxy.scrollTo(newestID, anchor: .bottom) } }
///         ScrollView {
///             ForEach(messages) { message in MessageRow(message) }
///         }
///     }
/// }
/// ```
public struct ScrollViewReader<Content: Widget>: PrimitiveWidget {
    let content: (ScrollViewProxy) -> Content

    /// Builds `content` with a proxy for the scroll views it contains.
    public init(@WidgetBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }

    func makeNode() -> Node {
        let reader = ScrollReaderReference()
        let node = CompositeNode { widget, _ in
            guard let readerWidget = widget as? ScrollViewReader<Content> else { return EmptyWidget() }
            return readerWidget.content(ScrollViewProxy(reader: reader))
        }
        reader.node = node
        return node
    }
}

/// Scrolls the scroll views inside a ``ScrollViewReader``.
@MainActor
public struct ScrollViewProxy {
    let reader: ScrollReaderReference

    /// Scrolls so that the widget `ForEach` built for the element `id` shows: its `anchor` point
    /// on the view's (`.top`, `.center`, `.bottom`...), or, with no anchor, just enough to show it
    /// whole. Inside `withAnimation` the content glides there.
    ///
    /// The scroll happens at the next update, once widgets changed by the same event are built (a
    /// glide runs from the clock time of the call); an id no scroll view holds changes nothing.
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        let target = ScrollTarget(
            id: ElementID(id: id), anchor: anchor, animation: Transaction.currentAnimation)
        for scrollView in reader.scrollViews { scrollView.requestScroll(to: target) }
    }
}

/// The node of a ``ScrollViewReader``, held weakly by the proxies it hands out.
@MainActor
final class ScrollReaderReference {
    weak var node: Node?

    /// The scroll views under the reader, outermost first.
    var scrollViews: [ScrollNode] {
        node?.descendants(entering: { !$0.isDisappearing }) { $0 as? ScrollNode } ?? []
    }
}
