import CCairo

extension RasterImage {
    /// A decoded picture as a viewer sees it: at its display size (square pixels, with the stream's
    /// rotation and mirroring applied), opaque.
    ///
    /// A 720x576 picture with 16:15 pixels makes a 768x576 image; a portrait phone video stored
    /// 1920x1080 with a quarter turn makes a 1080x1920 one. Converts on the CPU with swscale.
    ///
    /// - Throws: ``ContainerError/invalidPixelData(_:)`` when the picture is empty or swscale cannot
    ///   convert its pixel format.
    public convenience init(frame: VideoFrame) throws(ContainerError) {
        let size = frame.displaySize
        let width = Int(size.width.rounded())
        let height = Int(size.height.rounded())
        guard width > 0, height > 0 else {
            throw .invalidPixelData("a picture of \(frame.width)x\(frame.height) shows nothing")
        }
        self.init(width: width, height: height)
        let cairo = CairoContext(surface: surface)
        cairo_set_source_rgb(cairo.pointer, 0, 0, 0)
        cairo_paint(cairo.pointer)
        let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        guard Self.paint(frame, in: bounds, gravity: .fit, into: cairo.pointer) else {
            throw .invalidPixelData("the \(frame.width)x\(frame.height) picture cannot be converted to RGB")
        }
        surface.flush()
    }

    /// The picture of a thumbnail (a seek preview, a poster, an artwork image).
    ///
    /// - Throws: ``ContainerError/invalidPixelData(_:)`` when its pixels do not fill its size.
    public convenience init(thumbnail: Thumbnail) throws(ContainerError) {
        let pixels = thumbnail.pixels
        try self.init(width: pixels.width, height: pixels.height, rgba: pixels.bytes)
    }

    /// Draws `frame` into `rect` of `cr` as a window places it (the same gravity, rotation and
    /// mirror, the picture's corners rounded by `cornerRadius`); `false` when the picture cannot be
    /// converted.
    @discardableResult
    static func paint(
        _ frame: VideoFrame, in rect: Rect, gravity: VideoGravity, cornerRadius: Double = 0,
        into cr: OpaquePointer
    ) -> Bool {
        guard let pixels = frame.rgbaPixels(),
            let image = try? RasterImage(width: pixels.width, height: pixels.height, rgba: pixels.bytes)
        else { return false }
        let placement = VideoGeometry.placement(
            pictureSize: Size(width: Double(frame.width), height: Double(frame.height)),
            sampleAspectRatio: frame.sampleAspectRatio, orientation: frame.orientation, in: rect,
            gravity: gravity)
        let copy = placement.copyRect
        guard copy.width > 0, copy.height > 0 else { return true }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        clipToRoundedPicture(placement, radius: cornerRadius, cairo: cr)
        cairo_translate(cr, copy.midX, copy.midY)
        cairo_rotate(cr, placement.angle * Double.pi / 180)
        if placement.mirrored { cairo_scale(cr, -1, 1) }
        cairo_scale(cr, copy.width / Double(image.width), copy.height / Double(image.height))
        cairo_translate(cr, -Double(image.width) / 2, -Double(image.height) / 2)
        cairo_set_source_surface(cr, image.surface.pointer, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        cairo_paint(cr)
        return true
    }

    /// Narrows `cairo`'s clip to the placed picture's shown rectangle with corners rounded by
    /// `radius`; nothing changes when `radius` is 0.
    static func clipToRoundedPicture(_ placement: VideoPlacement, radius: Double, cairo: OpaquePointer?) {
        guard radius > 0, let cairo else { return }
        let shown =
            VideoGeometry.shownRect(of: placement) ?? Rect(origin: placement.clipRect.origin, size: .zero)
        Path(roundedRect: shown, cornerRadius: radius).add(to: cairo)
        cairo_clip(cairo)
    }
}
