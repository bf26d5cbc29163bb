import Testing
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
}
