import CFFmpeg

/// Converts pictures the presenter cannot upload (10-bit, 4:4:4, RGB...) to yuv420p with swscale.
///
/// > Important: used by the video decoder thread only; freed in `deinit`.
final class PixelConverter {
    private var context: OpaquePointer?
    private var key: (format: Int32, width: Int32, height: Int32) = (-1, 0, 0)

    deinit { sws_freeContext(context) }

    /// Whether the presenter takes `format` as it is.
    static func isPresentable(_ format: Int32) -> Bool {
        [AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_NV12].map(\.rawValue).contains(format)
    }

    /// Writes `input` converted to yuv420p into `output` (reset first); `false` on failure.
    func convert(_ input: UnsafeMutablePointer<AVFrame>, into output: UnsafeMutablePointer<AVFrame>) -> Bool {
        let inputKey = (input.pointee.format, input.pointee.width, input.pointee.height)
        if context == nil || inputKey != key {
            sws_freeContext(context)
            context = sws_getContext(
                inputKey.1, inputKey.2, AVPixelFormat(rawValue: inputKey.0), inputKey.1, inputKey.2,
                AV_PIX_FMT_YUV420P, SWS_BILINEAR, nil, nil, nil)
            key = inputKey
        }
        guard let context else { return false }
        av_frame_unref(output)
        output.pointee.width = input.pointee.width
        output.pointee.height = input.pointee.height
        output.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        guard av_frame_get_buffer(output, 0) >= 0, av_frame_copy_props(output, input) >= 0 else {
            return false
        }
        return sws_scale_frame(context, output, input) >= 0
    }
}
