import CCairo
import Foundation

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
        let frameRect = layer.frame
        let visible = layer.visibleFrame
        cairo_rectangle(cr, visible.minX, visible.minY, visible.width, visible.height)
        cairo_clip(cr)
        cairo_set_source_rgb(cr, 0, 0, 0)
        cairo_paint(cr)
        guard let frame = layer.player.currentFrame, let pixels = frame.rgbaPixels(),
            let image = try? RasterImage(width: pixels.width, height: pixels.height, rgba: pixels.bytes)
        else { return }
        let placement = VideoGeometry.placement(
            pictureSize: Size(width: Double(frame.width), height: Double(frame.height)),
            sampleAspectRatio: frame.sampleAspectRatio, orientation: frame.orientation, in: frameRect,
            gravity: layer.gravity)
        let copy = placement.copyRect
        guard copy.width > 0, copy.height > 0 else { return }
        cairo_translate(cr, copy.midX, copy.midY)
        cairo_rotate(cr, placement.angle * Double.pi / 180)
        if placement.mirrored { cairo_scale(cr, -1, 1) }
        cairo_scale(cr, copy.width / Double(image.width), copy.height / Double(image.height))
        cairo_translate(cr, -Double(image.width) / 2, -Double(image.height) / 2)
        cairo_set_source_surface(cr, image.surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint(cr)
    }
}
