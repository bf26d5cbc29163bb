import CCairo
import Foundation

/// An angle, as SwiftUI's: `.degrees(90)` or `.radians(.pi / 2)`.
public struct Angle: Hashable, Sendable {
    /// The angle in radians.
    public var radians: Double

    /// An angle of `radians`.
    public init(radians: Double) {
        self.radians = radians
    }

    /// The angle in degrees.
    public var degrees: Double { radians * 180 / Double.pi }

    /// An angle of `radians`.
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    /// An angle of `degrees`.
    public static func degrees(_ degrees: Double) -> Angle { Angle(radians: degrees * Double.pi / 180) }
}

/// An outline to fill or stroke in a ``Canvas``, as SwiftUI's `Path`: lines, curves, arcs,
/// rectangles and ellipses, in points.
///
/// ```swift
/// var wave = Path()
/// wave.move(to: Point(x: 0, y: 20))
/// wave.addCurve(to: Point(x: 80, y: 20), control1: Point(x: 30, y: 0), control2: Point(x: 50, y: 40))
/// graphics.stroke(wave, with: .color(.white), lineWidth: 2)
/// ```
public struct Path: Equatable, Sendable {
    enum Element: Equatable, Sendable {
        case move(Point)
        case line(Point)
        case curve(Point, control1: Point, control2: Point)
        case arc(center: Point, radius: Double, start: Angle, end: Angle, clockwise: Bool)
        case close
    }

    private(set) var elements: [Element] = []

    /// An empty path.
    public init() {}

    /// A rectangle.
    public init(_ rect: Rect) {
        addRect(rect)
    }

    /// A rectangle with corners rounded by `cornerRadius`.
    public init(roundedRect rect: Rect, cornerRadius: Double) {
        addRoundedRect(in: rect, cornerRadius: cornerRadius)
    }

    /// The ellipse that fills `rect` (a circle in a square).
    public init(ellipseIn rect: Rect) {
        addEllipse(in: rect)
    }

    /// Whether the path has nothing in it.
    public var isEmpty: Bool { elements.isEmpty }

    /// Starts a new outline at `point`.
    public mutating func move(to point: Point) {
        elements.append(.move(point))
    }

    /// A straight line from the current point to `point`.
    public mutating func addLine(to point: Point) {
        elements.append(.line(point))
    }

    /// Straight lines through `points`, starting a new outline at the first.
    public mutating func addLines(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A cubic Bézier curve from the current point to `point`.
    public mutating func addCurve(to point: Point, control1: Point, control2: Point) {
        elements.append(.curve(point, control1: control1, control2: control2))
    }

    /// A quadratic Bézier curve from the current point to `point`.
    public mutating func addQuadCurve(to point: Point, control: Point) {
        guard let start = currentPoint else { return move(to: point) }
        // The cubic curve with the same shape: its controls two thirds of the way to `control`.
        let control1 = Point(
            x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y))
        let control2 = Point(
            x: point.x + 2 / 3 * (control.x - point.x), y: point.y + 2 / 3 * (control.y - point.y))
        addCurve(to: point, control1: control1, control2: control2)
    }

    /// An arc of the circle around `center`, from `startAngle` to `endAngle` (0 points right, and
    /// angles grow clockwise on the screen, as y grows downwards); a line joins it to the current
    /// point.
    public mutating func addArc(
        center: Point, radius: Double, startAngle: Angle, endAngle: Angle, clockwise: Bool = true
    ) {
        elements.append(
            .arc(
                center: center, radius: max(0, radius), start: startAngle, end: endAngle, clockwise: clockwise
            ))
    }

    /// A closed rectangle.
    public mutating func addRect(_ rect: Rect) {
        addLines([
            rect.origin, Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
            Point(x: rect.minX, y: rect.maxY),
        ])
        closeSubpath()
    }

    /// A closed rectangle with corners rounded by `cornerRadius` (at most half its shorter side).
    public mutating func addRoundedRect(in rect: Rect, cornerRadius: Double) {
        let radius = min(max(0, cornerRadius), min(rect.width, rect.height) / 2)
        guard radius > 0 else { return addRect(rect) }
        let degrees = { (value: Double) in Angle.degrees(value) }
        move(to: Point(x: rect.minX + radius, y: rect.minY))
        addArc(
            center: Point(x: rect.maxX - radius, y: rect.minY + radius), radius: radius,
            startAngle: degrees(-90),
            endAngle: degrees(0))
        addArc(
            center: Point(x: rect.maxX - radius, y: rect.maxY - radius), radius: radius,
            startAngle: degrees(0),
            endAngle: degrees(90))
        addArc(
            center: Point(x: rect.minX + radius, y: rect.maxY - radius), radius: radius,
            startAngle: degrees(90),
            endAngle: degrees(180))
        addArc(
            center: Point(x: rect.minX + radius, y: rect.minY + radius), radius: radius,
            startAngle: degrees(180),
            endAngle: degrees(270))
        closeSubpath()
    }

