/// Social actions: like, thumbs, comments, sharing and the danmaku (bullet comment) toggle.
extension SymbolPainter {
    /// The left half of the heart, from the bottom tip to the top dip, as cubic Bézier segments;
    /// the right half is its mirror image so the outline is exactly symmetric.
    private static let heartHalf: [SymbolCanvas.CurveSegment] = [
        ((7, 16.8), (3, 13.2), (3, 8.8)),
        ((3, 5.8), (5.3, 4), (7.7, 4)),
        ((9.6, 4), (11.2, 5.1), (12, 6.6)),
    ]

    /// A heart, outlined for `heart` and solid for `heartFill`, with the same silhouette.
    static func heart(_ canvas: SymbolCanvas, filled: Bool) {
        let mirror = { (point: SymbolCanvas.GridPoint) in (x: SymbolCanvas.gridSize - point.x, y: point.y) }
        var segments = heartHalf
        // Walk back down the right side: reverse the order and swap each segment's control points.
        let starts = [(x: 12.0, y: 20.0)] + heartHalf.map(\.end)
        for (index, segment) in heartHalf.enumerated().reversed() {
            segments.append((mirror(segment.c2), mirror(segment.c1), mirror(starts[index])))
        }
        canvas.curve(from: (12, 20), through: segments)
        if filled { canvas.fill(soften: SymbolCanvas.strokeWidth) } else { canvas.stroke() }
    }

    /// A fist with the thumb up beside a cuff; `thumbDown` is it turned half a turn.
    static func thumbUp(_ canvas: SymbolCanvas) {
        canvas.roundedRect(x: 2.5, y: 10, width: 3.5, height: 10, radius: 1)
        canvas.fill()
        canvas.polygon([
            (8, 10), (12, 3.5), (13.8, 4.5), (13, 9.5), (19.5, 9.5), (21, 11.2), (18.8, 20), (8, 20),
        ])
        canvas.fill(soften: 1.5)
    }

    /// A speech bubble with a tail at the bottom left and three dots of talk.
    static func comment(_ canvas: SymbolCanvas) {
        canvas.bubble(x: 3, y: 4, width: 18, height: 13, tailX: 7)
        canvas.stroke()
        for x in [8.0, 12.0, 16.0] {
            canvas.circle((x, 10.5), radius: 1.2)
        }
        canvas.fill()
    }

    /// A solid arrow head pointing right over a tail that curves down to the bottom left.
    static func share(_ canvas: SymbolCanvas) {
        canvas.polygon([(14, 3.5), (21.5, 10.5), (14, 17.5)])
        canvas.fill(soften: 1.5)
        canvas.curve(
            from: (14.5, 7.5),
            through: [((8, 7.5), (3.5, 11), (3, 19.5)), ((5.5, 15.5), (9, 13.5), (14.5, 13.5))])
        canvas.fill(soften: 1)
    }

    /// A screen with staggered bars of text flying across it, as bullet comments do.
    static func danmaku(_ canvas: SymbolCanvas) {
        canvas.roundedRect(x: 2, y: 4, width: 20, height: 14, radius: 2.5)
        canvas.line((8, 21), (16, 21))
        canvas.stroke()
        canvas.line((6, 8.5), (12, 8.5))
        canvas.line((10, 11.5), (18, 11.5))
        canvas.line((6, 14.5), (14, 14.5))
        canvas.stroke(width: 1.6)
    }
}
