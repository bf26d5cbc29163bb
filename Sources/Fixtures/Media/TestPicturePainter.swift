import CFFmpeg
import VideoPlayerRender

/// Paints test pictures straight into yuv420p frames, so encoding needs no colour conversion.
///
/// Colours are converted with the BT.601 limited-range matrix, which the encoder tags on the stream
/// and which swscale applies by default when converting back.
struct TestPicturePainter {
    /// A colour as limited-range BT.601 luma and chroma.
    struct YUV: Equatable {
        var y: UInt8
        var u: UInt8
        var v: UInt8

        init(_ rgb: TestMedia.RGB) {
            let (r, g, b) = (Double(rgb.r), Double(rgb.g), Double(rgb.b))
            func clamp(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
            y = clamp(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255)
            u = clamp(128 + (-37.797 * r - 74.203 * g + 112.0 * b) / 255)
            v = clamp(128 + (112.0 * r - 93.786 * g - 18.214 * b) / 255)
        }
    }

    static let white = YUV((255, 255, 255))
    static let black = YUV((0, 0, 0))

    let layout: PatternLayout

    /// Fills `frame`'s planes with picture `number`: its palette colour (or white for a flash) above,
    /// its number in blocks below. The frame must be writable.
    func paint(_ frame: UnsafeMutablePointer<AVFrame>, number: Int, flash: Bool) {
        let fill = flash ? Self.white : YUV(TestMedia.colour(forFrame: number))
        let blocks = (0..<TestMedia.frameNumberBits).map { index in
            (
                columns: layout.blockColumns(index),
                colour: PatternLayout.bit(index, of: number) ? Self.white : Self.black
            )
        }
        let planes = [
            (frame.pointee.data.0, frame.pointee.linesize.0, 1, \YUV.y),
            (frame.pointee.data.1, frame.pointee.linesize.1, 2, \YUV.u),
            (frame.pointee.data.2, frame.pointee.linesize.2, 2, \YUV.v),
        ]
        for (base, stride, scale, component) in planes {
            guard let base else { continue }
            let rows = (layout.height + scale - 1) / scale
            let columns = (layout.width + scale - 1) / scale
            for row in 0..<rows {
                let line = base + row * Int(stride)
                if row * scale < layout.bandTop {
                    line.update(repeating: fill[keyPath: component], count: columns)
                    continue
                }
                for block in blocks {
                    let start = block.columns.lowerBound / scale
                    let end = min(columns, (block.columns.upperBound + scale - 1) / scale)
                    guard end > start else { continue }
                    (line + start).update(repeating: block.colour[keyPath: component], count: end - start)
                }
            }
        }
    }
}
