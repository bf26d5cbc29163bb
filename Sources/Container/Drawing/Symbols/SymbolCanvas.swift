import CCairo
import Foundation

/// A thin path-building wrapper around a `cairo_t *` whose user space is the 24×24 symbol design grid.
///
/// Every symbol is designed on the same grid with the same stroke width, so the set keeps one optical
/// weight at any size; `SymbolPainter` installs the transform from grid to device before drawing.
/// > Important: The canvas does not own the context and must not outlive the `paint` call that made it.
struct SymbolCanvas {
    /// A point on the 24×24 grid, written as a tuple so the icon outlines stay readable.
    typealias GridPoint = (x: Double, y: Double)
    /// One cubic Bézier segment: two control points and where it ends.
    typealias CurveSegment = (c1: GridPoint, c2: GridPoint, end: GridPoint)

    /// Side of the square design grid.
    static let gridSize = 24.0
    /// The stroke width every outlined symbol uses, so outlines and filled shapes weigh the same.
    static let strokeWidth = 2.0

    let cairo: OpaquePointer

    // MARK: Paths

    /// Adds an open or closed polyline through `points` as a new sub-path.
    func polyline(_ points: [GridPoint], closed: Bool = false) {
        guard let first = points.first else { return }
        cairo_new_sub_path(cairo)
        cairo_move_to(cairo, first.x, first.y)
        for point in points.dropFirst() { cairo_line_to(cairo, point.x, point.y) }
        if closed { cairo_close_path(cairo) }
    }

    /// Adds a closed polygon as a new sub-path.
    func polygon(_ points: [GridPoint]) { polyline(points, closed: true) }

    /// Adds a straight segment as a new sub-path.
    func line(_ from: GridPoint, _ to: GridPoint) { polyline([from, to]) }

    /// Adds a full circle as a new sub-path.
    func circle(_ center: GridPoint, radius: Double) {
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_close_path(cairo)
    }

    /// Adds an ellipse as a new sub-path; the transform is scoped so the stroke width stays uniform.
    func ellipse(_ center: GridPoint, radiusX: Double, radiusY: Double) {
        cairo_save(cairo)
        cairo_translate(cairo, center.x, center.y)
        cairo_scale(cairo, radiusX, radiusY)
        circle((0, 0), radius: 1)
        cairo_restore(cairo)
    }

    /// Adds an arc as a new sub-path; angles are in degrees, clockwise on screen from +x.
    func arc(_ center: GridPoint, radius: Double, from start: Double, to end: Double, clockwise: Bool = true)
    {
        cairo_new_sub_path(cairo)
        let (a0, a1) = (Self.radians(start), Self.radians(end))
        if clockwise {
            cairo_arc(cairo, center.x, center.y, radius, a0, a1)
        } else {
            cairo_arc_negative(cairo, center.x, center.y, radius, a0, a1)
        }
    }

    /// Adds a rectangle with circular corners as a new sub-path.
    func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = min(radius, width / 2, height / 2)
        let halfPi = Double.pi / 2
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - r, y + r, r, -halfPi, 0)
        cairo_arc(cairo, x + width - r, y + height - r, r, 0, halfPi)
        cairo_arc(cairo, x + r, y + height - r, r, halfPi, 2 * halfPi)
        cairo_arc(cairo, x + r, y + r, r, 2 * halfPi, 3 * halfPi)
        cairo_close_path(cairo)
    }

    /// Adds a chain of cubic Bézier segments from `start` as a new, closed sub-path.
    func curve(from start: GridPoint, through segments: [CurveSegment]) {
        cairo_new_sub_path(cairo)
        cairo_move_to(cairo, start.x, start.y)
        for segment in segments {
            cairo_curve_to(
                cairo, segment.c1.x, segment.c1.y, segment.c2.x, segment.c2.y, segment.end.x, segment.end.y)
        }
        cairo_close_path(cairo)
    }

    /// Adds a rounded speech bubble whose tail hangs below the bottom edge at `tailX`.
    func bubble(x: Double, y: Double, width: Double, height: Double, tailX: Double) {
        let (r, tail, halfPi) = (3.0, 4.0, Double.pi / 2)
        let (right, bottom) = (x + width, y + height)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, right - r, y + r, r, -halfPi, 0)
        cairo_arc(cairo, right - r, bottom - r, r, 0, halfPi)
        cairo_line_to(cairo, tailX + tail, bottom)
        cairo_line_to(cairo, tailX, bottom + tail)
        cairo_line_to(cairo, tailX, bottom)
        cairo_arc(cairo, x + r, bottom - r, r, halfPi, 2 * halfPi)
        cairo_arc(cairo, x + r, y + r, r, 2 * halfPi, 3 * halfPi)
        cairo_close_path(cairo)
    }

    /// Adds a circular arc ending in a filled arrowhead that points along the direction of travel.
    ///
    /// The arc is stroked and the head filled immediately, because the two need different painting.
    func arcArrow(
        _ center: GridPoint, radius: Double, from start: Double, to end: Double, clockwise: Bool,
        headSize: Double = 3
    ) {
        arc(center, radius: radius, from: start, to: end, clockwise: clockwise)
        stroke()
        let angle = Self.radians(end)
        let tip = Self.polar(center, radius: radius, degrees: end)
        // Tangent of travel: clockwise on screen (y down) is the derivative of the angle.
        let direction = clockwise ? 1.0 : -1.0
        let tangent: GridPoint = (-sin(angle) * direction, cos(angle) * direction)
        let normal: GridPoint = (cos(angle), sin(angle))
        polygon([
            (tip.x + tangent.x * headSize, tip.y + tangent.y * headSize),
            (tip.x + normal.x * headSize, tip.y + normal.y * headSize),
            (tip.x - normal.x * headSize, tip.y - normal.y * headSize),
        ])
        fill()
    }

    // MARK: Painting

    /// Strokes and clears the current path with round caps and joins.
    func stroke(width: Double = strokeWidth) {
        cairo_set_line_width(cairo, width)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_stroke(cairo)
    }

    /// Fills and clears the current path; even-odd turns inner sub-paths into holes.
    ///
    /// `soften` strokes the outline thinly with round joins so sharp polygon corners match the rounded
    /// strokes of the outlined symbols; holes shrink by half that width.
    func fill(evenOdd: Bool = false, soften: Double = 0) {
        cairo_set_fill_rule(cairo, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        if soften > 0 {
            cairo_fill_preserve(cairo)
            stroke(width: soften)
        } else {
            cairo_fill(cairo)
        }
    }

    // MARK: Transforms

    /// Runs `draw` with the grid flipped left-to-right, for symbols that are mirror images of another.
    func mirrored(_ draw: () -> Void) {
        transformed(xx: -1, yy: 1, draw)
    }

    /// Runs `draw` with the grid turned half a turn about its centre.
    func rotatedHalfTurn(_ draw: () -> Void) {
        transformed(xx: -1, yy: -1, draw)
    }

    private func transformed(xx: Double, yy: Double, _ draw: () -> Void) {
        let mid = Self.gridSize / 2
        cairo_save(cairo)
        cairo_translate(cairo, mid, mid)
        cairo_scale(cairo, xx, yy)
        cairo_translate(cairo, -mid, -mid)
        draw()
        cairo_restore(cairo)
    }

    /// The grid point at `radius` and `degrees` (clockwise on screen from +x) around `center`.
    static func polar(_ center: GridPoint, radius: Double, degrees: Double) -> GridPoint {
        let angle = radians(degrees)
        return (center.x + radius * cos(angle), center.y + radius * sin(angle))
    }

    private static func radians(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
}
