/// Pixels in memory order R, G, B, A (8 bits each, straight alpha), `width * 4` bytes per row.
public struct RGBAPixels: Sendable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// Four bytes per pixel (red, green, blue, alpha), row after row with no padding.
    public var bytes: [UInt8]

    /// Pixels of the given size; `bytes` holds `width * height * 4` bytes.
    public init(width: Int, height: Int, bytes: [UInt8]) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }

    /// The pixel at (x, y) as (r, g, b, a); coordinates are clamped to the picture.
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        guard width > 0, height > 0 else { return (0, 0, 0, 0) }
        let offset = (min(max(y, 0), height - 1) * width + min(max(x, 0), width - 1)) * 4
        return (bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3])
    }
}

extension VideoFrame {
    /// The picture converted to RGBA at the given size (the stored size when `nil`), with swscale.
    ///
    /// Used by snapshots, thumbnails and tests; colours follow the frame's matrix and range tags, as
    /// in a player window. Returns `nil` when the conversion is not possible (unknown pixel format,
    /// zero size).
    public func rgbaPixels(width targetWidth: Int? = nil, height targetHeight: Int? = nil) -> RGBAPixels? {
        let outWidth = targetWidth ?? width
        let outHeight = targetHeight ?? height
        guard outWidth > 0, outHeight > 0 else { return nil }
        guard
            let bytes = try? VideoScaler(order: .rgba).pixels(
                of: self, width: outWidth, height: outHeight, stride: outWidth * 4)
        else { return nil }
        return RGBAPixels(width: outWidth, height: outHeight, bytes: bytes)
    }
}
