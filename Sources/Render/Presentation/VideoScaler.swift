import CFFmpeg

/// Scales decoded pictures into 32-bit pixel buffers with swscale, keeping the scaler between calls.
///
/// The CPU compositor of a player window draws every video frame with it at the size it takes on
/// screen: swscale's vectorised YUV-to-RGB conversion and filtered downscaling cost a fraction of
/// what a software OpenGL rasterizer spends on the same picture. Snapshots and thumbnails use it too.
///
/// The colour matrix and range come from the frame's tags (or the usual guess by picture height when
/// they are missing); the output is full-range RGB with opaque alpha.
///
/// > Important: not thread-safe; use one scaler per thread.
public final class VideoScaler {
    /// The memory order of the four bytes of each output pixel.
    public enum PixelOrder: Sendable {
        /// B, G, R, A: Cairo's `ARGB32`/`RGB24` and SDL's `ARGB8888`/`XRGB8888` on little-endian machines.
        case bgra
        /// R, G, B, A: SDL's `ABGR8888` on little-endian machines, and `RGBAPixels`.
        case rgba
    }

    private struct Setup: Equatable {
        var sourceWidth: Int32
        var sourceHeight: Int32
        var sourceFormat: Int32
        var width: Int32
        var height: Int32
        var colorimetry: YUVColorimetry
    }

    /// The order pixels are written in.
    public let order: PixelOrder
    private var context: OpaquePointer?
    private var setup: Setup?

    /// Makes a scaler that writes pixels in `order`.
    public init(order: PixelOrder = .bgra) {
        self.order = order
    }

    deinit {
        sws_freeContext(context)
    }

    /// Writes `frame`'s picture scaled to `width` x `height` at `destination`, rows `stride` bytes apart.
    ///
    /// Throws `.videoOutputUnavailable` when the size is empty or swscale cannot convert the
    /// picture's pixel format. `destination` must hold `height` rows of at least `width * 4` bytes.
    public func scale(
        _ frame: VideoFrame, width: Int, height: Int, into destination: UnsafeMutableRawPointer, stride: Int
    ) throws(PlayerError) {
        guard width > 0, height > 0, frame.width > 0, frame.height > 0, stride >= width * 4 else {
            throw .videoOutputUnavailable("cannot scale a picture to \(width)x\(height)")
        }
        let source = frame.avFrame
        let wanted = Setup(
            sourceWidth: source.pointee.width, sourceHeight: source.pointee.height,
            sourceFormat: source.pointee.format, width: Int32(width), height: Int32(height),
            colorimetry: YUVColorimetry(of: source))
        let scaler = try context(for: wanted)
        var planes: [UnsafeMutablePointer<UInt8>?] = [
            destination.assumingMemoryBound(to: UInt8.self), nil, nil, nil,
        ]
        var strides: [Int32] = [Int32(stride), 0, 0, 0]
        let rows = withUnsafePointer(to: &source.pointee.data) { data in
            withUnsafePointer(to: &source.pointee.linesize) { linesize in
                data.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { sourcePlanes in
                    linesize.withMemoryRebound(to: Int32.self, capacity: 8) { sourceStrides in
                        sws_scale(
                            scaler, sourcePlanes, sourceStrides, 0, wanted.sourceHeight, &planes, &strides)
                    }
                }
            }
        }
        guard rows > 0 else {
            throw .videoOutputUnavailable(
                "scaling a \(frame.width)x\(frame.height) picture: \(ffmpegErrorString(rows))")
        }
    }

    private func context(for wanted: Setup) throws(PlayerError) -> OpaquePointer {
        if let context, setup == wanted { return context }
        let format = AVPixelFormat(rawValue: wanted.sourceFormat)
        let output = order == .bgra ? AV_PIX_FMT_BGRA : AV_PIX_FMT_RGBA
        sws_freeContext(context)
        context = nil
        setup = nil
        guard
            let made = sws_getContext(
                wanted.sourceWidth, wanted.sourceHeight, format, wanted.width, wanted.height, output,
                SWS_BILINEAR, nil, nil, nil)
        else {
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "#\(wanted.sourceFormat)"
            throw .videoOutputUnavailable(
                "cannot convert \(name) pictures of \(wanted.sourceWidth)x\(wanted.sourceHeight)")
        }
        let coefficients = sws_getCoefficients(wanted.colorimetry.swsColorspace)
        // NB: swscale ignores this for RGB sources and may then return -1; the default is the fallback.
        _ = sws_setColorspaceDetails(
            made, coefficients, wanted.colorimetry.fullRange ? 1 : 0, coefficients, 1, 0, 1 << 16, 1 << 16)
        context = made
        setup = wanted
        return made
    }
}
