import Foundation

extension VideoGeometry {
    /// The part of the screen a placed picture shows: its rectangle inside the bounds that crop it.
    public static func shownRect(of placement: VideoPlacement) -> Rect? {
        placement.videoRect.intersection(placement.clipRect)
    }

    /// The corner radius a rectangle can take: `radius` held to 0...half the shorter side, 0 when
    /// it is not a finite number.
    public static func cornerRadius(_ radius: Double, fitting rect: Rect) -> Double {
        guard radius.isFinite, radius > 0 else { return 0 }
        return min(radius, min(rect.width, rect.height) / 2)
    }

    /// The outline of `rect` with corners rounded by `radius`, as a closed polygon going clockwise
    /// from the top of the top-left corner; each corner is an arc of a few points, more for larger
    /// radii. A radius of 0 gives the four corners.
    public static func roundedOutline(of rect: Rect, radius: Double) -> [Point] {
        let radius = cornerRadius(radius, fitting: rect)
        guard radius > 0 else {
            return [
                rect.origin, Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
                Point(x: rect.minX, y: rect.maxY),
            ]
        }
        // About one point per 2 px of arc, so the edge never shows a visible facet.
        let steps = min(max(Int((radius * .pi / 4).rounded(.up)), 2), 32)
        let centres = [
            (Point(x: rect.minX + radius, y: rect.minY + radius), Double.pi),
            (Point(x: rect.maxX - radius, y: rect.minY + radius), 1.5 * .pi),
            (Point(x: rect.maxX - radius, y: rect.maxY - radius), 0),
            (Point(x: rect.minX + radius, y: rect.maxY - radius), 0.5 * .pi),
        ]
        var outline: [Point] = []
        outline.reserveCapacity(4 * (steps + 1))
        for (centre, start) in centres {
            for step in 0...steps {
                // y grows downwards, so growing angles go clockwise on the screen.
                let angle = start + Double(step) / Double(steps) * .pi / 2
                outline.append(Point(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle)))
            }
        }
        return outline
    }

    /// Where the screen point `point` of a placed picture is in the stored picture, as a fraction of
    /// its width and height (0...1 inside it): the turn and mirror of `placement` undone, and the
    /// rows reversed when the picture is stored bottom-up.
    public static func textureCoordinate(
        of point: Point, in placement: VideoPlacement, upsideDown: Bool = false
    ) -> Point {
        let rect = placement.videoRect
        let u = rect.width > 0 ? (point.x - rect.minX) / rect.width : 0
        let v = rect.height > 0 ? (point.y - rect.minY) / rect.height : 0
        // The stored picture is mirrored first, then turned clockwise: undo the turn, then the mirror.
        var (x, y): (Double, Double)
        switch Int(placement.angle) {
        case 90: (x, y) = (v, 1 - u)
        case 180: (x, y) = (1 - u, 1 - v)
        case 270: (x, y) = (1 - v, u)
        default: (x, y) = (u, v)
        }
        if placement.mirrored { x = 1 - x }
        if upsideDown { y = 1 - y }
        return Point(x: x, y: y)
    }
}
