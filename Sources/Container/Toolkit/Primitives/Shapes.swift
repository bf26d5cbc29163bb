import CCairo
import Foundation

/// A rectangle filling its frame.
public struct Rectangle: Shape {
    /// The rectangle.
    public init() {}

    public func addPath(in rect: Rect, to cairo: OpaquePointer) {
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
    }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape {
    /// The corner radius in points (at most half the shorter side).
    public let cornerRadius: Double

    /// A rectangle whose corners are arcs of `cornerRadius`.
    public init(cornerRadius: Double) {
        self.cornerRadius = cornerRadius
    }

    public func addPath(in rect: Rect, to cairo: OpaquePointer) {
        addRoundedRect(rect, radius: cornerRadius, to: cairo)
    }
}

/// The largest circle centred in its frame.
public struct Circle: Shape {
    /// The circle.
    public init() {}

    public func addPath(in rect: Rect, to cairo: OpaquePointer) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, rect.midX, rect.midY, min(rect.width, rect.height) / 2, 0, 2 * Double.pi)
        cairo_close_path(cairo)
    }
}

/// A rectangle whose shorter sides are half circles.
public struct Capsule: Shape {
    /// The capsule.
    public init() {}

    public func addPath(in rect: Rect, to cairo: OpaquePointer) {
        addRoundedRect(rect, radius: min(rect.width, rect.height) / 2, to: cairo)
    }
}

/// Adds a rounded rectangle as a closed sub-path; the radius is clamped to fit.
func addRoundedRect(_ rect: Rect, radius: Double, to cairo: OpaquePointer) {
    let r = max(0, min(radius, rect.width / 2, rect.height / 2))
    let quarter = Double.pi / 2
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, rect.maxX - r, rect.minY + r, r, -quarter, 0)
    cairo_arc(cairo, rect.maxX - r, rect.maxY - r, r, 0, quarter)
    cairo_arc(cairo, rect.minX + r, rect.maxY - r, r, quarter, 2 * quarter)
    cairo_arc(cairo, rect.minX + r, rect.minY + r, r, 2 * quarter, 3 * quarter)
    cairo_close_path(cairo)
}
