import CFFmpeg
import Foundation
import Testing
import VideoPlayerRender

/// A colour as the Y, U, V of one matrix and range, with the RGB it is expected to show as.
struct TestColour {
    var y: UInt8
    var u: UInt8
    var v: UInt8
    var rgb: RGBA

    /// BT.601 limited range, the SDL and FFmpeg default for standard-definition pictures.
    static let red = TestColour(y: 81, u: 90, v: 240, rgb: .red)
    static let blue = TestColour(y: 41, u: 240, v: 110, rgb: .blue)
}

/// An AVFrame made in a test, its buffers filled with 0xFF (so padding read by mistake shows) and
/// then painted with known colours.
final class PresentationTestPicture {
    let frame: UnsafeMutablePointer<AVFrame>
    private let format: AVPixelFormat

    /// - Parameter bottomUp: store the rows bottom-up, with negative linesizes, as some decoders do.
    init(_ format: AVPixelFormat, width: Int, height: Int, bottomUp: Bool = false) throws {
        frame = try #require(av_frame_alloc())
        self.format = format
        frame.pointee.format = format.rawValue
        frame.pointee.width = Int32(width)
        frame.pointee.height = Int32(height)
        frame.pointee.colorspace = AVCOL_SPC_SMPTE170M
        try #require(av_frame_get_buffer(frame, 0) >= 0)
        for plane in 0..<planeCount {
            let rows = rowCount(plane: plane)
            memset(try data(plane), 0xFF, Int(linesize(plane)) * rows)
            if bottomUp {
                setPlane(plane, try data(plane) + Int(linesize(plane)) * (rows - 1), -linesize(plane))
            }
        }
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&doomed)
    }

    /// A new `VideoFrame` (a new identity) referencing this picture's buffers.
    func videoFrame(orientation: VideoOrientation = .upright) throws -> VideoFrame {
        try #require(
            VideoFrame(referencing: frame, time: 0, duration: 0.04, orientation: orientation, serial: 0))
    }

    /// Paints the pixels in `columns` x `rows`; chroma samples that the area touches are painted.
    func paint(_ colour: TestColour, columns: Range<Int>, rows: Range<Int>) throws {
        switch format {
        case AV_PIX_FMT_RGB24:
            try write([colour.rgb.r, colour.rgb.g, colour.rgb.b], plane: 0, columns: columns, rows: rows)
        case AV_PIX_FMT_NV12:
            try write([colour.y], plane: 0, columns: columns, rows: rows)
            try write(
                [colour.u, colour.v], plane: 1, columns: ceilShift(columns, 1), rows: ceilShift(rows, 1))
        default:
            let descriptor = try #require(av_pix_fmt_desc_get(format)).pointee
            let depth = Int(descriptor.comp.0.depth)
            for (plane, value) in [colour.y, colour.u, colour.v].enumerated() {
                let (sx, sy) = plane == 0 ? (0, 0) : (descriptor.log2_chroma_w, descriptor.log2_chroma_h)
                let sample = Int(value) << (depth - 8)
                // Little-endian bytes of the sample: one for 8-bit formats, two above.
                let bytes = depth > 8 ? [UInt8(sample & 0xFF), UInt8(sample >> 8)] : [UInt8(sample)]
                try write(
                    bytes, plane: plane, columns: ceilShift(columns, Int(sx)), rows: ceilShift(rows, Int(sy)))
            }
        }
    }

    /// Writes `sample` (the bytes of one sample or pixel) at every position of `columns` x `rows`.
    private func write(_ sample: [UInt8], plane: Int, columns: Range<Int>, rows: Range<Int>) throws {
        let base = try data(plane)
        for row in rows {
            let line = base + Int(linesize(plane)) * row
            for column in columns {
                for (index, byte) in sample.enumerated() {
                    line[column * sample.count + index] = byte
                }
            }
        }
    }

    private var planeCount: Int { Int(av_pix_fmt_count_planes(format)) }

    private func rowCount(plane: Int) -> Int {
        let height = Int(frame.pointee.height)
        guard plane > 0, let descriptor = av_pix_fmt_desc_get(format) else { return height }
        return ceilShift(0..<height, Int(descriptor.pointee.log2_chroma_h)).upperBound
    }

    private func data(_ plane: Int) throws -> UnsafeMutablePointer<UInt8> {
        let data = frame.pointee.data
        return try #require([data.0, data.1, data.2][plane])
    }

    private func linesize(_ plane: Int) -> Int32 {
        let linesize = frame.pointee.linesize
        return [linesize.0, linesize.1, linesize.2][plane]
    }

    private func setPlane(_ plane: Int, _ pointer: UnsafeMutablePointer<UInt8>, _ stride: Int32) {
        switch plane {
        case 0: (frame.pointee.data.0, frame.pointee.linesize.0) = (pointer, stride)
        case 1: (frame.pointee.data.1, frame.pointee.linesize.1) = (pointer, stride)
        default: (frame.pointee.data.2, frame.pointee.linesize.2) = (pointer, stride)
        }
    }
}

/// The sample range covering `range` when samples are `2^shift` pixels wide (odd edges rounded up).
private func ceilShift(_ range: Range<Int>, _ shift: Int) -> Range<Int> {
    (range.lowerBound >> shift)..<((range.upperBound + (1 << shift) - 1) >> shift)
}
