extension RenderService {
    /// The picture now, as an image ``RasterImage/writePNG(to:)`` saves.
    ///
    /// Without the overlay it is the video alone at its display size (square pixels, rotation
    /// applied, the picture adjustments in), whatever size the window shows it at; with the overlay it
    /// is the window as shown, widgets and subtitles included, at the window's pixel size.
    ///
    /// ```swift
    /// let picture = try context.render.screenshot()
    /// try picture.writePNG(to: URL(fileURLWithPath: "frame.png"))
    /// ```
    /// - Throws: ``ContainerError/noPicture(_:)`` while nothing is loaded, for sound alone, before the
    ///   first picture is decoded, or when the window's pixels cannot be read;
    ///   ``ContainerError/windowNotOpen`` for the overlay while no ``PlayerWindow`` shows the context.
    public func screenshot(includingOverlay: Bool = false) throws(ContainerError) -> RasterImage {
        if includingOverlay {
            guard let window = context?.window.window, window.host != nil else { throw .windowNotOpen }
            guard let image = window.screenshot() else {
                throw .noPicture("the window's pixels cannot be read")
            }
            return image
        }
        guard let engine = existingEngine, engine.status != .idle else {
            throw .noPicture("nothing is loaded")
        }
        guard let frame = engine.currentFrame else {
            switch engine.status {
            case .failed: throw .noPicture("the item failed")
            case .loading: throw .noPicture("the item is still opening")
            default: throw .noPicture(engine.hasVideo ? "no picture is decoded yet" : "the item has no video")
            }
        }
        return try RasterImage(frame: frame)
    }
}
