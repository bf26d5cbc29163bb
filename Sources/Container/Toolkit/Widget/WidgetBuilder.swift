/// Builds widgets from declarative statements: several children, `if`/`else`, `if let`, `for ... in`-less
/// `ForEach`, and optional content.
@resultBuilder
@MainActor
public enum WidgetBuilder {
    /// No children.
    public static func buildBlock() -> EmptyWidget { EmptyWidget() }

    /// One child, unchanged.
    public static func buildBlock<Content: Widget>(_ content: Content) -> Content { content }

    /// Any number of children, in order.
    public static func buildBlock<each Content: Widget>(_ content: repeat each Content) -> TupleWidget<
        repeat each Content
    > {
        TupleWidget(repeat each content)
    }

    /// The expression's widget.
    public static func buildExpression<Content: Widget>(_ content: Content) -> Content { content }

    /// Content that exists only when an `if` holds.
    public static func buildIf<Content: Widget>(_ content: Content?) -> Content? { content }

    /// The `if` branch of an `if`/`else`.
    public static func buildEither<First: Widget, Second: Widget>(first: First) -> ConditionalWidget<
        First, Second
    > {
        ConditionalWidget(storage: .first(first))
    }

    /// The `else` branch of an `if`/`else`.
    public static func buildEither<First: Widget, Second: Widget>(second: Second) -> ConditionalWidget<
        First, Second
    > {
        ConditionalWidget(storage: .second(second))
    }

    /// A branch guarded by `#available`.
    public static func buildLimitedAvailability<Content: Widget>(_ content: Content) -> AnyWidget {
        AnyWidget(content)
    }
}

/// Several widgets side by side in the parent's layout, built by ``WidgetBuilder``.
public struct TupleWidget<each Content: Widget>: PrimitiveWidget, WidgetList {
    let content: (repeat each Content)

    init(_ content: repeat each Content) {
        self.content = (repeat each content)
    }

    func flatten(into children: inout FlatChildren, key: ChildKey) {
        var index = 0
        for child in repeat each content {
            flattenWidget(child, into: &children, key: key.appending(index))
            index += 1
        }
    }
}

/// One of two widgets, built from an `if`/`else`; the branch is part of the children's identity.
public struct ConditionalWidget<First: Widget, Second: Widget>: PrimitiveWidget, WidgetList {
    enum Storage {
        case first(First)
        case second(Second)
    }

    let storage: Storage

    func flatten(into children: inout FlatChildren, key: ChildKey) {
        switch storage {
        case .first(let first): flattenWidget(first, into: &children, key: key.appending(0))
        case .second(let second): flattenWidget(second, into: &children, key: key.appending(1))
        }
    }
}

/// Optional content: `nil` adds no child.
extension Optional: Widget, PrimitiveWidget, WidgetList where Wrapped: Widget {
    func flatten(into children: inout FlatChildren, key: ChildKey) {
        if let wrapped = self { flattenWidget(wrapped, into: &children, key: key.appending(0)) }
    }
}
