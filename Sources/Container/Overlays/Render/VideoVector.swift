import CCairo

/// A drawing over the video, in the picture's own coordinates: a box around a face, a route on a
/// map, a mark on a frame.
///
/// The path's unit is one pixel of the picture as shown upright (``RenderService/videoSize``), so
/// the drawing stays on the same part of the picture whatever the size, gravity or corner radius
/// of the video area; the line width is in points, so lines keep their weight when the video
/// grows. Add one with ``RenderService/addVector(_:clear:)``.
public struct VideoVector: Identifiable, Equatable, Sendable {
    /// Names the vector: adding another with the same identifier replaces it.
    public var id: String
    /// The outline, in picture pixels from the picture's top left corner.
    public var path: Path
    /// The colour inside the outline; `nil` leaves it empty.
    public var fill: Color?
    /// The colour of the outline; `nil` draws none.
    public var stroke: Color?
    /// The outline's width in points.
    public var lineWidth: Double

    /// A vector named `id` drawing `path`, outlined in white 2 points wide unless told otherwise.
    public init(id: String, path: Path, fill: Color? = nil, stroke: Color? = .white, lineWidth: Double = 2) {
        self.id = id
        self.path = path
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
    }

    /// Why the vector cannot be drawn, or `nil` when it can.
    var problem: String? {
        if !path.isFinite { return "its path has a point, radius or angle that is not a finite number" }
        if !lineWidth.isFinite || lineWidth < 0 {
            return "its line width \(lineWidth) is not a number of points"
        }
        return nil
    }
}

/// Draws ``VideoVector``s over a picture of `videoSize` placed in the widget's frame by `gravity`,
/// clipped to the picture as shown (with its corners rounded by `cornerRadius`, which, as a
/// ``VideoSurface``'s, leaves them square when it is not a positive number).
///
/// The render overlay puts one over its ``VideoSurface``; a layout of one's own puts one in a
/// `ZStack` with ``RenderService/surface(gravity:cornerRadius:)`` and the same gravity and radius.
public struct VideoVectorLayer: Widget {
    let vectors: [VideoVector]
    let videoSize: Size?
    let gravity: VideoGravity
    let cornerRadius: Double

    /// A layer drawing `vectors` over a picture of `videoSize` (nothing without one).
    public init(
        _ vectors: [VideoVector], videoSize: Size?, gravity: VideoGravity = .fit, cornerRadius: Double = 0
    ) {
        self.vectors = vectors
        self.videoSize = videoSize
        self.gravity = gravity
        self.cornerRadius = VideoSurface.usableRadius(cornerRadius)
    }

    /// The vectors drawn on a canvas.
    public var body: some Widget {
        Canvas { graphics, size in
            guard let videoSize, videoSize.width > 0, videoSize.height > 0 else { return }
            let bounds = Rect(origin: .zero, size: size)
            let picture = VideoGeometry.videoRect(displaySize: videoSize, in: bounds, gravity: gravity)
            guard picture.width > 0, picture.height > 0, let shown = picture.intersection(bounds) else {
                return
            }
            let cairo = graphics.cairo
            cairo_save(cairo)
            defer { cairo_restore(cairo) }
            Path(roundedRect: shown, cornerRadius: cornerRadius).add(to: cairo)
            cairo_clip(cairo)
            for vector in vectors where vector.problem == nil {
                // The path is made in picture pixels; Cairo keeps it in device space, so the line
                // width set after the scale is undone is in points.
                cairo_save(cairo)
                cairo_translate(cairo, picture.minX, picture.minY)
                cairo_scale(cairo, picture.width / videoSize.width, picture.height / videoSize.height)
                vector.path.add(to: cairo)
                cairo_restore(cairo)
                if let fill = vector.fill {
                    graphics.setColor(fill)
                    cairo_fill_preserve(cairo)
                }
                if let stroke = vector.stroke, vector.lineWidth > 0 {
                    graphics.setColor(stroke)
                    cairo_set_line_width(cairo, vector.lineWidth)
                    cairo_stroke_preserve(cairo)
                }
                cairo_new_path(cairo)
            }
        }
    }
}
