import CFFmpeg
import VideoPlayerRender

/// Converts decoded pictures to packed RGB24 with swscale (whose default matrix is BT.601, the one
/// the test-media encoder tags), freeing its context in `deinit`.
final class RGBScaler {
    private var context: OpaquePointer?

    deinit {
        sws_freeContext(context)
    }

    /// The picture as rows of r, g, b bytes, `width * 3` bytes per row.
    func rgb(of frame: UnsafeMutablePointer<AVFrame>) throws -> [UInt8] {
        let width = frame.pointee.width
        let height = frame.pointee.height
        context = sws_getCachedContext(
            context, width, height, AVPixelFormat(rawValue: frame.pointee.format), width, height,
            AV_PIX_FMT_RGB24,
            SWS_POINT, nil, nil, nil)
        guard let context else { throw PlayerError.unsupportedFormat("swscale cannot convert this picture") }
        var pixels = [UInt8](repeating: 0, count: Int(width * height * 3))
        var destinationStride = [width * 3, 0, 0, 0]
        let rows = pixels.withUnsafeMutableBufferPointer { destination in
            var planes: [UnsafeMutablePointer<UInt8>?] = [destination.baseAddress, nil, nil, nil]
            return withUnsafePointer(to: &frame.pointee.data) { source in
                source.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sourcePlanes in
                    withUnsafePointer(to: &frame.pointee.linesize) { strides in
                        strides.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                            sws_scale(
                                context, sourcePlanes, sourceStrides, 0, height, &planes, &destinationStride)
                        }
                    }
                }
            }
        }
        guard rows == height else {
            throw PlayerError.decodeFailed("swscale converted \(rows) of \(height) rows")
        }
        return pixels
    }
}
