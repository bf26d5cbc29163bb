/// Damaged rectangles turned into whole-pixel rectangles inside the surface, overlapping ones merged.
struct DamageRegion {
    /// Beyond this many rectangles, one bounding rectangle clips faster than many small ones.
    private static let maximumRectangles = 16

    private(set) var rects: [Rect] = []

    init(_ damage: [Rect], scale: Double, bounds: Rect) {
        for rect in damage {
            let pixels = Rect(
                x: rect.minX * scale, y: rect.minY * scale, width: rect.width * scale,
                height: rect.height * scale)
            guard let visible = pixels.integral.intersection(bounds) else { continue }
            add(visible)
        }
        if rects.count > Self.maximumRectangles {
            rects = [rects.dropFirst().reduce(rects[0]) { $0.union($1) }]
        }
    }

    /// Adds `rect`, swallowing every rectangle it overlaps (repeatedly, as the union grows).
    private mutating func add(_ rect: Rect) {
        var merged = rect
        var index = rects.startIndex
        while index < rects.endIndex {
            if rects[index].intersection(merged) != nil {
                merged = merged.union(rects.remove(at: index))
                index = rects.startIndex
            } else {
                index += 1
            }
        }
        rects.append(merged)
    }

    var bounds: Rect { rects.reduce(Rect.zero) { $0.union($1) } }
}
