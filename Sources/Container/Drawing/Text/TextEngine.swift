import CCairo
import CSDL2

/// Measures, wraps and rasterizes text with SDL2_ttf, caching widths and line rasters.
///
/// Line rasters are alpha masks: the colour is applied when drawing, so one raster serves every
/// colour and a changing colour costs no re-rasterization.
@MainActor
final class TextEngine {
    static let shared = TextEngine()

    /// Lines of one text laid out for a width, in points.
    struct Layout: Equatable {
        var lines: [String]
        var size: Size
        var lineHeight: Double
        static let empty = Layout(lines: [], size: .zero, lineHeight: 0)
    }

    private struct LineKey: Hashable {
        let text: String
        let pixelSize: Int
        let weight: Font.Weight
    }

    private static let cacheLimit = 512
    private let fonts = FontLibrary()
    private var widths: [LineKey: Int] = [:]
    private var rasters: [LineKey: TextRaster] = [:]

    func font(_ font: Font, scale: Double) throws(ContainerError) -> TrueTypeFont {
        try fonts.load(size: Self.pixelSize(font, scale: scale), weight: font.weight)
    }

    /// Breaks `text` into lines no wider than `maxWidth` (when given), at most `lineLimit` of them;
    /// a cut-off last line ends with an ellipsis. A missing font gives an empty layout.
    func layout(_ text: String, font: Font, scale: Double, maxWidth: Double?, lineLimit: Int?) -> Layout {
        guard !text.isEmpty, let ttf = try? self.font(font, scale: scale) else { return .empty }
        let pixelSize = Self.pixelSize(font, scale: scale)
        let limit = maxWidth.map { Int(($0 * scale).rounded(.down)) }
        let measure = { (line: String) in
            self.width(of: line, ttf: ttf, pixelSize: pixelSize, weight: font.weight)
        }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += Self.wrap(String(paragraph), limit: limit, measure: measure)
        }
        if let lineLimit, lines.count > max(1, lineLimit) {
            lines = Array(lines.prefix(max(1, lineLimit)))
            lines[lines.count - 1] = Self.truncate(lines[lines.count - 1], limit: limit, measure: measure)
        }
        let widest = lines.map(measure).max() ?? 0
        let lineHeight = Double(ttf.lineSkip) / scale
        return Layout(
            lines: lines, size: Size(width: Double(widest) / scale, height: lineHeight * Double(lines.count)),
            lineHeight: lineHeight)
    }

    /// The width of one line, in points, and the height of a line of `font`.
    func measureLine(_ line: String, font: Font, scale: Double) -> (width: Double, lineHeight: Double) {
        guard let ttf = try? self.font(font, scale: scale) else { return (0, 0) }
        let width =
            line.isEmpty
            ? 0
            : width(of: line, ttf: ttf, pixelSize: Self.pixelSize(font, scale: scale), weight: font.weight)
        return (Double(width) / scale, Double(ttf.lineSkip) / scale)
    }

    /// Paints one line with its top left corner at `origin` (points), in the cairo's current source.
    func drawLine(_ line: String, font: Font, scale: Double, at origin: Point, cairo: OpaquePointer) {
        guard !line.isEmpty, let raster = raster(for: line, font: font, scale: scale) else { return }
        cairo_save(cairo)
        cairo_translate(cairo, origin.x, origin.y)
        cairo_scale(cairo, 1 / scale, 1 / scale)
        cairo_mask_surface(cairo, raster.surface.pointer, 0, 0)
        cairo_restore(cairo)
    }

    private func raster(for line: String, font: Font, scale: Double) -> TextRaster? {
        let key = LineKey(text: line, pixelSize: Self.pixelSize(font, scale: scale), weight: font.weight)
        if let cached = rasters[key] { return cached }
        guard let ttf = try? self.font(font, scale: scale), let raster = TextRaster(line, font: ttf) else {
            return nil
        }
        if rasters.count >= Self.cacheLimit { rasters.removeAll(keepingCapacity: true) }
        rasters[key] = raster
        return raster
    }

    private func width(of line: String, ttf: TrueTypeFont, pixelSize: Int, weight: Font.Weight) -> Int {
        let key = LineKey(text: line, pixelSize: pixelSize, weight: weight)
        if let cached = widths[key] { return cached }
        let width = ttf.size(of: line).width
        if widths.count >= Self.cacheLimit * 8 { widths.removeAll(keepingCapacity: true) }
        widths[key] = width
        return width
    }

    private static func pixelSize(_ font: Font, scale: Double) -> Int {
        max(1, Int((font.size * scale).rounded()))
    }

    /// Greedy word wrap; a word wider than the limit gets a line of its own.
    private static func wrap(_ paragraph: String, limit: Int?, measure: (String) -> Int) -> [String] {
        guard let limit, measure(paragraph) > limit else { return [paragraph] }
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || measure(candidate) <= limit {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }

    /// The line shortened until it and a trailing ellipsis fit the limit.
    private static func truncate(_ line: String, limit: Int?, measure: (String) -> Int) -> String {
        var kept = Substring(line)
        while let limit, !kept.isEmpty, measure(kept + "…") > limit { kept = kept.dropLast() }
        return kept.trimmingTrailingSpaces() + "…"
    }
}

extension Substring {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(self[..<(lastIndex { $0 != " " }.map(index(after:)) ?? startIndex)])
    }
}
