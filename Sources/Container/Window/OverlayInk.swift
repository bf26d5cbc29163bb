/// Which parts of the widget overlay hold visible pixels, so that composition blends only those.
///
/// A control layout covers a small part of the window, and blending the whole window for every video
/// frame is the largest cost of compositing without a GPU. For each row the overlay remembers the
/// columns from its first to its last visible pixel; `bands` merges runs of such rows into
/// rectangles.
struct OverlayInk {
    /// A rectangle of overlay pixels.
    struct Band: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// Per row, the columns from its first to its last visible pixel; `nil` for an empty row.
    private var columns: [Range<Int>?]

    init(height: Int) {
        columns = Array(repeating: nil, count: max(0, height))
    }

    var height: Int { columns.count }

    /// Forgets everything; every row is empty until scanned again.
    mutating func reset(height: Int) {
        columns = Array(repeating: nil, count: max(0, height))
    }

    /// Scans `rows` of a premultiplied ARGB32 buffer, `width` pixels wide.
    mutating func scan(rows: Range<Int>, of pixels: UnsafeRawPointer, stride: Int, width: Int) {
        let width = min(width, stride / 4)
        for row in rows.clamped(to: 0..<columns.count) {
            columns[row] = Self.inkedColumns(
                of: (pixels + row * stride).assumingMemoryBound(to: UInt32.self), width: width)
        }
    }

    /// Rectangles covering every visible pixel: each run of rows with ink, narrowed to the union of
    /// their columns.
    var bands: [Band] {
        var result: [Band] = []
        var row = 0
        while row < columns.count {
            guard var span = columns[row] else {
                row += 1
                continue
            }
            let top = row
            while row < columns.count, let next = columns[row] {
                span = min(span.lowerBound, next.lowerBound)..<max(span.upperBound, next.upperBound)
                row += 1
            }
            result.append(Band(x: span.lowerBound, y: top, width: span.count, height: row - top))
        }
        return result
    }

    private static func inkedColumns(of row: UnsafePointer<UInt32>, width: Int) -> Range<Int>? {
        // NB: premultiplied pixels are all zero exactly when transparent, so any non-zero word is ink.
        guard let first = (0..<width).first(where: { row[$0] != 0 }),
            let last = (first..<width).last(where: { row[$0] != 0 })
        else { return nil }
        return first..<(last + 1)
    }
}
