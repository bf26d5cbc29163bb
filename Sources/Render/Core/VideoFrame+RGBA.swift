import CFFmpeg

/// Pixels in memory order R, G, B, A (8 bits each, straight alpha), `width * 4` bytes per row.
public struct RGBAPixels: Sendable {
    public var width: Int
    public var height: Int
    public var bytes: [UInt8]

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
    /// Used by snapshots, thumbnails and tests; the playback path uploads YUV planes instead.
    /// Returns `nil` when the conversion is not possible (unknown pixel format, zero size).
    public func rgbaPixels(width targetWidth: Int? = nil, height targetHeight: Int? = nil) -> RGBAPixels? {
        let outWidth = targetWidth ?? width
        let outHeight = targetHeight ?? height
        guard width > 0, height > 0, outWidth > 0, outHeight > 0 else { return nil }
        guard
            let scaler = sws_getContext(
                Int32(width), Int32(height), pixelFormat, Int32(outWidth), Int32(outHeight),
                AV_PIX_FMT_RGBA, SWS_BILINEAR, nil, nil, nil)
        else { return nil }
        defer { sws_freeContext(scaler) }
        var bytes = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        let converted = bytes.withUnsafeMutableBufferPointer { storage -> Int32 in
            var destination: [UnsafeMutablePointer<UInt8>?] = [storage.baseAddress, nil, nil, nil]
            var strides: [Int32] = [Int32(outWidth * 4), 0, 0, 0]
            return withUnsafePointer(to: &avFrame.pointee.data) { dataTuple in
                withUnsafePointer(to: &avFrame.pointee.linesize) { linesizeTuple in
                    dataTuple.withMemoryRebound(to: UnsafePointer<UInt8>?.self, capacity: 8) { planes in
                        linesizeTuple.withMemoryRebound(to: Int32.self, capacity: 8) { linesizes in
                            sws_scale(
                                scaler, planes, linesizes, 0, Int32(height), &destination, &strides)
                        }
                    }
                }
            }
        }
        guard converted > 0 else { return nil }
        return RGBAPixels(width: outWidth, height: outHeight, bytes: bytes)
    }
}
