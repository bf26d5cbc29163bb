/// Player features: subtitles, playlist, speed, screen lock and the warning sign.
extension SymbolPainter {
    /// A rounded box holding "CC", the letters drawn as open arcs.
    static func subtitles(_ canvas: SymbolCanvas) {
        canvas.roundedRect(x: 2, y: 5, width: 20, height: 14, radius: 2.5)
        canvas.stroke()
        for x in [8.8, 15.6] {
            canvas.arc((x, 12), radius: 2.6, from: 50, to: 310)
        }
        canvas.stroke(width: 1.8)
    }

    /// Lines of a list with a play triangle beside the last, for the queue of items to play.
    static func playlist(_ canvas: SymbolCanvas) {
        canvas.line((3, 6), (17, 6))
        canvas.line((3, 11), (17, 11))
        canvas.line((3, 16), (10, 16))
        canvas.stroke()
        canvas.polygon([(14, 13.5), (14, 20.5), (20.5, 17)])
        canvas.fill(soften: 1)
    }

    /// A speedometer: an open dial with a needle leaning to the fast side.
    static func speed(_ canvas: SymbolCanvas) {
        let hub: SymbolCanvas.GridPoint = (12, 14)
        canvas.arc(hub, radius: 9, from: 150, to: 390)
        canvas.line(hub, SymbolCanvas.polar(hub, radius: 6.5, degrees: -45))
        canvas.stroke()
        canvas.circle(hub, radius: 2)
        canvas.fill()
    }

    /// A padlock with a keyhole; when open the shackle swings up and out to the right.
    static func padlock(_ canvas: SymbolCanvas, open: Bool) {
        let bodyX = open ? 3.0 : 5.0
        canvas.roundedRect(x: bodyX, y: 10.5, width: 14, height: 11, radius: 2)
        canvas.circle((bodyX + 7, 15.5), radius: 1.8)
        canvas.fill(evenOdd: true)
        // The shackle's left leg always enters the body; the open one's right leg hangs free.
        let left = open ? 13.0 : 8.0
        let right = left + 8
        canvas.line((left, 11), (left, 7))
        canvas.arc((left + 4, 7), radius: 4, from: 180, to: 360)
        canvas.line((right, 7), (right, open ? 8.5 : 11))
        canvas.stroke()
    }

    /// A rounded triangle with an exclamation mark cut out, so the mark shows any background.
    static func warning(_ canvas: SymbolCanvas) {
        let triangle: [SymbolCanvas.GridPoint] = [(12, 3), (22, 20.5), (2, 20.5)]
        // Round the corners with a thin stroke of the outline alone, so the mark keeps its width.
        canvas.polygon(triangle)
        canvas.stroke(width: 1.5)
        canvas.polygon(triangle)
        canvas.roundedRect(x: 10.9, y: 8.5, width: 2.2, height: 6.5, radius: 1.1)
        canvas.circle((12, 17.5), radius: 1.3)
        canvas.fill(evenOdd: true)
    }
}
