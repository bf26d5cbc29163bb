import CCairo

/// A set of whole pixels made of rectangles (a Cairo region), to which rectangles are added and
/// from which they are taken away.
final class PixelRegion {
    private let region: OpaquePointer

    private init(owning region: OpaquePointer) {
        self.region = region
    }

    /// No pixels.
    convenience init() {
        self.init(owning: cairo_region_create())
    }

    /// The pixels of the rectangle at `x`, `y`; none when it is empty.
    convenience init(x: Int, y: Int, width: Int, height: Int) {
        var rectangle = cairo_rectangle_int_t(
            x: Int32(clamping: x), y: Int32(clamping: y), width: Int32(clamping: max(0, width)),
            height: Int32(clamping: max(0, height)))
        self.init(owning: cairo_region_create_rectangle(&rectangle))
    }

    /// The whole pixels inside `rect`.
    convenience init(_ rect: Rect) {
        let x = rect.minX.rounded(.up)
        let y = rect.minY.rounded(.up)
        self.init(
            x: Self.pixel(x), y: Self.pixel(y), width: Self.pixel(rect.maxX.rounded(.down) - x),
            height: Self.pixel(rect.maxY.rounded(.down) - y))
    }

    /// The whole pixels inside any of `rects`.
    convenience init(_ rects: [Rect]) {
        self.init()
        for rect in rects { add(PixelRegion(rect)) }
    }

    deinit { cairo_region_destroy(region) }

    /// A region of the same pixels that changes apart from this one.
    func copy() -> PixelRegion {
        PixelRegion(owning: cairo_region_copy(region))
    }

    /// Takes away the pixels of `other`.
    func subtract(_ other: PixelRegion) {
        cairo_region_subtract(region, other.region)
    }

    /// Adds the pixels of `other`.
    func add(_ other: PixelRegion) {
        cairo_region_union(region, other.region)
    }

    /// Keeps only the pixels that are in `other` too.
    func intersect(_ other: PixelRegion) {
        cairo_region_intersect(region, other.region)
    }

    /// Whether it holds no pixel.
    var isEmpty: Bool { cairo_region_is_empty(region) != 0 }

    /// Keeps only the pixels inside `rectangle`.
    func intersect(_ rectangle: cairo_rectangle_int_t) {
        var rectangle = rectangle
        cairo_region_intersect_rectangle(region, &rectangle)
    }

    /// Takes away every pixel `rect` touches.
    func subtract(_ rect: Rect) {
        guard !rect.isEmpty else { return }
        subtract(PixelRegion(rect.integral))
    }

    /// The rectangles that make up the region, top to bottom, without overlaps.
    var rectangles: [cairo_rectangle_int_t] {
        (0..<cairo_region_num_rectangles(region)).map { index in
            var rectangle = cairo_rectangle_int_t()
            cairo_region_get_rectangle(region, index, &rectangle)
            return rectangle
        }
    }

    /// A coordinate that Cairo's regions hold; NaN as 0.
    private static func pixel(_ value: Double) -> Int {
        value.isNaN ? 0 : Int(max(Double(Int32.min / 2), min(Double(Int32.max / 2), value)))
    }
}
