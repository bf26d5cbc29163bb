/// Cairo's ARGB32 pixel: alpha in the top byte, then red, green and blue, each already multiplied
/// by the alpha (rounded to nearest), one native-endian `UInt32`.
package enum PremultipliedARGB {
    /// The pixel of a straight-alpha colour.
    @inlinable
    package static func pixel(red: UInt32, green: UInt32, blue: UInt32, alpha: UInt32) -> UInt32 {
        let scale = { (value: UInt32) in (value * alpha + 127) / 255 }
        return alpha << 24 | scale(red) << 16 | scale(green) << 8 | scale(blue)
    }

    /// The pixel of a straight-alpha `0xAARRGGBB` colour (as libavcodec's palettes hold them).
    @inlinable
    package static func pixel(straight color: UInt32) -> UInt32 {
        pixel(red: color >> 16 & 0xFF, green: color >> 8 & 0xFF, blue: color & 0xFF, alpha: color >> 24)
    }
}
