/// Window and navigation chrome: fullscreen, settings, close, back, chevrons and small glyphs.
extension SymbolPainter {
    /// Four corner brackets: at the outer corners pointing in for enter, near the centre pointing out
    /// for exit, so the two read as "grow" and "shrink".
    static func fullscreen(_ canvas: SymbolCanvas, enter: Bool) {
        let (reach, leg) = enter ? (8.0, -5.0) : (3.0, 5.0)
        for sx in [-1.0, 1.0] {
            for sy in [-1.0, 1.0] {
                let corner: SymbolCanvas.GridPoint = (12 + sx * reach, 12 + sy * reach)
                canvas.polyline([
                    (corner.x, corner.y + sy * leg), corner, (corner.x + sx * leg, corner.y),
                ])
            }
        }
        canvas.stroke()
    }

    /// An eight-toothed gear with a round hole, filled even-odd so the hole shows any background.
    static func settings(_ canvas: SymbolCanvas) {
        let (outer, inner, teeth) = (10.5, 7.8, 8)
        let step = 360.0 / Double(teeth)
        canvas.polygon(
            (0..<teeth).flatMap { tooth -> [SymbolCanvas.GridPoint] in
                let mid = Double(tooth) * step
                return [(inner, mid - 15), (outer, mid - 9), (outer, mid + 9), (inner, mid + 15)].map {
                    SymbolCanvas.polar((12, 12), radius: $0.0, degrees: $0.1)
                }
            })
        canvas.circle((12, 12), radius: 3.5)
        canvas.fill(evenOdd: true, soften: 1)
    }

    static func close(_ canvas: SymbolCanvas) {
        canvas.line((6, 6), (18, 18))
        canvas.line((18, 6), (6, 18))
        canvas.stroke()
    }

    /// A left arrow rather than a bare chevron, so it does not compete with `chevronDown`/`chevronUp`.
    static func back(_ canvas: SymbolCanvas) {
        canvas.line((19, 12), (5, 12))
        canvas.polyline([(11, 6), (5, 12), (11, 18)])
        canvas.stroke()
    }

    /// The downward chevron; `chevronUp` is it turned half a turn.
    static func chevronDown(_ canvas: SymbolCanvas) {
        canvas.polyline([(5.5, 9), (12, 15.5), (18.5, 9)])
        canvas.stroke(width: 2.2)
    }

    static func more(_ canvas: SymbolCanvas) {
        for x in [5.0, 12.0, 19.0] {
            canvas.circle((x, 12), radius: 2)
        }
        canvas.fill()
    }

    static func plus(_ canvas: SymbolCanvas) {
        canvas.line((12, 5), (12, 19))
        canvas.line((5, 12), (19, 12))
        canvas.stroke()
    }

    static func checkmark(_ canvas: SymbolCanvas) {
        canvas.polyline([(5, 12.5), (10, 17.5), (19, 7)])
        canvas.stroke(width: 2.4)
    }
}
