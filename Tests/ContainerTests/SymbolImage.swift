import CCairo

@testable import VideoPlayerContainer

/// An ARGB32 Cairo image for tests to draw symbols into and read back.
///
/// Owns its surface and context and frees them in `deinit`.
final class SymbolImage {
    let width: Int
    let height: Int
    let surface: OpaquePointer
    let cairo: OpaquePointer

    /// A transparent image of the given size, or `nil` when Cairo cannot allocate it.
    init?(width: Int, height: Int) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        guard let cairo = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.width = width
        self.height = height
        self.surface = surface
        self.cairo = cairo
    }

    /// An image holding `name` drawn square into `rect` (the whole image by default).
    convenience init?(
        _ name: SymbolName, size: Int = 48, rect: Rect? = nil, color: Color = .white
    ) {
        self.init(width: size, height: size)
        let target = rect ?? Rect(x: 0, y: 0, width: Double(size), height: Double(size))
        SymbolPainter.paint(name, in: target, cairo: cairo, color: color)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// The pixel at (`x`, `y`), un-premultiplied.
    func pixel(x: Int, y: Int) -> RGBA {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return RGBA(r: 0, g: 0, b: 0, a: 0) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let offset = y * stride + x * 4
        // NB: ARGB32 is a native-endian 32-bit word; on little-endian hosts the bytes are B, G, R, A.
        let word = data.advanced(by: offset).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let alpha = UInt8(word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let premultiplied = Int((word >> shift) & 0xFF)
            guard alpha > 0 else { return 0 }
            return UInt8(min(255, (premultiplied * 255 + Int(alpha) / 2) / Int(alpha)))
        }
        return RGBA(r: channel(16), g: channel(8), b: channel(0), a: alpha)
    }

    /// Every pixel's alpha, row by row.
    var alphas: [UInt8] { alphas() }

    /// The alphas, row by row, of the pixels `include` accepts; `mirrored` reads each row right to
    /// left, to compare mirror-image symbols.
    func alphas(mirrored: Bool = false, where include: (Int, Int) -> Bool = { _, _ in true }) -> [UInt8] {
        (0..<height).flatMap { y in
            (0..<width).filter { include($0, y) }.map { x in pixel(x: mirrored ? width - 1 - x : x, y: y).a }
        }
    }

    /// The share of pixels (0...1) that are at least half covered.
    var inkShare: Double {
        Double(alphas.filter { $0 >= 128 }.count) / Double(width * height)
    }
}

/// The share of pixels (0...1) where one image is inked (alpha ≥ 128) and the other is not.
func inkDifference(_ lhs: [UInt8], _ rhs: [UInt8]) -> Double {
    let differing = zip(lhs, rhs).filter { ($0 >= 128) != ($1 >= 128) }.count
    return Double(differing) / Double(max(lhs.count, 1))
}
