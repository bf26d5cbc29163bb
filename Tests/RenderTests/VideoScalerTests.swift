import CFFmpeg
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

    /// A picture the decoder thread resized ahead to the size drawn is only converted, and gives
    /// the pixels the scaler's own two passes give; its colours are read from the decoded picture
    /// (an untagged 1440-line picture is BT.709, a 360-line one would be guessed BT.601). Drawn at
    /// another size, the picture is scaled whole.
    @Test func aPictureResizedAheadGivesThePixelsOfBothPasses() throws {
        let picture = try #require(TestMedia.zonePlate(width: 2560, height: 1440))
        picture.avFrame.pointee.colorspace = AVCOL_SPC_UNSPECIFIED
        let (width, height) = (640, 360)
        let target = try #require(
            VideoScaler.resizeAhead(
                format: picture.avFrame.pointee.format, source: (2560, 1440), drawn: (width, height)))
        #expect(target.width == width && target.height == height)
        #expect(target.filter == VideoScaler.choice(forRatio: 0.25))
        let ahead = try #require(
            ResizedPicture(
                picture.avFrame, width: target.width, height: target.height, filter: target.filter,
                resizer: PictureResizer()))
        let frame = try #require(
            VideoFrame(
                referencing: picture.avFrame, time: 0, duration: 0.04, orientation: .upright, serial: 0,
                resized: ahead))
        let scaler = VideoScaler(order: .bgra)
        let converted = try scaler.pixels(of: frame, width: width, height: height)
        #expect(scaler.resizedAhead == 1)
        #expect(
            converted == (try VideoScaler(order: .bgra).pixels(of: picture, width: width, height: height)))
        let other = try scaler.pixels(of: frame, width: 480, height: 270)
        #expect(scaler.resizedAhead == 1)
        #expect(other == (try VideoScaler(order: .bgra).pixels(of: picture, width: 480, height: 270)))
    }

    /// Pictures are resized ahead only where the scaler resizes before converting (8-bit 4:2:0),
    /// only when larger than 1080p, and only to fewer pixels; an odd width drawn is the next even
    /// one, as the scaler makes it.
    @Test func onlyPicturesLargerThan1080pThatShrinkAreResizedAhead() {
        let yuv = AV_PIX_FMT_YUV420P.rawValue
        #expect(VideoScaler.resizeAhead(format: yuv, source: (3840, 2160), drawn: (3840, 2160)) == nil)
        #expect(VideoScaler.resizeAhead(format: yuv, source: (2560, 1440), drawn: (3840, 2160)) == nil)
        #expect(VideoScaler.resizeAhead(format: yuv, source: (2560, 1440), drawn: (1280, 2160)) == nil)
        #expect(VideoScaler.resizeAhead(format: yuv, source: (1920, 1080), drawn: (640, 360)) == nil)
        #expect(VideoScaler.resizeAhead(format: yuv, source: (1080, 1920), drawn: (405, 720)) == nil)
        #expect(
            VideoScaler.resizeAhead(format: AV_PIX_FMT_NV12.rawValue, source: (3840, 2160), drawn: (640, 360))
                == nil)
        #expect(VideoScaler.resizeAhead(format: yuv, source: (3840, 2160), drawn: (0, 0)) == nil)
        let odd = VideoScaler.resizeAhead(
            format: AV_PIX_FMT_YUVJ420P.rawValue, source: (2160, 3840), drawn: (405, 720))
        #expect(odd?.width == 406 && odd?.height == 720)
    }

    /// A player told the size its pictures are drawn at resizes those larger to it as it decodes
    /// them, and keeps the decoded picture whole beside; told nothing, or a larger size, it
    /// resizes none.
    @Test func aPlayerResizesItsPicturesAheadToTheSizeDrawn() async throws {
        let harness = PlayerHarness()
        harness.player.setDrawnPictureSize(Size(width: 320, height: 180))
        harness.player.load(try TestClips.item(ClipSpec(width: 2560, height: 1440, duration: 4, tone: nil)))
        harness.player.play()
        #expect(await harness.wait { harness.player.currentFrame?.resized != nil })
        let frame = try #require(harness.player.currentFrame)
        #expect(frame.width == 2560 && frame.height == 1440)
        #expect(frame.resized?.width == 320 && frame.resized?.height == 180)
        harness.player.setDrawnPictureSize(Size(width: 3840, height: 2160))
        let shown = frame.time
        #expect(await harness.wait { (harness.player.currentFrame?.time ?? 0) > shown + 0.5 })
        #expect(harness.player.currentFrame?.resized == nil)
        #expect(harness.player.drawnPictureSize == Size(width: 3840, height: 2160))
        harness.player.setDrawnPictureSize(Size(width: .nan, height: 10))
        #expect(harness.player.drawnPictureSize == nil)
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

    /// An 8-bit 4:2:0 picture whose size changes is resized in its own pixel format and converted
    /// after (``VideoScaler/resizesBeforeConverting(format:resizing:)``); other pictures in one pass.
    /// Either way, the colours are those its matrix and range say, as at its own size.
    @Test(arguments: [
        (AV_PIX_FMT_YUV420P, AVCOL_SPC_UNSPECIFIED, AVCOL_RANGE_UNSPECIFIED),
        (AV_PIX_FMT_YUV420P, AVCOL_SPC_BT709, AVCOL_RANGE_MPEG),
        (AV_PIX_FMT_YUV420P, AVCOL_SPC_UNSPECIFIED, AVCOL_RANGE_JPEG),
        (AV_PIX_FMT_YUVJ420P, AVCOL_SPC_UNSPECIFIED, AVCOL_RANGE_UNSPECIFIED),
        (AV_PIX_FMT_YUV444P, AVCOL_SPC_UNSPECIFIED, AVCOL_RANGE_UNSPECIFIED),
    ])
    func aResizedPictureKeepsTheColoursOfItsMatrixAndRange(
        format: AVPixelFormat, matrix: AVColorSpace, range: AVColorRange
    ) throws {
        let picture = try PresentationTestPicture(format, width: 64, height: 32)
        picture.frame.pointee.colorspace = matrix
        picture.frame.pointee.color_range = range
        let full = format == AV_PIX_FMT_YUVJ420P || range == AVCOL_RANGE_JPEG
        // Red on the left half, a grey of 200 on the right: BT.709 red in BT.709, the full-range
        // values in full range, BT.601 limited values otherwise.
        let red =
            matrix == AVCOL_SPC_BT709
            ? TestColour(y: 63, u: 102, v: 240, rgb: .red)
            : full ? TestColour(y: 76, u: 85, v: 255, rgb: .red) : TestColour.red
        let grey = RGBA(r: full ? 200 : 214, g: full ? 200 : 214, b: full ? 200 : 214)
        try picture.paint(red, columns: 0..<32, rows: 0..<32)
        try picture.paint(TestColour(y: 200, u: 128, v: 128, rgb: grey), columns: 32..<64, rows: 0..<32)
        let frame = try picture.videoFrame()
        let scaler = VideoScaler(order: .rgba)
        for (width, height) in [(64, 32), (48, 24), (128, 64)] {
            let pixels = try scaler.pixels(of: frame, width: width, height: height, stride: width * 4)
            for (column, expected) in [(width / 4, RGBA.red), (width * 3 / 4, grey)] {
                let at = (height / 2 * width + column) * 4
                let shown = RGBA(r: pixels[at], g: pixels[at + 1], b: pixels[at + 2])
                #expect(shown.isClose(to: expected, tolerance: 8), "\(width)x\(height): \(shown)")
            }
        }
        let resizes = VideoScaler.resizesBeforeConverting(format: format.rawValue, resizing: true)
        #expect(resizes == (format != AV_PIX_FMT_YUV444P))
        #expect(!VideoScaler.resizesBeforeConverting(format: format.rawValue, resizing: false))
    }
}
