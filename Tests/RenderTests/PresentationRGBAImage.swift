/// One 8-bit RGBA colour.
struct RGBA: Equatable, CustomStringConvertible {
    var r: UInt8
    var g: UInt8
    var b: UInt8
    var a: UInt8 = 255

    static let background = RGBA(r: 0, g: 64, b: 0)
    static let red = RGBA(r: 255, g: 0, b: 0)
    static let blue = RGBA(r: 0, g: 0, b: 255)

    var description: String { "(\(r), \(g), \(b), \(a))" }

    /// Whether every channel is within `tolerance` of `other`'s.
    func isClose(to other: RGBA, tolerance: Int = 6) -> Bool {
        zip([r, g, b, a], [other.r, other.g, other.b, other.a]).allSatisfy {
            abs(Int($0) - Int($1)) <= tolerance
        }
    }
}

/// Pixels read back from a renderer, rows top to bottom, 4 bytes (R, G, B, A) a pixel.
struct RGBAImage {
    let width: Int
    let bytes: [UInt8]

    subscript(x: Int, y: Int) -> RGBA {
        let offset = (y * width + x) * 4
        return RGBA(r: bytes[offset], g: bytes[offset + 1], b: bytes[offset + 2], a: bytes[offset + 3])
    }
}
