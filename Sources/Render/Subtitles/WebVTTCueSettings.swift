/// Reads the settings after a WebVTT cue's times (`line:10% position:25% align:start size:50%
/// region:speaker`) into a placement; `vertical` is not drawn and is ignored, as are unknown or
/// malformed settings.
enum WebVTTCueSettings {
    /// The height of a line that a whole-number `line` setting counts in, as a fraction of the
    /// picture's height (WebVTT's 5.33vh).
    static let lineHeight = 0.0533

    /// The placement `settings` ask for, the cue's region taken from `regions` by its identifier
    /// (`nil` when they ask for none); that of a cue in a region names it
    /// (``SubtitlePlacement/region``).
    static func placement(
        from settings: Substring, regions: [String: WebVTTRegion] = [:]
    ) -> SubtitlePlacement? {
        var column: Int?
        var anchorColumn: Int?
        var row: Int?
        var x: Double?
        var y: Double?
        var size: Double?
        var region: (id: String, region: WebVTTRegion)?
        // A cue placed by its own line, size or writing direction leaves its region, as WebVTT says.
        var leavesRegion = false
        for token in settings.split(whereSeparator: \.isWhitespace) {
            guard let colon = token.firstIndex(of: ":") else { continue }
            let key = token[..<colon]
            let parts = token[token.index(after: colon)...].split(
                separator: ",", omittingEmptySubsequences: false)
            guard let value = parts.first else { continue }
            let qualifier = parts.dropFirst().first
            switch key {
            case "align":
                column = self.column(value) ?? column
            case "position":
                guard let percent = percentage(value) else { continue }
                x = percent
                anchorColumn = qualifier.flatMap(self.column) ?? anchorColumn
            case "size":
                guard let percent = percentage(value) else { continue }
                size = percent
                leavesRegion = true
            case "region":
                region = regions[String(value)].map { (String(value), $0) }
            case "vertical":
                leavesRegion = true
            case "line":
                let lineRow = qualifier.flatMap(self.row)
                if let percent = percentage(value) {
                    (y, row) = (percent, lineRow ?? 2)
                } else if let number = Int(value), abs(number) < 1000 {
                    // Lines count down from the top (0 is the first), or up from the bottom (-1 is
                    // the last, where cues sit anyway).
                    if number >= 0 {
                        (y, row) = (Double(number) * lineHeight, lineRow ?? 2)
                    } else if number < -1 {
                        (y, row) = (1 + Double(number + 1) * lineHeight, lineRow ?? 0)
                    }
                }
                leavesRegion = true
            default:
                continue
            }
        }
        if let region, !leavesRegion {
            return region.region.placement(column: column ?? 1, id: region.id)
        }
        guard column != nil || x != nil || y != nil || size != nil else { return nil }
        let textColumn = column ?? 1
        guard let size, size < 1 else {
            let finalColumn = anchorColumn ?? textColumn
            return SubtitlePlacement(alignment: (row ?? 0) * 3 + finalColumn + 1, x: x, y: y)
        }
        // The box lies at the position by its own anchor; the lines are aligned in it by `align`.
        let boxLeft = x.map { $0 - size * SubtitlePlacement.share(ofColumn: anchorColumn ?? textColumn) }
        let anchor = boxLeft.map {
            min(max($0, 0), 1 - size) + size * SubtitlePlacement.share(ofColumn: textColumn)
        }
        return SubtitlePlacement(alignment: (row ?? 0) * 3 + textColumn + 1, x: anchor, y: y, width: size)
    }

    /// "12.5%" as 0.125; `nil` for anything else.
    static func percentage(_ value: Substring) -> Double? {
        guard value.hasSuffix("%"), let number = Double(value.dropLast()), number.isFinite,
            (0...100).contains(number)
        else { return nil }
        return number / 100
    }

    /// The column an `align` or position-alignment value names.
    private static func column(_ value: Substring) -> Int? {
        switch value {
        case "start", "left", "line-left": 0
        case "center", "middle": 1
        case "end", "right", "line-right": 2
        default: nil
        }
    }

    /// The row a line-alignment value names: the line is the cue's top, middle or bottom.
    private static func row(_ value: Substring) -> Int? {
        switch value {
        case "start": 2
        case "center": 1
        case "end": 0
        default: nil
        }
    }
}

/// A WebVTT region: a box of the picture that cues naming it stack in, from the bottom up (a
/// speaker's corner, a caption window that scrolls).
struct WebVTTRegion: Sendable {
    /// The box's width, as a fraction of the picture's width.
    var width = 1.0
    /// How many lines it holds.
    var lines = 3
    /// The point of the box (fractions of its size) that lies at `viewportAnchor`.
    var regionAnchor = (x: 0.0, y: 1.0)
    /// Where that point lies on the picture (fractions of its size).
    var viewportAnchor = (x: 0.0, y: 1.0)

    /// The region a definition block names, with its identifier: settings such as
    /// `id:fred width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90%`, one or more on each
    /// of `lines`; `nil` without an identifier. Malformed settings keep their defaults.
    static func parse(_ lines: [Substring]) -> (id: String, region: WebVTTRegion)? {
        var region = WebVTTRegion()
        var id: String?
        for token in lines.flatMap({ $0.split(whereSeparator: \.isWhitespace) }) {
            guard let colon = token.firstIndex(of: ":") else { continue }
            let value = token[token.index(after: colon)...]
            switch token[..<colon] {
            case "id" where !value.isEmpty && !value.contains("-->"):
                id = String(value)
            case "width":
                region.width = WebVTTCueSettings.percentage(value) ?? region.width
            case "lines":
                if let count = Int(value), (0...100).contains(count) { region.lines = count }
            case "regionanchor":
                region.regionAnchor = point(value) ?? region.regionAnchor
            case "viewportanchor":
                region.viewportAnchor = point(value) ?? region.viewportAnchor
            default:
                continue
            }
        }
        return id.map { ($0, region) }
    }

    /// "10%,90%" as (0.1, 0.9).
    private static func point(_ value: Substring) -> (x: Double, y: Double)? {
        let parts = value.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = WebVTTCueSettings.percentage(parts[0]),
            let y = WebVTTCueSettings.percentage(parts[1])
        else { return nil }
        return (x, y)
    }

    /// The region's box on the picture: its left and top edges, width and height, as fractions of
    /// the picture's size.
    var box: (x: Double, y: Double, width: Double, height: Double) {
        let height = Double(lines) * WebVTTCueSettings.lineHeight
        return (
            viewportAnchor.x - regionAnchor.x * width, viewportAnchor.y - regionAnchor.y * height, width,
            height
        )
    }

    /// Where a cue of the region, named `id`, sits: on its bottom line, aligned in its width by
    /// `column`.
    func placement(column: Int, id: String) -> SubtitlePlacement {
        let box = box
        return SubtitlePlacement(
            alignment: column + 1, x: box.x + box.width * SubtitlePlacement.share(ofColumn: column),
            y: box.y + box.height, width: box.width, region: SubtitleRegion(id: id, lines: lines))
    }
}
