/// Distances of the four edges, as SwiftUI's `EdgeInsets`.
public struct EdgeInsets: Hashable, Sendable {
    /// The distance from the top edge.
    public var top: Double
    /// The distance from the left edge.
    public var leading: Double
    /// The distance from the bottom edge.
    public var bottom: Double
    /// The distance from the right edge.
    public var trailing: Double

    /// No distance on any edge.
    public static let zero = EdgeInsets()

    /// Insets with the given distance on each edge, none where not given.
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same distance on all four edges.
    public init(all: Double) {
        self.init(top: all, leading: all, bottom: all, trailing: all)
    }

    /// One distance on the left and right edges, another on the top and bottom.
    public init(horizontal: Double = 0, vertical: Double = 0) {
        self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
    }
}

extension Rect {
    /// The rectangle shrunk by `amount` on every side (grown outwards when negative).
    public func insetBy(_ amount: Double) -> Rect {
        inset(by: EdgeInsets(all: amount))
    }

    /// The rectangle with each edge moved inwards by the matching inset.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.leading, y: minY + insets.top,
            width: max(0, width - insets.leading - insets.trailing),
            height: max(0, height - insets.top - insets.bottom))
    }
}
