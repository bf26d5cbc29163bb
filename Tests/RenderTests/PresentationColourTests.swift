import CFFmpeg
import Testing
import VideoPlayerRender

extension PresentationTests {
    /// Decoded pictures show in the colours their pixel format, matrix and range say.
    @Suite struct Colour {
        /// The colour at the centre of the screen after `picture` is stretched over it.
        private func shown(_ picture: PresentationTestPicture, at x: Int = 160) throws -> RGBA {
            var colour = RGBA.background
            try PresentationTestScreen.run { screen in
                let video = VideoTexture(renderer: screen.renderer)
                try video.upload(picture.videoFrame())
                try video.draw(in: PresentationTestScreen.bounds, gravity: .stretch)
                colour = try screen.readPixels()[x, 120]
            }
            return colour
        }

        @Test(
            "Red and blue halves keep their colours in every format",
            arguments: [
                AV_PIX_FMT_YUV420P, AV_PIX_FMT_YUVJ420P, AV_PIX_FMT_NV12, AV_PIX_FMT_YUV444P,
                AV_PIX_FMT_YUV420P10LE, AV_PIX_FMT_RGB24,
            ])
        func halvesKeepTheirColours(format: AVPixelFormat) throws {
            let picture = try PresentationTestPicture(format, width: 64, height: 32)
            // The "j" format is full range by definition; the BT.601 limited values would be off.
            let (red, blue) =
                format == AV_PIX_FMT_YUVJ420P
                ? (TestColour(y: 76, u: 85, v: 255, rgb: .red), TestColour(y: 29, u: 255, v: 107, rgb: .blue))
                : (TestColour.red, TestColour.blue)
            try picture.paint(red, columns: 0..<32, rows: 0..<32)
            try picture.paint(blue, columns: 32..<64, rows: 0..<32)
            let left = try shown(picture, at: 40)
            let right = try shown(picture, at: 280)
            #expect(left.isClose(to: .red), "left \(left)")
            #expect(right.isClose(to: .blue), "right \(right)")
        }

        @Test func fullRangeFramesKeepTheirLevels() throws {
            let grey = TestColour(y: 200, u: 128, v: 128, rgb: RGBA(r: 200, g: 200, b: 200))
            let full = try PresentationTestPicture(AV_PIX_FMT_YUV420P, width: 64, height: 32)
            full.frame.pointee.color_range = AVCOL_RANGE_JPEG
            try full.paint(grey, columns: 0..<64, rows: 0..<32)
            let limited = try PresentationTestPicture(AV_PIX_FMT_YUV420P, width: 64, height: 32)
            try limited.paint(grey, columns: 0..<64, rows: 0..<32)
            let fullShown = try shown(full)
            let limitedShown = try shown(limited)
            #expect(fullShown.isClose(to: grey.rgb, tolerance: 3), "\(fullShown)")
            // Limited range stretches 16...235 to 0...255: 200 shows as 214.
            #expect(limitedShown.isClose(to: RGBA(r: 214, g: 214, b: 214), tolerance: 3), "\(limitedShown)")
        }

        @Test func bt709FramesUseTheBT709Matrix() throws {
            let picture = try PresentationTestPicture(AV_PIX_FMT_YUV420P, width: 64, height: 32)
            picture.frame.pointee.colorspace = AVCOL_SPC_BT709
            // BT.709 limited-range red; through the BT.601 matrix it would show as (233, 0, 2).
            try picture.paint(TestColour(y: 63, u: 102, v: 240, rgb: .red), columns: 0..<64, rows: 0..<32)
            let colour = try shown(picture)
            #expect(colour.isClose(to: .red, tolerance: 8), "\(colour)")
        }
    }
}
