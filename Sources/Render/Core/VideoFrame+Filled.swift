import CFFmpeg

extension VideoFrame {
    /// A `width` x `height` picture of one colour (8-bit RGB, stored as limited-range BT.601 YUV
    /// 4:2:0 like most video): what a fake engine shows, or a placeholder picture.
    ///
    /// Returns `nil` for an empty size or when FFmpeg cannot allocate the buffers.
    public static func filled(
        width: Int, height: Int, red: UInt8, green: UInt8, blue: UInt8, time: Double = 0
    ) -> VideoFrame? {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return nil }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        guard let frame else { return nil }
        frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.color_range = AVCOL_RANGE_MPEG
        frame.pointee.colorspace = AVCOL_SPC_BT470BG
        guard av_frame_get_buffer(frame, 0) >= 0 else { return nil }
        let (r, g, b) = (Double(red), Double(green), Double(blue))
        let values: [Double] = [
            16 + 0.257 * r + 0.504 * g + 0.098 * b,
            128 - 0.148 * r - 0.291 * g + 0.439 * b,
            128 + 0.439 * r - 0.368 * g - 0.071 * b,
        ]
        let planes = [
            (frame.pointee.data.0, frame.pointee.linesize.0, height),
            (frame.pointee.data.1, frame.pointee.linesize.1, (height + 1) / 2),
            (frame.pointee.data.2, frame.pointee.linesize.2, (height + 1) / 2),
        ]
        for (plane, value) in zip(planes, values) {
            guard let base = plane.0 else { return nil }
            base.update(repeating: UInt8(value.rounded()), count: Int(plane.1) * plane.2)
        }
        return VideoFrame(referencing: frame, time: time, duration: 0, orientation: .upright, serial: 0)
    }
}
