/// Keeping and choosing: bookmarks, lists, ratings, downloads, information, picture in picture, the
/// caption text size and the HD quality badge.
extension SymbolPainter {
    /// A ribbon with a notch cut into its foot, outlined for `bookmark` and solid for `bookmarkFill`.
    static func bookmark(_ canvas: SymbolCanvas, filled: Bool) {
        canvas.polygon([(6, 3), (18, 3), (18, 21), (12, 16.5), (6, 21)])
        if filled { canvas.fill(soften: SymbolCanvas.strokeWidth) } else { canvas.stroke() }
    }

    /// Three rows, each a dot and a line, for a list of items (chapters, a library).
    static func list(_ canvas: SymbolCanvas) {
        for y in [6.0, 12.0, 18.0] {
            canvas.line((9, y), (20.5, y))
        }
        canvas.stroke()
        for y in [6.0, 12.0, 18.0] {
            canvas.circle((4.5, y), radius: 1.4)
        }
        canvas.fill()
    }

    /// A five-pointed star, outlined for `star` and solid for `starFill`.
    static func star(_ canvas: SymbolCanvas, filled: Bool) {
        let centre: SymbolCanvas.GridPoint = (12, 12.8)
        let points = (0..<10).map { index in
            SymbolCanvas.polar(
                centre, radius: index.isMultiple(of: 2) ? 9.8 : 4.3, degrees: -90 + 36 * Double(index))
        }
        canvas.polygon(points)
        if filled { canvas.fill(soften: SymbolCanvas.strokeWidth) } else { canvas.stroke() }
    }

    /// An arrow down into an open tray.
    static func download(_ canvas: SymbolCanvas) {
        canvas.line((12, 3), (12, 15))
        canvas.polyline([(7, 10), (12, 15), (17, 10)])
        canvas.polyline([(4, 15), (4, 20), (20, 20), (20, 15)])
        canvas.stroke()
    }

    /// A ringed "i": a dot over a stem.
    static func info(_ canvas: SymbolCanvas) {
        canvas.circle((12, 12), radius: 9.5)
        canvas.line((12, 11), (12, 17))
        canvas.stroke()
        canvas.circle((12, 7.3), radius: 1.3)
        canvas.fill()
    }

    /// A screen with a small solid one in its bottom right corner.
    static func pictureInPicture(_ canvas: SymbolCanvas) {
        canvas.roundedRect(x: 2, y: 4, width: 20, height: 16, radius: 2)
        canvas.stroke()
        canvas.roundedRect(x: 11.5, y: 11.5, width: 8, height: 6, radius: 1)
        canvas.fill()
    }

    /// A large and a small "A", for the size and look of caption text.
    static func textFormat(_ canvas: SymbolCanvas) {
        canvas.polyline([(2.5, 20), (8.5, 4.5), (14.5, 20)])
        canvas.line((4.8, 14.5), (12.2, 14.5))
        canvas.stroke()
        canvas.polyline([(14, 20), (17.8, 11), (21.6, 20)])
        canvas.line((15.3, 17), (20.3, 17))
        canvas.stroke(width: 1.6)
    }

    /// "HD" in a rounded box, the badge of a high-definition rendition.
    static func hd(_ canvas: SymbolCanvas) {
        canvas.roundedRect(x: 1.5, y: 5, width: 21, height: 14, radius: 2.5)
        canvas.stroke()
        canvas.line((6, 9), (6, 15))
        canvas.line((10.5, 9), (10.5, 15))
        canvas.line((6, 12), (10.5, 12))
        canvas.line((13.5, 9), (13.5, 15))
        canvas.line((13.5, 9), (15, 9))
        canvas.arc((15, 12), radius: 3, from: -90, to: 90)
        canvas.line((15, 15), (13.5, 15))
        canvas.stroke(width: 1.8)
    }
}
