import CCairo

extension WidgetHost {
    /// A copy of the host's pixels as they are now.
    public func snapshot() -> RasterImage {
        compose(over: nil)
    }

    /// The host's pixels composed over `background`, stretched to the host's pixel size.
    public func snapshot(over background: RasterImage) -> RasterImage {
        compose(over: background)
    }

    private func compose(over background: RasterImage?) -> RasterImage {
        let copy = CairoSurface(width: pixelWidth, height: pixelHeight)
        let cairo = CairoContext(surface: copy)
        let cr = cairo.pointer
        if let background, background.width > 0, background.height > 0 {
            cairo_save(cr)
            cairo_scale(
                cr, Double(pixelWidth) / Double(background.width),
                Double(pixelHeight) / Double(background.height))
            cairo_set_source_surface(cr, background.surface.pointer, 0, 0)
            cairo_paint(cr)
            cairo_restore(cr)
        }
        surface.flush()
        cairo_set_source_surface(cr, surface.pointer, 0, 0)
        cairo_paint(cr)
        copy.flush()
        return RasterImage(surface: copy)
    }
}
