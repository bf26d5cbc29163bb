import CCairo

/// What nodes draw with: the Cairo context (already scaled to points and clipped to the damage)
/// and the bounds of the damaged area, to skip nodes outside it.
@MainActor
struct DrawContext {
    let cairo: OpaquePointer
    /// The union of the damaged rectangles, in points.
    let dirtyBounds: Rect
    /// Pixels per point of the target surface.
    let scale: Double

    /// Whether anything painted inside `rect` can show.
    func needsDrawing(_ rect: Rect) -> Bool {
        rect.intersection(dirtyBounds) != nil
    }

    func setSource(_ color: Color) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    /// Draws `body` into an offscreen group and composites it with `opacity`.
    func withOpacity(_ opacity: Double, _ body: () -> Void) {
        guard opacity < 1 else { return body() }
        guard opacity > 0 else { return }
        cairo_push_group(cairo)
        body()
        cairo_pop_group_to_source(cairo)
        cairo_paint_with_alpha(cairo, opacity)
    }

    /// Runs `body` with Cairo's state saved and restored around it.
    func saved(_ body: () -> Void) {
        cairo_save(cairo)
        body()
        cairo_restore(cairo)
    }
}

extension DrawContext {
    /// Restricts drawing to `rect` (until the enclosing `saved` ends).
    func clip(to rect: Rect) {
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cairo)
    }

    /// Moves the origin to `point`.
    func translate(to point: Point) {
        cairo_translate(cairo, point.x, point.y)
    }
}

extension DrawContext {
    /// Restricts drawing to the current path (until the enclosing `saved` ends).
    func clipToPath() {
        cairo_clip(cairo)
    }
}
