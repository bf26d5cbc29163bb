/// Children side by side, left to right; flexible children share the space left by fixed ones.
public struct HStack<Content: Widget>: PrimitiveWidget, StackWidget {
    let layout: StackLayout
    let content: Content

    /// Lines children up horizontally, `spacing` points apart (8 by default), aligned vertically.
    public init(
        alignment: VerticalAlignment = .center, spacing: Double? = nil, @WidgetBuilder content: () -> Content
    ) {
        layout = .horizontal(alignment, spacing: spacing)
        self.content = content()
    }
}

/// Children one below the other; flexible children share the space left by fixed ones.
public struct VStack<Content: Widget>: PrimitiveWidget, StackWidget {
    let layout: StackLayout
    let content: Content

    /// Lines children up vertically, `spacing` points apart (8 by default), aligned horizontally.
    public init(
        alignment: HorizontalAlignment = .center, spacing: Double? = nil,
        @WidgetBuilder content: () -> Content
    ) {
        layout = .vertical(alignment, spacing: spacing)
        self.content = content()
    }
}

/// Children on top of each other, later ones in front, aligned inside the largest.
public struct ZStack<Content: Widget>: PrimitiveWidget, StackWidget {
    let layout: StackLayout
    let content: Content

    /// Overlays children, each placed at `alignment` in the stack's frame.
    public init(alignment: Alignment = .center, @WidgetBuilder content: () -> Content) {
        layout = StackLayout(axis: nil, alignment: alignment, spacing: 0)
        self.content = content()
    }
}

/// What a stack node needs from any of the three stacks.
@MainActor
protocol StackWidget: PrimitiveWidget {
    associatedtype Content: Widget
    var layout: StackLayout { get }
    var content: Content { get }
}

extension StackWidget {
    func makeNode() -> Node { StackNode() }
}

/// The parameters of a stack; `axis` is `nil` for a `ZStack`.
struct StackLayout: Equatable {
    static let defaultSpacing = 8.0

    enum Axis: Equatable {
        case horizontal, vertical
    }

    let axis: Axis?
    let alignment: Alignment
    let spacing: Double

    init(axis: Axis?, alignment: Alignment, spacing: Double?) {
        self.axis = axis
        self.alignment = alignment
        self.spacing = spacing ?? Self.defaultSpacing
    }

    /// Children in a row, aligned vertically.
    static func horizontal(_ alignment: VerticalAlignment, spacing: Double?) -> StackLayout {
        StackLayout(
            axis: .horizontal, alignment: Alignment(horizontal: .center, vertical: alignment),
            spacing: spacing)
    }

    /// Children in a column, aligned horizontally.
    static func vertical(_ alignment: HorizontalAlignment, spacing: Double?) -> StackLayout {
        StackLayout(
            axis: .vertical, alignment: Alignment(horizontal: alignment, vertical: .center), spacing: spacing)
    }

    /// Where a child of `size` goes in `rect` when it starts `offset` along the axis: placed at the
    /// offset and aligned across the axis.
    func childFrame(size: Size, at offset: Double, in rect: Rect) -> Rect {
        switch axis {
        case .horizontal:
            let y = rect.minY + (rect.height - size.height) * alignment.vertical.fraction
            return Rect(x: rect.minX + offset, y: y, width: size.width, height: size.height)
        case .vertical, nil:
            let x = rect.minX + (rect.width - size.width) * alignment.horizontal.fraction
            return Rect(x: x, y: rect.minY + offset, width: size.width, height: size.height)
        }
    }
}