    /// A closed ellipse filling `rect`.
    public mutating func addEllipse(in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        // Four cubic curves, each a quarter, with the usual control distance for a circle.
        let k = 0.5522847498
        let (cx, cy, rx, ry) = (rect.midX, rect.midY, rect.width / 2, rect.height / 2)
        move(to: Point(x: cx + rx, y: cy))
        addCurve(
            to: Point(x: cx, y: cy + ry), control1: Point(x: cx + rx, y: cy + k * ry),
            control2: Point(x: cx + k * rx, y: cy + ry))
        addCurve(
            to: Point(x: cx - rx, y: cy), control1: Point(x: cx - k * rx, y: cy + ry),
            control2: Point(x: cx - rx, y: cy + k * ry))
        addCurve(
            to: Point(x: cx, y: cy - ry), control1: Point(x: cx - rx, y: cy - k * ry),
            control2: Point(x: cx - k * rx, y: cy - ry))
        addCurve(
            to: Point(x: cx + rx, y: cy), control1: Point(x: cx + k * rx, y: cy - ry),
            control2: Point(x: cx + rx, y: cy - k * ry))
        closeSubpath()
    }

    /// Closes the current outline with a line back to its start.
    public mutating func closeSubpath() {
        elements.append(.close)
    }

    /// Whether every point, radius and angle of the path is a finite number (Cairo cannot draw the
    /// others).
    public var isFinite: Bool {
        elements.allSatisfy { element in
            switch element {
            case .move(let point), .line(let point): point.isFinite
            case .curve(let point, let control1, let control2):
                point.isFinite && control1.isFinite && control2.isFinite
            case .arc(let center, let radius, let start, let end, _):
                center.isFinite && radius.isFinite && start.radians.isFinite && end.radians.isFinite
            case .close: true
            }
        }
    }

    /// Where the next line or curve starts, where the path knows it.
    private var currentPoint: Point? {
        switch elements.last {
        case .move(let point)?, .line(let point)?, .curve(let point, _, _)?: point
        case .arc(let center, let radius, _, let end, _)?:
            Point(x: center.x + radius * cos(end.radians), y: center.y + radius * sin(end.radians))
        case .close?, nil: nil
        }
    }

    /// Builds the path in `cairo` as its current path.
    func add(to cairo: OpaquePointer) {
        cairo_new_path(cairo)
        for element in elements {
            switch element {
            case .move(let point): cairo_move_to(cairo, point.x, point.y)
            case .line(let point): cairo_line_to(cairo, point.x, point.y)
            case .curve(let point, let control1, let control2):
                cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, point.x, point.y)
            case .arc(let center, let radius, let start, let end, let clockwise):
                if clockwise {
                    cairo_arc(cairo, center.x, center.y, radius, start.radians, end.radians)
                } else {
                    cairo_arc_negative(cairo, center.x, center.y, radius, start.radians, end.radians)
                }
            case .close: cairo_close_path(cairo)
            }
        }
    }
}

/// Colours spread along a line or a circle, for a ``GraphicsContext/Shading``.
public struct Gradient: Hashable, Sendable {
    /// A colour at a place along the gradient, 0 at its start and 1 at its end.
    public struct Stop: Hashable, Sendable {
        /// The colour at this place.
        public var color: Color
        /// Where the colour is, from 0 (the gradient's start) to 1 (its end).
        public var location: Double

        /// `color` at `location`.
        public init(color: Color, location: Double) {
            self.color = color
            self.location = location
        }
    }

    /// The colours and where they are, in order along the gradient.
    public var stops: [Stop]

    /// A gradient through `stops`.
    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// `colors` spread evenly from start to end.
    public init(colors: [Color]) {
        let last = Double(max(1, colors.count - 1))
        stops = colors.enumerated().map { Stop(color: $1, location: Double($0) / last) }
    }
}

/// How a stroke is drawn: its width, its ends, its corners and its dashes.
public struct StrokeStyle: Hashable, Sendable {
    /// How the ends of an open outline are drawn.
    public enum LineCap: Hashable, Sendable {
        /// Square ends that stop at the end point.
        case butt
        /// Half-circle ends around the end point.
        case round
        /// Square ends that reach half the line's width past the end point.
        case square
    }

    /// How the corners of an outline are drawn.
    public enum LineJoin: Hashable, Sendable {
        /// Sharp corners, the edges extended until they meet.
        case miter
        /// Rounded corners.
        case round
        /// Corners cut off square.
        case bevel
    }

    /// The line's width in points.
    public var lineWidth: Double
    /// How the ends are drawn.
    public var lineCap: LineCap
    /// How the corners are drawn.
    public var lineJoin: LineJoin
    /// Lengths of dashes and gaps, in turn; empty for a solid line.
    public var dash: [Double]

    /// A stroke style; the defaults draw a solid line one point wide with square ends and sharp
    /// corners.
    public init(
        lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, dash: [Double] = []
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.dash = dash
    }
}

extension Point {
    fileprivate var isFinite: Bool { x.isFinite && y.isFinite }
}
