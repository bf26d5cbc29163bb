import CFFmpeg
import Foundation
import VideoPlayerRender

extension TestMedia {
    /// A picture that shows how a scaler copes with detail: a circular zone plate in the luma, whose
    /// rings get finer from the centre out until, at the corners, they alternate every pixel (the
    /// finest detail a picture can hold), on chroma that ramps across and down.
    ///
    /// Shrunk without filtering, the fine rings fold into false coarse ones (moiré); a filter that
    /// weighs every source pixel turns them into an even grey instead. A YUV 4:2:0 picture, limited
    /// range, BT.709, as a decoder hands it over; `nil` for an empty or oversized size.
    public static func zonePlate(width: Int, height: Int) -> VideoFrame? {
        guard width > 1, height > 1 else { return nil }
        return VideoFrame.yuv420p(width: width, height: height, colorspace: AVCOL_SPC_BT709) { planes in
            // The phase grows with the squared distance from the centre: its rate of change, the
            // rings' frequency, grows linearly, to half a cycle per pixel at the corners.
            let (centreX, centreY) = (Double(width) / 2, Double(height) / 2)
            let scale = Double.pi / (2 * (centreX * centreX + centreY * centreY).squareRoot())
            let (luma, blue, red) = (planes[0], planes[1], planes[2])
            for y in 0..<height {
                let dy = Double(y) + 0.5 - centreY
                for x in 0..<width {
                    let dx = Double(x) + 0.5 - centreX
                    let value = 126 + 100 * cos(scale * (dx * dx + dy * dy))
                    luma.base[y * luma.stride + x] = UInt8(value.rounded())
                }
            }
            let chromaWidth = (width + 1) / 2
            for y in 0..<blue.rows {
                for x in 0..<chromaWidth {
                    blue.base[y * blue.stride + x] = UInt8(64 + 128 * x / chromaWidth)
                    red.base[y * red.stride + x] = UInt8(64 + 128 * y / blue.rows)
                }
            }
        }
    }

    /// Peak signal-to-noise ratio in dB of the first three bytes of each 4-byte pixel of `pixels`
    /// (R, G, B or B, G, R) against `reference`, rows `stride` bytes apart: the higher, the closer;
    /// infinite when they are the same, 0 when the sizes differ.
    public static func psnr(
        of pixels: [UInt8], against reference: [UInt8], width: Int, height: Int, stride: Int
    ) -> Double {
        guard pixels.count == reference.count, width > 0, height > 0, stride >= width * 4,
            pixels.count >= (height - 1) * stride + width * 4
        else { return 0 }
        var squares = 0.0
        for row in 0..<height {
            for column in 0..<width {
                let offset = row * stride + column * 4
                for channel in 0..<3 {
                    let difference = Double(pixels[offset + channel]) - Double(reference[offset + channel])
                    squares += difference * difference
                }
            }
        }
        let meanSquare = squares / Double(width * height * 3)
        return meanSquare > 0 ? 10 * log10(255 * 255 / meanSquare) : .infinity
    }
}
