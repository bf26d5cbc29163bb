import CCairo
import Foundation

/// A bitmap: drawn at its pixel size (one pixel a point), or scaled once `resizable()`.
public struct Image: PrimitiveWidget, @MainActor Equatable {
    /// How a resizable image fills a frame of another aspect ratio.
    public enum ContentMode: Hashable, Sendable {
        /// The whole image shows, leaving bands.
        case fit
        /// The image covers the frame and is cropped.
        case fill
    }

    let raster: RasterImage
    var isResizable = false
    var contentMode: ContentMode?

    /// Shows `raster`; later changes to its pixels show when the image is drawn again.
    public init(_ raster: RasterImage) {
        self.raster = raster
    }

    /// Shows a PNG file; a missing or unreadable file shows nothing (use ``RasterImage`` to get the error).
    public init(contentsOfPNG path: String) {
        raster =
            (try? RasterImage(contentsOfPNG: URL(fileURLWithPath: path))) ?? RasterImage(width: 0, height: 0)
    }

    /// The image scaled to the frame it is offered.
    public func resizable() -> Image {
        var image = self
        image.isResizable = true
        return image
    }

    /// The image keeping its aspect ratio inside (`.fit`) or over (`.fill`) its frame.
    public func aspectRatio(contentMode: ContentMode) -> Image {
        var image = self
        image.contentMode = contentMode
        return image
    }

    /// The whole image, as large as fits, keeping its aspect ratio.
    public func scaledToFit() -> Image { resizable().aspectRatio(contentMode: .fit) }

    /// The image covering its frame, keeping its aspect ratio.
    public func scaledToFill() -> Image { resizable().aspectRatio(contentMode: .fill) }

    public static func == (lhs: Image, rhs: Image) -> Bool {
        lhs.raster === rhs.raster && lhs.isResizable == rhs.isResizable && lhs.contentMode == rhs.contentMode
    }

    func makeNode() -> Node { ImageNode() }
}

/// Sizes and paints an ``Image``.
@MainActor
final class ImageNode: LeafNode<Image> {
    private var natural: Size {
        Size(width: Double(content?.raster.width ?? 0), height: Double(content?.raster.height ?? 0))
    }

    override func computeSize(_ proposal: ProposedSize) -> Size {
        guard let content, content.isResizable else { return natural }
        let offered = proposal.replacingUnspecified(with: natural)
        guard content.contentMode == .fit, natural.width > 0, natural.height > 0 else { return offered }
        let factor = min(offered.width / natural.width, offered.height / natural.height)
        guard factor.isFinite else { return natural }
        return Size(width: natural.width * factor, height: natural.height * factor)
    }

    override func draw(_ context: DrawContext) {
        guard let content, context.needsDrawing(frame), natural.width > 0, natural.height > 0 else { return }
        var scaleX = frame.width / natural.width
        var scaleY = frame.height / natural.height
        if content.contentMode == .fill { scaleX = max(scaleX, scaleY); scaleY = scaleX }
        let drawn = Size(width: natural.width * scaleX, height: natural.height * scaleY)
        let origin = Alignment.center.place(drawn, in: frame).origin
        context.saved {
            context.clip(to: frame)
            cairo_translate(context.cairo, origin.x, origin.y)
            cairo_scale(context.cairo, scaleX, scaleY)
            cairo_set_source_surface(context.cairo, content.raster.surface.pointer, 0, 0)
            cairo_paint(context.cairo)
        }
    }
}
