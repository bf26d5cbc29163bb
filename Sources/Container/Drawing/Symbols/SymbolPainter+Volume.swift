/// Sound: the speaker at its volume levels, and the music note.
extension SymbolPainter {
    /// A speaker with `waves` sound arcs (0...3); with none it is struck through with an X for mute.
    static func volume(_ canvas: SymbolCanvas, waves: Int) {
        canvas.polygon([(3, 9), (7, 9), (11.5, 4.5), (11.5, 19.5), (7, 15), (3, 15)])
        canvas.fill(soften: 1.5)
        guard waves > 0 else {
            canvas.line((15, 9), (21, 15))
            canvas.line((21, 9), (15, 15))
            canvas.stroke()
            return
        }
        for index in 0..<min(waves, 3) {
            canvas.arc((11, 12), radius: 3.7 + 3 * Double(index), from: -48, to: 48)
        }
        canvas.stroke()
    }

    /// An eighth note: an oval head on a stem with a block flag.
    static func musicNote(_ canvas: SymbolCanvas) {
        canvas.ellipse((8.5, 17), radiusX: 3.5, radiusY: 3)
        canvas.fill()
        canvas.line((11, 17), (11, 5))
        canvas.stroke()
        canvas.roundedRect(x: 10, y: 3, width: 9, height: 4.5, radius: 1)
        canvas.fill()
    }
}
