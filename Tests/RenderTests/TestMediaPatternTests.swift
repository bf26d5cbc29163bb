import Foundation
import Testing
import VideoPlayerRender
import VideoPlayerTestSupport

@Suite struct TestMediaPatternTests {
    @Test func everyPaletteColourIsNearestToItself() {
        for frame in 0..<TestMedia.paletteSize {
            let colour = TestMedia.colour(forFrame: frame)
            #expect(TestMedia.nearestPaletteIndex(r: colour.r, g: colour.g, b: colour.b) == frame)
            // Compression error below half the level spacing still lands on the same entry.
            let dimmed = (colour.r - 30, colour.g + 31, colour.b - 31)
            #expect(TestMedia.nearestPaletteIndex(r: dimmed.0, g: dimmed.1, b: dimmed.2) == frame)
        }
        #expect(TestMedia.colour(forFrame: 64) == TestMedia.colour(forFrame: 0))
        #expect(TestMedia.colour(forFrame: 5) == (32, 96, 96))
    }

    @Test func frameNumberIsReadFromTheBlockCentresMostSignificantBitFirst() {
        let width = 320
        let height = 240
        let number = 0b1010_0000_0000_0011
        var sampled: [(Int, Int)] = []
        let sampler = { (x: Int, y: Int) -> TestMedia.RGB in
            sampled.append((x, y))
            let block = x * 16 / width
            let white = (number >> (15 - block)) & 1 == 1
            return white ? (250, 250, 250) : (10, 10, 10)
        }
        #expect(TestMedia.frameNumber(fromRGB: sampler, width: width, height: height) == number)
        #expect(sampled.count == 16)
        #expect(sampled.allSatisfy { $0.1 >= 210 && $0.1 < 240 })
        #expect(sampled.first?.0 == 10)
    }

    @Test func frameNumberIsNilWhenABlockIsNeitherBlackNorWhite() {
        let grey = { (_: Int, _: Int) -> TestMedia.RGB in (128, 128, 128) }
        #expect(TestMedia.frameNumber(fromRGB: grey, width: 320, height: 240) == nil)
    }

    @Test func flashWhiteIsToldApartFromThePalettesBrightestGrey() {
        #expect(TestMedia.isFlash(r: 250, g: 252, b: 249))
        #expect(!TestMedia.isFlash(r: 230, g: 230, b: 230))
    }

    @Test func flashFramesAndClicksShareTheMarkRoundedDownToAPicture() {
        let spec = ClipSpec(frameRate: 30, duration: 2, syncMarks: [0.5, 1.01, 5])
        #expect(spec.flashFrames == [15, 30])
        #expect(spec.clickTimes.count == 3)
        #expect(abs(spec.clickTimes[1] - 1.0) < 1e-9)
        #expect(spec.gopFrames == 30)
        #expect(ClipSpec(frameRate: .init(30000, 1001), gopSeconds: 2).gopFrames == 60)
    }
}
