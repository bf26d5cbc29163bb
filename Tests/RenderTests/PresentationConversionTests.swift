import CFFmpeg
import Testing

@testable import VideoPlayerRender

extension PresentationTests {
    /// Pictures SDL cannot take are converted to limited-range yuv420p, by the decoder thread and
    /// by the texture alike, and still show in their colours.
    @MainActor @Suite struct Conversion {
        /// A grey of 200 in full range: what MJPEG's "j" formats and full-range tagged frames carry.
        static let fullRangeGrey = TestColour(y: 200, u: 128, v: 128, rgb: RGBA(r: 200, g: 200, b: 200))

        /// The colour shown for `picture` after the decoder thread's conversion.
        private func shownAfterConversion(_ picture: PresentationTestPicture) throws -> RGBA {
            let converted = try #require(FFmpegFrame())
            try PictureConverter().convert(picture.frame, into: converted.pointer)
            #expect(converted.pointer.pointee.format == AV_PIX_FMT_YUV420P.rawValue)
            #expect(converted.pointer.pointee.color_range == AVCOL_RANGE_MPEG)
            let frame = try #require(
                VideoFrame(
                    referencing: converted.pointer, time: 0, duration: 0.04, orientation: .upright, serial: 0)
            )
            var colour = RGBA.background
            try PresentationTestScreen.run { screen in
                let video = VideoTexture(renderer: screen.renderer)
                try video.upload(frame)
                try video.draw(in: PresentationTestScreen.bounds, gravity: .stretch)
                colour = try screen.readPixels()[160, 120]
            }
            return colour
        }

        @Test(
            "A full-range picture keeps its levels through the conversion",
            arguments: [AV_PIX_FMT_YUVJ444P, AV_PIX_FMT_YUVJ422P, AV_PIX_FMT_YUV444P])
        func fullRangeKeepsItsLevels(format: AVPixelFormat) throws {
            let picture = try PresentationTestPicture(format, width: 64, height: 32)
            picture.frame.pointee.color_range = AVCOL_RANGE_JPEG
            try picture.paint(Self.fullRangeGrey, columns: 0..<64, rows: 0..<32)
            let shown = try shownAfterConversion(picture)
            #expect(shown.isClose(to: Self.fullRangeGrey.rgb, tolerance: 3), "\(shown)")
        }

        @Test func aLimitedRangeBT709PictureKeepsItsMatrix() throws {
            let picture = try PresentationTestPicture(AV_PIX_FMT_YUV444P, width: 64, height: 32)
            picture.frame.pointee.colorspace = AVCOL_SPC_BT709
            // BT.709 limited-range red; through the BT.601 matrix it would show as (233, 0, 2).
            try picture.paint(TestColour(y: 63, u: 102, v: 240, rgb: .red), columns: 0..<64, rows: 0..<32)
            let shown = try shownAfterConversion(picture)
            #expect(shown.isClose(to: .red, tolerance: 8), "\(shown)")
        }

        @Test func aFormatSwscaleCannotReadIsATypedError() throws {
            let picture = try PresentationTestPicture(AV_PIX_FMT_YUV420P, width: 64, height: 32)
            // A hardware surface format: swscale has no converter for it.
            picture.frame.pointee.format = AV_PIX_FMT_VAAPI.rawValue
            let converted = try #require(FFmpegFrame())
            #expect {
                try PictureConverter().convert(picture.frame, into: converted.pointer)
            } throws: { error in
                guard case .videoOutputUnavailable(let reason) = error as? PlayerError else { return false }
                return reason.contains("vaapi")
            }
            picture.frame.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        }
    }
}
