/// Transport controls: play, pause, stop, skipping and track changes.
extension SymbolPainter {
    static func play(_ canvas: SymbolCanvas) {
        canvas.polygon([(8, 5), (8, 19), (19, 12)])
        canvas.fill(soften: 1.5)
    }

    static func pause(_ canvas: SymbolCanvas) {
        for x in [6.0, 14.0] {
            canvas.roundedRect(x: x, y: 5, width: 4, height: 14, radius: 1)
        }
        canvas.fill()
    }

    static func stop(_ canvas: SymbolCanvas) {
        canvas.roundedRect(x: 6, y: 6, width: 12, height: 12, radius: 1.5)
        canvas.fill()
    }

    /// A triangle running into a bar; `previousTrack` is its mirror image.
    static func nextTrack(_ canvas: SymbolCanvas) {
        canvas.polygon([(6, 6), (6, 18), (15, 12)])
        canvas.fill(soften: 1.5)
        canvas.roundedRect(x: 16, y: 6, width: 2.5, height: 12, radius: 1)
        canvas.fill()
    }

    /// An anticlockwise arrow around a small play triangle, so it reads as "play again".
    static func replay(_ canvas: SymbolCanvas) {
        circularArrow(canvas)
        canvas.polygon([(10, 9.5), (10, 16.5), (15.5, 13)])
        canvas.fill(soften: 1)
    }

    /// A circular arrow around the digits "10"; the backward arrow is mirrored but the digits are not.
    static func skip10(_ canvas: SymbolCanvas, forward: Bool) {
        if forward { canvas.mirrored { circularArrow(canvas) } } else { circularArrow(canvas) }
        digitsTen(canvas)
    }

    /// An anticlockwise ring open at the top left, its head at twelve o'clock pointing left.
    private static func circularArrow(_ canvas: SymbolCanvas) {
        canvas.arcArrow((12, 13), radius: 8, from: 210, to: -90, clockwise: false)
    }

    /// "10" drawn as strokes, because the symbol set must not depend on an installed font.
    private static func digitsTen(_ canvas: SymbolCanvas) {
        canvas.polyline([(8.6, 11.2), (10, 10), (10, 16)])
        canvas.ellipse((14.2, 13), radiusX: 2, radiusY: 3)
        canvas.stroke(width: 1.6)
    }
}
