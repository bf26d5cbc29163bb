/// A widget with no content and no size.
public struct EmptyWidget: PrimitiveWidget, WidgetList {
    /// Creates the empty widget.
    public init() {}

    func flatten(into children: inout FlatChildren, key: ChildKey) {}
}

/// Several widgets treated as one: a stack lays them out as its own children; alone they overlap.
public struct Group<Content: Widget>: PrimitiveWidget, WidgetList {
    let content: Content

    /// Groups the widgets `content` builds.
    public init(@WidgetBuilder content: () -> Content) {
        self.content = content()
    }

    func flatten(into children: inout FlatChildren, key: ChildKey) {
        flattenWidget(content, into: &children, key: key)
    }
}

/// A type-erased widget, for storing widgets of different types together.
public struct AnyWidget: PrimitiveWidget, WidgetList {
    let wrapped: any Widget

    /// Erases the type of `widget`.
    public init(_ widget: some Widget) {
        wrapped = (widget as? AnyWidget)?.wrapped ?? widget
    }

    func flatten(into children: inout FlatChildren, key: ChildKey) {
        flattenWidget(wrapped, into: &children, key: key.appending(ObjectIdentifier(type(of: wrapped))))
    }
}

/// One widget per element of a collection, identified by `id` so that nodes survive reordering.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: Widget>: PrimitiveWidget,
    WidgetList
{
    let data: Data
    let id: KeyPath<Data.Element, ID>
    let content: (Data.Element) -> Content

    /// One widget per element, identified by the element's `id` property.
    public init(
        _ data: Data, id: KeyPath<Data.Element, ID>,
        @WidgetBuilder content: @escaping (Data.Element) -> Content
    ) {
        self.data = data
        self.id = id
        self.content = content
    }

    func flatten(into children: inout FlatChildren, key: ChildKey) {
        let data = data
        let id = id
        let content = content
        func element(_ offset: Int) -> Data.Element {
            data[data.index(data.startIndex, offsetBy: offset)]
        }
        children.append(
            ElementRun(
                count: data.count, key: { key.appending(ElementID(id: element($0)[keyPath: id])) },
                widget: { content(element($0)) }))
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    /// One widget per identifiable element.
    public init(_ data: Data, @WidgetBuilder content: @escaping (Data.Element) -> Content) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    /// One widget per integer of a constant range.
    public init(_ data: Range<Int>, @WidgetBuilder content: @escaping (Int) -> Content) {
        self.init(data, id: \.self, content: content)
    }
}
