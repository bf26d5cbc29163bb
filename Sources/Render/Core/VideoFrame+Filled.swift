import CFFmpeg

extension VideoFrame {
    /// A `width` x `height` picture of one colour (8-bit RGB, stored as limited-range BT.601 YUV
    /// 4:2:0 like most video): what a fake engine shows, or a placeholder picture.
    ///
    /// Returns `nil` for an empty size or when FFmpeg cannot allocate the buffers.
    public static func filled(
        width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, time: Double = 0
    ) -> VideoFrame? {
        yuv420p(width: width, height: height, colorspace: AVCOL_SPC_BT470BG, time: time) { planes in
            let (r, g, b) = (Double(red), Double(green), Double(blue))
            let values: [Double] = [
                16 + 0.257 * r + 0.504 * g + 0.098 * b,
                128 - 0.148 * r - 0.291 * g + 0.439 * b,
                128 + 0.439 * r - 0.368 * g - 0.071 * b,
            ]
            for (plane, value) in zip(planes, values) {
                plane.base.update(repeating: UInt8(value.rounded()), count: plane.stride * plane.rows)
            }
        }
    }

    /// One plane of a picture being drawn: its first byte, the bytes between rows, and its rows.
    package typealias Plane = (base: UnsafeMutablePointer<UInt8>, stride: Int, rows: Int)

    /// A `width` x `height` limited-range YUV 4:2:0 picture tagged with `colorspace`, whose planes
    /// (Y, then the half-size U and V) `draw` fills, as a decoder would hand it over.
    ///
    /// Returns `nil` for an empty or oversized size or when FFmpeg cannot allocate the buffers.
    package static func yuv420p(
        width: Int, height: Int, colorspace: AVColorSpace, time: Double = 0, draw: ([Plane]) -> Void
    ) -> VideoFrame? {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return nil }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let frame else { return nil }
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.colorspace = colorspace
        guard av_frame_get_buffer(frame, 0) >= 0, let luma = frame.pointee.data.0,
            let blue = frame.pointee.data.1, let red = frame.pointee.data.2
        else { return nil }
        let chromaRows = (height + 1) / 2
        draw([
            (luma, Int(frame.pointee.linesize.0), height),
            (blue, Int(frame.pointee.linesize.1), chromaRows),
            (red, Int(frame.pointee.linesize.2), chromaRows),
        ])
        return VideoFrame(referencing: frame, time: time, duration: 0, orientation: .upright, serial: 0)
    }
}
