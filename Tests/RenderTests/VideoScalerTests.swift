import Testing
import VideoPlayerFixtures
import VideoPlayerTestSupport

@testable import VideoPlayerRender

@MainActor
@Suite struct VideoScalerTests {
    /// 200 pixels a row is not a multiple of the 16-pixel blocks swscale's SIMD converters write;
    /// rows packed at 800 bytes, and rows padded as swscale wants them.
    @Test(arguments: [800, VideoScaler.paddedStride(width: 200)])
    func scalingWritesNothingPastTheLastRow(stride: Int) async throws {
        let (width, height) = (200, 120)
        let harness = PlayerHarness()
        harness.player.load(
            try TestClips.item(ClipSpec(width: width, height: height, duration: 1, tone: nil)))
        #expect(await harness.wait { harness.player.currentFrame != nil })
        let frame = try #require(harness.player.currentFrame)
        let rowsEnd = stride * height
        var buffer = [UInt8](repeating: 0xAB, count: rowsEnd + 256)
        try buffer.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            try VideoScaler(order: .rgba).scale(
                frame, width: width, height: height, into: base, stride: stride)
        }
        #expect(buffer[rowsEnd...].allSatisfy { $0 == 0xAB }, "swscale wrote past the last row")
        let pixels = try #require(frame.rgbaPixels())
        let lastRow = (height - 1) * stride
        #expect(pixels.bytes.suffix(width * 4).elementsEqual(buffer[lastRow..<lastRow + width * 4]))
        await harness.close()
    }

    /// At every ratio, from enlarging to a thumbnail, the filter the scaler picks keeps a zone plate
    /// (detail up to the finest a picture holds) at least as close to Lanczos as bilinear does,
    /// which it was before it chose.
    @Test(arguments: [
        (1280, 720), (960, 540), (640, 360), (480, 270), (384, 216), (360, 202), (320, 180), (160, 90),
    ])
    func theFilterPickedForEachRatioKeepsDetailAsWellAsBilinear(width: Int, height: Int) throws {
        let picture = try #require(TestMedia.zonePlate(width: 960, height: 540))
        let stride = VideoScaler.paddedStride(width: width)
        func scaled(_ filter: VideoScaler.Filter?) throws -> [UInt8] {
            try VideoScaler(filter: filter).pixels(of: picture, width: width, height: height, stride: stride)
        }
        let reference = try scaled(.lanczos)
        let psnr = { (pixels: [UInt8]) in
            TestMedia.psnr(of: pixels, against: reference, width: width, height: height, stride: stride)
        }
        let picked = VideoScaler.choice(forRatio: VideoScaler.ratio(from: (960, 540), to: (width, height)))
        let (chosen, bilinear) = (psnr(try scaled(nil)), psnr(try scaled(.bilinear)))
        #expect(chosen >= bilinear - 0.5, "\(picked): \(chosen) dB, bilinear \(bilinear) dB")
        #expect(psnr(try scaled(picked)) == chosen)
    }

    /// swscale is several times slower writing rows of an odd width (it then interpolates chroma for
    /// every pixel, without its SIMD code), so an odd width is scaled one pixel wider and its last
    /// column left out: a portrait picture pillarboxed 203 pixels wide is the one 204 wide, cut.
    @Test func anOddWidthIsTheNextEvenWidthWithoutItsLastColumn() throws {
        let picture = try #require(TestMedia.zonePlate(width: 540, height: 960))
        let (width, height) = (203, 360)
        let scaler = VideoScaler(order: .bgra)
        let odd = try scaler.pixels(of: picture, width: width, height: height, stride: width * 4)
        let even = try scaler.pixels(of: picture, width: width + 1, height: height, stride: (width + 1) * 4)
        let differing = (0..<height).first { row in
            let cut = row * (width + 1) * 4
            return !odd[row * width * 4..<(row + 1) * width * 4].elementsEqual(even[cut..<cut + width * 4])
        }
        #expect(differing == nil, "row \(differing ?? 0) differs")
    }

    /// A window's pixels beside a picture must stay: with `keepingRowGaps`, rows of any width, at
    /// any place, take the picture and nothing else is written, not even what swscale spills past a
    /// row of a width that is not a whole number of its 16-pixel blocks (converting a picture at its
    /// own size, as for a 200-pixel-wide one here, swscale writes whole blocks).
    @Test(arguments: [(203, 540, 4), (200, 200, 4), (200, 200, 0), (256, 256, 8), (256, 540, 0)])
    func keepingRowGapsWritesOnlyThePicturesRows(width: Int, sourceWidth: Int, offset: Int) throws {
        let picture = try #require(TestMedia.zonePlate(width: sourceWidth, height: 360))
        let (height, stride) = (360, 1280 * 4)
        let scaler = VideoScaler(order: .bgra)
        let expected = try scaler.pixels(of: picture, width: width, height: height, stride: width * 4)
        var buffer = [UInt8](repeating: 0xAB, count: offset + stride * height + 256)
        try buffer.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            try scaler.scale(
                picture, width: width, height: height, into: base + offset, stride: stride,
                keepingRowGaps: true)
        }
        #expect(buffer[..<offset].allSatisfy { $0 == 0xAB })
        let wrong = (0..<height).first { row in
            let start = offset + row * stride
            let picturePart = buffer[start..<start + width * 4]
            let gap = buffer[start + width * 4..<start + stride]
            return !picturePart.elementsEqual(expected[row * width * 4..<(row + 1) * width * 4])
                || !gap.allSatisfy { $0 == 0xAB }
        }
        #expect(wrong == nil, "row \(wrong ?? 0) is not the picture's, or its gap was written")
    }
}
