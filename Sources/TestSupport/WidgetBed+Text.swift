import VideoPlayerContainer

extension WidgetBed {
    /// How much the bright pixels of the widget marked `identifier` agree with `text` rendered alone
    /// in `font` and `color` at the same size: 1 when every bright pixel of each has a bright pixel of
    /// the other within a pixel (antialiasing moves edges by one), 0 when there is no such widget.
    ///
    /// Different words of the same length score far lower, so a threshold near 1 reads the text.
    public func textAgreement(_ text: String, font: Font, color: Color, at identifier: String) -> Double {
        guard let frame = host.frame(ofIdentifier: identifier), frame.width >= 1, frame.height >= 1 else {
            return 0
        }
        let reference = SnapshotRenderer(size: Size(width: frame.width, height: frame.height))
            .render(Text(text).font(font).foregroundColor(color), background: .black)
        let shown = snapshot()
        let (left, top) = (Int(frame.minX.rounded()), Int(frame.minY.rounded()))
        let inkShown = { (x: Int, y: Int) in shown.isInk(x: left + x, y: top + y) }
        let inkReference = { (x: Int, y: Int) in reference.isInk(x: x, y: y) }
        let size = (width: reference.width, height: reference.height)
        return min(
            Self.coverage(of: inkReference, by: inkShown, size: size),
            Self.coverage(of: inkShown, by: inkReference, size: size))
    }

    /// The share of `ink` pixels with an `other` pixel at most one pixel away (1 without ink).
    private static func coverage(
        of ink: (Int, Int) -> Bool, by other: (Int, Int) -> Bool, size: (width: Int, height: Int)
    ) -> Double {
        var (inked, covered) = (0, 0)
        for y in 0..<size.height {
            for x in 0..<size.width where ink(x, y) {
                inked += 1
                let near = (-1...1).contains { dy in (-1...1).contains { dx in other(x + dx, y + dy) } }
                if near { covered += 1 }
            }
        }
        return inked == 0 ? 1 : Double(covered) / Double(inked)
    }
}
