import CFFmpeg
import CSDL2

/// Converts pictures SDL cannot take directly (10-bit, 4:4:4, RGB...) to limited-range yuv420p
/// with swscale: the one YUV converter, of the video decoder thread and of the video texture.
///
/// The source's colour matrix and range are read from its tags (``YUVColorimetry``), and the
/// converted picture is tagged with what it is: the same matrix, limited range. So a full-range
/// picture (the "j" formats of MJPEG, or a frame tagged full range) keeps its levels.
/// The scaler is kept between pictures and rebuilt only when the size, format or colorimetry
/// changes.
///
/// > Important: not thread-safe; one converter per thread.
final class PictureConverter {
    private struct Source: Equatable {
        var width: Int32
        var height: Int32
        var format: Int32
        var colorimetry: YUVColorimetry
    }

    private var scaler: OpaquePointer?
    private var source: Source?

    deinit {
        sws_freeContext(scaler)
    }

    /// Whether SDL takes pictures of `format` as they are, with no conversion.
    static func isPresentable(_ format: Int32) -> Bool {
        sdlUpload(of: format) != nil
    }

    /// The SDL texture format and plane count pictures of `format` are uploaded with as they are;
    /// `nil` for the formats this converter converts.
    static func sdlUpload(of format: Int32) -> (format: UInt32, planes: Int)? {
        switch AVPixelFormat(rawValue: format) {
        case AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P: (csdl_pixelformat_iyuv(), 3)
        case AV_PIX_FMT_NV12: (csdl_pixelformat_nv12(), 2)
        default: nil
        }
    }

    /// Writes `frame`'s picture as limited-range yuv420p into a new buffer of `output`, which is
    /// reset first and gets `frame`'s properties (time, side data).
    func convert(
        _ frame: UnsafePointer<AVFrame>, into output: UnsafeMutablePointer<AVFrame>
    ) throws(PlayerError) {
        let colorimetry = YUVColorimetry(of: frame)
        let wanted = Source(
            width: frame.pointee.width, height: frame.pointee.height, format: frame.pointee.format,
            colorimetry: colorimetry)
        if wanted != source { try rebuild(for: wanted) }
        av_frame_unref(output)
        output.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        output.pointee.width = wanted.width
        output.pointee.height = wanted.height
        try check(av_frame_get_buffer(output, 0), "allocating the conversion buffer")
        try check(av_frame_copy_props(output, frame), "copying the picture's properties")
        output.pointee.color_range = AVCOL_RANGE_MPEG
        output.pointee.colorspace = colorimetry.matrix == .bt709 ? AVCOL_SPC_BT709 : AVCOL_SPC_SMPTE170M
        try check(sws_scale_frame(scaler, output, frame), "converting the picture")
    }

    private func rebuild(for wanted: Source) throws(PlayerError) {
        sws_freeContext(scaler)
        scaler = nil
        source = nil
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
