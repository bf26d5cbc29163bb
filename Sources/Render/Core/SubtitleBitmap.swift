/// A picture of a bitmap subtitle (PGS from Blu-ray, VobSub from DVD, DVB): its pixels and where
/// they lie on the canvas the subtitle track was authored for, which is scaled onto the video.
///
/// ```swift
/// let scale = videoRect.width / Double(bitmap.canvasWidth)
/// let frame = Rect(x: videoRect.minX + Double(bitmap.x) * scale, ...)
/// ```
public struct SubtitleBitmap: Hashable, Sendable {
    /// The left edge, in the canvas's pixels.
    public var x: Int
    /// The top edge, in the canvas's pixels.
    public var y: Int
    /// The picture's width in pixels.
    public var width: Int
    /// The picture's height in pixels.
    public var height: Int
    /// The width of the canvas the position refers to (the track's, else the video's).
    public var canvasWidth: Int
    /// The height of the canvas the position refers to.
    public var canvasHeight: Int
    /// Premultiplied ARGB pixels, one native-endian `UInt32` each, row after row (Cairo's ARGB32).
    public var pixels: [UInt32]

    /// A picture of `width`x`height` `pixels` at (`x`, `y`) on a `canvasWidth`x`canvasHeight` canvas.
    public init(
        x: Int, y: Int, width: Int, height: Int, canvasWidth: Int, canvasHeight: Int, pixels: [UInt32]
    ) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.canvasWidth = canvasWidth
        self.canvasHeight = canvasHeight
        self.pixels = pixels
    }

    /// The largest side of a picture read from a stream: a 4K canvas with room to spare. A rectangle
    /// beyond it is broken data, not a subtitle.
    static let sideLimit = 8_192

    /// Reads an indexed picture: `width`x`height` palette indices, `stride` bytes a row, and a
    /// palette of straight-alpha `0xAARRGGBB` colours (as libavcodec gives them); an index outside
    /// the palette is transparent. `nil` when the sizes are out of bounds.
    static func indexed(
        x: Int, y: Int, width: Int, height: Int, canvasWidth: Int, canvasHeight: Int,
        indices: UnsafePointer<UInt8>, stride: Int, palette: UnsafeBufferPointer<UInt32>
    ) -> SubtitleBitmap? {
        guard (1...sideLimit).contains(width), (1...sideLimit).contains(height), stride >= width else {
            return nil
        }
        let colors = palette.map(PremultipliedARGB.pixel(straight:))
        var pixels = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            let source = indices + row * stride
            for column in 0..<width {
                let index = Int(source[column])
                pixels[row * width + column] = index < colors.count ? colors[index] : 0
            }
        }
        return SubtitleBitmap(
            x: x, y: y, width: width, height: height, canvasWidth: canvasWidth, canvasHeight: canvasHeight,
            pixels: pixels)
    }
}
