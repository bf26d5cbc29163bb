import CFFmpeg
import Testing
import VideoPlayerRender

extension PresentationTests {
    /// What `upload` sends, skips and replaces.
    @Suite struct Upload {
        private func solid(
            _ colour: TestColour, width: Int = 64, height: Int = 32,
            format: AVPixelFormat = AV_PIX_FMT_YUV420P
        ) throws -> PresentationTestPicture {
            let picture = try PresentationTestPicture(format, width: width, height: height)
            try picture.paint(colour, columns: 0..<width, rows: 0..<height)
            return picture
        }

        @Test func theFrameAlreadyShownIsNotSentAgain() throws {
            let picture = try solid(.red)
            try PresentationTestScreen.run { screen in
                let video = VideoTexture(renderer: screen.renderer)
                let frame = try picture.videoFrame()
                try video.upload(frame)
                try video.upload(frame)
                #expect(video.uploadCount == 1)
                // Another frame over the same buffers is another frame, and is sent.
                try video.upload(picture.videoFrame())
                #expect(video.uploadCount == 2)
            }
        }

        @Test func aNewFrameReplacesThePicture() throws {
            let red = try solid(.red)
            let blue = try solid(.blue)
            try PresentationTestScreen.run { screen in
                let video = VideoTexture(renderer: screen.renderer)
                try video.upload(red.videoFrame())
                try video.draw(in: PresentationTestScreen.bounds, gravity: .stretch)
                #expect(try screen.readPixels()[160, 120].isClose(to: .red))
                try video.upload(blue.videoFrame())
                try video.draw(in: PresentationTestScreen.bounds, gravity: .stretch)
                #expect(try screen.readPixels()[160, 120].isClose(to: .blue))
            }
        }

        @Test func aNewSizeOrFormatRemakesTheTexture() throws {
            let landscape = try solid(.red)
            let portrait = try solid(.blue, width: 32, height: 64, format: AV_PIX_FMT_NV12)
            try PresentationTestScreen.run { screen in
                let video = VideoTexture(renderer: screen.renderer)
                try video.upload(landscape.videoFrame())
                try video.upload(portrait.videoFrame())
                try video.draw(in: PresentationTestScreen.bounds, gravity: .fit)
                let image = try screen.readPixels()
                // 1:2 fits 320x240 as x 100..<220; a landscape texture would cover the full width.
                #expect(image[60, 120] == .background)
                #expect(image[160, 120].isClose(to: .blue), "\(image[160, 120])")
            }
        }

        @Test func drawingBeforeTheFirstUploadLeavesTheScreenAlone() throws {
            try PresentationTestScreen.run { screen in
                let video = VideoTexture(renderer: screen.renderer)
                try video.draw(in: PresentationTestScreen.bounds, gravity: .fill)
                #expect(try screen.readPixels()[160, 120] == .background)
                #expect(video.uploadCount == 0)
            }
        }

        /// Measures, never asserts a time: the average upload of a 1920x1080 frame, printed.
        @Test(arguments: [AV_PIX_FMT_YUV420P, AV_PIX_FMT_NV12, AV_PIX_FMT_YUV420P10LE])
        func fullHDUploadTime(format: AVPixelFormat) throws {
            // The content does not change the cost, so the picture is left unpainted.
            let picture = try PresentationTestPicture(format, width: 1920, height: 1080)
            let rounds = 30
            try PresentationTestScreen.run { screen in
                let video = VideoTexture(renderer: screen.renderer)
                // The first upload makes the texture (and the converter); it is not timed.
                try video.upload(picture.videoFrame())
                let frames = try (0..<rounds).map { _ in try picture.videoFrame() }
                let clock = ContinuousClock()
                let elapsed = try clock.measure {
                    for frame in frames { try video.upload(frame) }
                }
                #expect(video.uploadCount == rounds + 1)
                let milliseconds = (elapsed / rounds) / .milliseconds(1)
                print(
                    "1920x1080 \(format.testDescription) upload: \((milliseconds * 100).rounded() / 100) ms"
                        + " per frame, \(screen.rendererName) renderer")
            }
        }
    }
}

extension AVPixelFormat: @retroactive CustomTestStringConvertible {
    public var testDescription: String {
        av_get_pix_fmt_name(self).map { String(cString: $0) } ?? "pixel format \(rawValue)"
    }
}
