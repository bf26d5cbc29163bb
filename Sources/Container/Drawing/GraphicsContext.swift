import CCairo

/// The drawing surface handed to a ``Canvas``, as SwiftUI's `GraphicsContext`: fill and stroke
/// ``Path``s with colours or gradients, and draw text, in points with the origin at the canvas's
/// top left corner.
///
/// ```swift
/// Canvas { graphics, size in
///     let bar = Path(roundedRect: Rect(origin: .zero, size: size), cornerRadius: 4)
///     graphics.fill(bar, with: .linearGradient(
///         Gradient(colors: [.red, .orange]), startPoint: .zero, endPoint: Point(x: size.width, y: 0)))
///     graphics.draw("72 %", at: Point(x: size.width / 2, y: size.height / 2), anchor: .center)
/// }
/// ```
///
/// > Important: Valid only during the canvas's drawing closure; do not keep it.
@MainActor
public struct GraphicsContext {
    /// What a fill or a stroke paints with.
    public enum Shading: Hashable, Sendable {
        /// One colour everywhere.
        case color(Color)
        /// Colours along the line from `startPoint` to `endPoint`, the same across it.
        case linearGradient(Gradient, startPoint: Point, endPoint: Point)
        /// Colours from the circle of `startRadius` around `center` out to that of `endRadius`.
        case radialGradient(Gradient, center: Point, startRadius: Double, endRadius: Double)
    }

    /// The `cairo_t *` the canvas draws with, for drawing the methods here do not offer.
    public let cairo: OpaquePointer
    /// The size of the canvas in points.
    public let size: Size
    /// The foreground colour of the canvas's environment.
    public let foregroundColor: Color
    /// Pixels per point of the surface, so text is rasterised sharp.
    let scale: Double

    init(cairo: OpaquePointer, size: Size, foregroundColor: Color, scale: Double) {
        self.cairo = cairo
        self.size = size
        self.foregroundColor = foregroundColor
        self.scale = scale
    }

    // MARK: Paths

    /// Fills the inside of `path`; with `evenOdd`, outlines inside others cut holes.
    public func fill(_ path: Path, with shading: Shading, evenOdd: Bool = false) {
        guard !path.isEmpty else { return }
        cairo_save(cairo)
        path.add(to: cairo)
        cairo_set_fill_rule(cairo, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        paint(shading) { cairo_fill(cairo) }
        cairo_restore(cairo)
    }

    /// Draws the outline of `path` `lineWidth` points wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: Double = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Draws the outline of `path` in `style`.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        guard !path.isEmpty, style.lineWidth > 0 else { return }
        cairo_save(cairo)
        path.add(to: cairo)
        cairo_set_line_width(cairo, style.lineWidth)
        let cap: cairo_line_cap_t =
            switch style.lineCap {
            case .butt: CAIRO_LINE_CAP_BUTT
            case .round: CAIRO_LINE_CAP_ROUND
            case .square: CAIRO_LINE_CAP_SQUARE
            }
        let join: cairo_line_join_t =
            switch style.lineJoin {
            case .miter: CAIRO_LINE_JOIN_MITER
            case .round: CAIRO_LINE_JOIN_ROUND
            case .bevel: CAIRO_LINE_JOIN_BEVEL
            }
        cairo_set_line_cap(cairo, cap)
        cairo_set_line_join(cairo, join)
        let dashes = style.dash.filter { $0 >= 0 && $0.isFinite }
        if dashes.contains(where: { $0 > 0 }) { cairo_set_dash(cairo, dashes, Int32(dashes.count), 0) }
        paint(shading) { cairo_stroke(cairo) }
        cairo_restore(cairo)
    }

    /// Sets `shading` as the source, runs `draw`, and lets go of a gradient made for it.
    private func paint(_ shading: Shading, _ draw: () -> Void) {
        let pattern: OpaquePointer?
        switch shading {
        case .color(let color):
            setColor(color)
            return draw()
        case .linearGradient(let gradient, let start, let end):
            pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)
            Self.add(gradient, to: pattern)
        case .radialGradient(let gradient, let center, let startRadius, let endRadius):
            pattern = cairo_pattern_create_radial(
                center.x, center.y, max(0, startRadius), center.x, center.y, max(0, endRadius))
            Self.add(gradient, to: pattern)
        }
        cairo_set_source(cairo, pattern)
        draw()
        cairo_pattern_destroy(pattern)
    }

    private static func add(_ gradient: Gradient, to pattern: OpaquePointer?) {
        for stop in gradient.stops {
            let color = stop.color
            cairo_pattern_add_color_stop_rgba(
                pattern, min(max(stop.location, 0), 1), color.red, color.green, color.blue, color.alpha)
        }
    }

    // MARK: Text

    /// Draws `text` with its `anchor` point at `point` (`.center`: centred on it), in `font` and
    /// `color` (the foreground colour without one), wrapped at `maxWidth` if given.
    public func draw(
        _ text: String, at point: Point, anchor: Alignment = .topLeading, font: Font = .body,
        color: Color? = nil,
        maxWidth: Double? = nil
    ) {
        let layout = TextEngine.shared.layout(
            text, font: font, scale: scale, maxWidth: maxWidth, lineLimit: nil)
        let origin = Point(
            x: point.x - layout.size.width * anchor.horizontal.fraction,
            y: point.y - layout.size.height * anchor.vertical.fraction)
        cairo_save(cairo)
        setColor(color ?? foregroundColor)
        for (index, line) in layout.lines.enumerated() {
            TextEngine.shared.drawLine(
                line, font: font, scale: scale,
                at: Point(x: origin.x, y: origin.y + Double(index) * layout.lineHeight), cairo: cairo)
        }
        cairo_restore(cairo)
    }

    /// The size `text` takes in `font`, wrapped at `maxWidth` if given.
    public func measure(_ text: String, font: Font = .body, maxWidth: Double? = nil) -> Size {
        TextEngine.shared.layout(text, font: font, scale: scale, maxWidth: maxWidth, lineLimit: nil).size
    }

    // MARK: Shortcuts

    /// Sets the colour the next fill or stroke of the raw `cairo` context uses.
    public func setColor(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// Fills `rect` with `color`.
    public func fill(_ rect: Rect, with color: Color) {
        fill(Path(rect), with: .color(color))
    }

    /// Fills a disc of `radius` around `center` with `color` (knobs, dots, markers).
    public func fillCircle(center: Point, radius: Double, color: Color) {
        let radius = max(0, radius)
        fill(
            Path(
                ellipseIn: Rect(
                    x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius)),
            with: .color(color))
    }

    /// Draws a straight line from `start` to `end`.
    public func strokeLine(from start: Point, to end: Point, color: Color, lineWidth: Double = 1) {
        var line = Path()
        line.addLines([start, end])
        stroke(line, with: .color(color), lineWidth: lineWidth)
    }
}
