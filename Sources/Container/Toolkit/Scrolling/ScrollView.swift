/// A direction of layout or scrolling.
public enum Axis: Hashable, Sendable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical

    /// A set of axes: the directions a ``ScrollView`` scrolls in.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int

        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// The horizontal axis alone.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis alone.
        public static let vertical = Set(rawValue: 2)
    }
}

/// A point in a rectangle given as fractions of its size: (0, 0) is the top left corner.
public struct UnitPoint: Hashable, Sendable {
    /// The fraction of the width from the left edge: 0 is the left, 1 the right.
    public var x: Double
    /// The fraction of the height from the top edge: 0 is the top, 1 the bottom.
    public var y: Double

    /// A point `x` of the way across and `y` of the way down.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The top left corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The top right corner.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The middle of the left edge.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The middle of the right edge.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The bottom left corner.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The bottom right corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// Content larger than the view, moved with the wheel, the touchpad or a drag, and clipped to the view.
///
/// ```swift
/// ScrollView {
///     ForEach(comments) { comment in CommentRow(comment) }
/// }
/// ```
/// The content is laid out in a stack along the scroll axis (a `VStack(alignment: .leading)`, or an
/// `HStack(alignment: .top)` when the view scrolls only horizontally) at its ideal length, and
/// across at the view's size. A drag that starts on
/// the content scrolls it, with momentum once the pointer lets go, and the tap under the pointer
/// does not fire; a drag handler or an `onPointer` widget inside the content keeps its drags. A
/// scroll view at its edge hands the rest of a wheel scroll, or a drag that starts there, to the
/// scroll view around it. Scroll indicators show while the content moves, then fade.
public struct ScrollView<Content: Widget>: PrimitiveWidget, ScrollViewWidget {
    let axes: Axis.Set
    let showsIndicators: Bool
    let content: Content

    /// Scrolls `content` along `axes`; `showsIndicators` draws the bars that show where the view is.
    public init(
        _ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @WidgetBuilder content: () -> Content
    ) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    var stackedContent: any Widget {
        axes == .horizontal
            ? AnyWidget(HStack(alignment: .top) { content })
            : AnyWidget(VStack(alignment: .leading) { content })
    }

    func makeNode() -> Node { ScrollNode() }
}

/// What the scroll node needs from a ``ScrollView`` of any content.
@MainActor
protocol ScrollViewWidget {
    var axes: Axis.Set { get }
    var showsIndicators: Bool { get }
    var stackedContent: any Widget { get }
}
