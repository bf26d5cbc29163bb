/// Where children line up across a vertical stack.
public enum HorizontalAlignment: Hashable, Sendable {
    /// Against the left edge.
    case leading
    /// In the middle.
    case center
    /// Against the right edge.
    case trailing

    /// The fraction of the free space that goes before the child.
    var fraction: Double {
        switch self {
        case .leading: 0
        case .center: 0.5
        case .trailing: 1
        }
    }
}

/// Where children line up across a horizontal stack.
public enum VerticalAlignment: Hashable, Sendable {
    /// Against the top edge.
    case top
    /// In the middle.
    case center
    /// Against the bottom edge.
    case bottom

    /// The fraction of the free space that goes above the child.
    var fraction: Double {
        switch self {
        case .top: 0
        case .center: 0.5
        case .bottom: 1
        }
    }
}

/// A horizontal and a vertical alignment: where a child sits in a larger frame or `ZStack`.
public struct Alignment: Hashable, Sendable {
    /// Placement along the x axis.
    public var horizontal: HorizontalAlignment
    /// Placement along the y axis.
    public var vertical: VerticalAlignment

    /// Combines a horizontal and a vertical alignment.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// In the top left corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// In the middle of the top edge.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// In the top right corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// In the middle of the left edge.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// In the centre.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// In the middle of the right edge.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// In the bottom left corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// In the middle of the bottom edge.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// In the bottom right corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// The rectangle of `size` aligned inside `rect`.
    func place(_ size: Size, in rect: Rect) -> Rect {
        Rect(
            x: rect.minX + (rect.width - size.width) * horizontal.fraction,
            y: rect.minY + (rect.height - size.height) * vertical.fraction,
            width: size.width, height: size.height)
    }
}

/// One of the four edges, for padding and `move` transitions.
public enum Edge: Hashable, Sendable, CaseIterable {
    /// The top edge.
    case top
    /// The left edge.
    case leading
    /// The bottom edge.
    case bottom
    /// The right edge.
    case trailing
}

/// A set of edges, for padding some sides only.
public struct EdgeSet: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The top edge.
    public static let top = EdgeSet(rawValue: 1)
    /// The left edge.
    public static let leading = EdgeSet(rawValue: 2)
    /// The bottom edge.
    public static let bottom = EdgeSet(rawValue: 4)
    /// The right edge.
    public static let trailing = EdgeSet(rawValue: 8)
    /// The left and right edges.
    public static let horizontal: EdgeSet = [.leading, .trailing]
    /// The top and bottom edges.
    public static let vertical: EdgeSet = [.top, .bottom]
    /// All four edges.
    public static let all: EdgeSet = [.horizontal, .vertical]
}
