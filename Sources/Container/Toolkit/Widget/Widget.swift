/// A piece of user interface, described by its `body` like a SwiftUI `View`.
///
/// ```swift
/// struct TitleWidget: Widget {
///     var body: some Widget {
///         Text("Big Buck Bunny").font(.headline).padding(8)
///     }
/// }
/// ```
/// A widget's body is evaluated again only when a `@ViewState` it read changed or its parent was rebuilt.
///
/// > Important: Widgets are values built and evaluated on the main actor; keep bodies free of side effects.
@MainActor
public protocol Widget {
    /// The widget this one is made of.
    associatedtype Body: Widget
    /// The content of this widget.
    @WidgetBuilder @MainActor var body: Body { get }
}

extension Never: Widget {
    /// Primitives have no body; they are drawn by the toolkit.
    public var body: Never {
        preconditionFailure("Never has no body")
    }
}

/// A widget the toolkit builds a node for directly instead of evaluating a body.
@MainActor
protocol PrimitiveWidget: Widget where Body == Never {
    /// A new node for this widget; the tree then calls `update(from:)` with the widget.
    func makeNode() -> Node
}

extension PrimitiveWidget {
    /// Primitives have no body; the node they make draws them.
    public var body: Never {
        preconditionFailure("\(Self.self) is a primitive widget without a body")
    }
}
