import CFFmpeg
import CSDL2

/// The colour matrix and range of a YUV picture, reduced to what SDL 2 can show.
///
/// SDL 2 knows BT.601 and BT.709 in limited range and BT.601 in full range ("JPEG"); other
/// combinations are shown with the nearest of those.
struct YUVColorimetry: Equatable {
    enum Matrix {
        case bt601
        case bt709
    }

    var matrix: Matrix
    var fullRange: Bool

    /// Pictures taller than this without colour metadata are taken as HD (BT.709), as SDL does.
    private static let standardDefinitionHeight: Int32 = 576

    init(matrix: Matrix, fullRange: Bool) {
        self.matrix = matrix
        self.fullRange = fullRange
    }

    /// The colorimetry a decoder tagged `frame` with, with SDL's guess where the tag is missing.
    init(of frame: UnsafePointer<AVFrame>) {
        switch frame.pointee.colorspace {
        case AVCOL_SPC_BT709, AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL:
            matrix = .bt709
        case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC, AVCOL_SPC_SMPTE240M:
            matrix = .bt601
        default:
            matrix = frame.pointee.height > Self.standardDefinitionHeight ? .bt709 : .bt601
        }
        let format = AVPixelFormat(rawValue: frame.pointee.format)
        let jpegFormats = [
            AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ440P,
        ]
        fullRange = frame.pointee.color_range == AVCOL_RANGE_JPEG || jpegFormats.contains(format)
    }

    /// The mode to pass to `SDL_SetYUVConversionMode`.
    var sdlMode: SDL_YUV_CONVERSION_MODE {
        if fullRange { return SDL_YUV_CONVERSION_JPEG }
        return matrix == .bt709 ? SDL_YUV_CONVERSION_BT709 : SDL_YUV_CONVERSION_BT601
    }

    /// The matrix as a swscale colour-space constant, for `sws_getCoefficients`.
    var swsColorspace: Int32 {
        matrix == .bt709 ? SWS_CS_ITU709 : SWS_CS_ITU601
    }
}
