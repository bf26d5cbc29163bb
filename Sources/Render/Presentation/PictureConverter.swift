import CFFmpeg

/// Converts pictures SDL cannot take directly (10-bit, 4:4:4, RGB...) into one reusable
/// limited-range yuv420p buffer with swscale.
///
/// The scaler and the buffer are kept between frames and rebuilt only when the source size,
/// format or colorimetry changes. The converted picture keeps the source's colour matrix, so it is
/// shown with `YUVColorimetry(matrix: source.matrix, fullRange: false)`.
final class PictureConverter {
    private struct Source: Equatable {
        var width: Int32
        var height: Int32
        var format: Int32
        var colorimetry: YUVColorimetry
    }

    private var scaler: OpaquePointer?
    private var source: Source?
    private let output: UnsafeMutablePointer<AVFrame>

    init() throws(PlayerError) {
        guard let frame = av_frame_alloc() else {
            throw .videoOutputUnavailable("allocating the conversion frame: out of memory")
        }
        output = frame
    }

    deinit {
        sws_freeContext(scaler)
        var doomed: UnsafeMutablePointer<AVFrame>? = output
        av_frame_free(&doomed)
    }

    /// The picture of `frame` as yuv420p; valid until the next call.
    func convert(
        _ frame: UnsafePointer<AVFrame>, colorimetry: YUVColorimetry
    ) throws(PlayerError) -> UnsafePointer<AVFrame> {
        let wanted = Source(
            width: frame.pointee.width, height: frame.pointee.height, format: frame.pointee.format,
            colorimetry: colorimetry)
        if wanted != source { try rebuild(for: wanted) }
        try check(sws_scale_frame(scaler, output, frame), "converting the picture")
        return UnsafePointer(output)
    }

    private func rebuild(for wanted: Source) throws(PlayerError) {
        sws_freeContext(scaler)
        scaler = nil
        source = nil
        av_frame_unref(output)
        output.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        output.pointee.width = wanted.width
        output.pointee.height = wanted.height
        try check(av_frame_get_buffer(output, 0), "allocating the conversion buffer")
        let format = AVPixelFormat(rawValue: wanted.format)
        guard
            let context = sws_getContext(
                wanted.width, wanted.height, format, wanted.width, wanted.height, AV_PIX_FMT_YUV420P,
                SWS_BILINEAR, nil, nil, nil)
        else {
            let name = av_get_pix_fmt_name(format).map { String(cString: $0) } ?? "#\(wanted.format)"
            throw .videoOutputUnavailable(
                "cannot convert \(name) pictures of \(wanted.width)x\(wanted.height)")
        }
        let coefficients = sws_getCoefficients(wanted.colorimetry.swsColorspace)
        // NB: for YUV-to-YUV pairs this applies the ranges and then returns -1 (meaning "no matrix
        // change"), so its result says nothing about success; the default conversion is the fallback.
        _ = sws_setColorspaceDetails(
            context, coefficients, wanted.colorimetry.fullRange ? 1 : 0, coefficients, 0, 0, 1 << 16,
            1 << 16)
        scaler = context
        source = wanted
    }

    private func check(_ code: Int32, _ operation: String) throws(PlayerError) {
        guard code < 0 else { return }
        throw .videoOutputUnavailable("\(operation): \(ffmpegErrorString(code))")
    }
}
