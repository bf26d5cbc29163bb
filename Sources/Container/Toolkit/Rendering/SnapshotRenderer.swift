/// Renders a widget tree into an image, headless: for tests, thumbnails and golden images.
///
/// ```swift
/// let image = SnapshotRenderer(size: Size(width: 320, height: 180), context: context).render(PlaybackWidget())
/// #expect(image.pixel(x: 160, y: 90) == RGBA(r: 255, g: 255, b: 255))
/// ```
/// For interaction, `makeHost(_:)` returns the ``WidgetHost``: send it events, `update()`, `snapshot()`.
@MainActor
public struct SnapshotRenderer {
    /// The size rendered, in points.
    public let size: Size
    /// The context widgets read services from; a fresh one when `nil`.
    public let context: Context?
    /// Pixels per point of the image.
    public let scale: Double

    /// A renderer for images of `size` points at `scale` pixels a point.
    public init(size: Size, context: Context? = nil, scale: Double = 1) {
        self.size = size
        self.context = context
        self.scale = scale
    }

    /// A host for `widget`, laid out and painted once.
    public func makeHost(_ widget: some Widget, clearColor: Color = .clear) -> WidgetHost {
        let host = WidgetHost(root: widget, context: context ?? Context(), size: size, scale: scale)
        host.clearColor = clearColor
        host.update()
        return host
    }

    /// The widget on a transparent background.
    public func render(_ widget: some Widget) -> RasterImage {
        makeHost(widget).snapshot()
    }

    /// The widget over a solid colour.
    public func render(_ widget: some Widget, background: Color) -> RasterImage {
        makeHost(widget, clearColor: background).snapshot()
    }

    /// The widget composed over `background` (a video frame), which is stretched to the image size.
    public func render(_ widget: some Widget, over background: RasterImage) -> RasterImage {
        makeHost(widget).snapshot(over: background)
    }
}
