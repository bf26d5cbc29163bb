import CCairo

extension WidgetHost {
    /// The video surfaces in the tree, with their frames from the last ``update()``.
    public var videoLayers: [VideoLayer] { tree.videoSurfaces.layers }

    /// The host's pixels composed over the current frame of every ``VideoSurface``, as a window shows
    /// them (black behind the picture, the same gravity, rotation and mirror).
    ///
    /// Converts each frame to RGBA on the CPU: meant for tests and screenshots, not for playback.
    public func snapshotWithVideo() -> RasterImage {
        let background = RasterImage(width: pixelWidth, height: pixelHeight)
        let cr = CairoContext(surface: background.surface)
        cairo_scale(cr.pointer, scale, scale)
        for layer in videoLayers {
            Self.paint(layer, into: cr.pointer)
        }
        background.surface.flush()
        return snapshot(over: background)
    }

    private static func paint(_ layer: VideoLayer, into cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let visible = layer.visibleFrame
        cairo_rectangle(cr, visible.minX, visible.minY, visible.width, visible.height)
        cairo_clip(cr)
        Path(roundedRect: layer.frame, cornerRadius: layer.cornerRadius).add(to: cr)
        cairo_clip(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        guard let frame = layer.player.currentFrame else { return }
        RasterImage.paint(
            frame, in: layer.frame, gravity: layer.gravity, cornerRadius: layer.cornerRadius, into: cr)
    }
}
