import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension VideoFrame {
    /// The frame number a `TestMedia` clip wrote into this picture.
    var clipFrameNumber: Int? {
        guard let pixels = rgbaPixels() else { return nil }
        return TestMedia.frameNumber(
            fromRGB: { x, y in
                let pixel = pixels.pixel(x: x, y: y)
                return (pixel.r, pixel.g, pixel.b)
            }, width: pixels.width, height: pixels.height)
    }
}
