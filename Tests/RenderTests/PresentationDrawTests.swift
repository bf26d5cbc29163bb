import CFFmpeg
import CSDL2
import Testing
import VideoPlayerRender

extension PresentationTests {
    /// Where the picture lands: gravity, rotation, mirroring, clipping, odd sizes, bottom-up rows.
    @MainActor @Suite struct Draw {
        /// A 64x32 picture, red on the left half and blue on the right.
        private func halves(_ format: AVPixelFormat = AV_PIX_FMT_YUV420P) throws -> PresentationTestPicture {
            let picture = try PresentationTestPicture(format, width: 64, height: 32)
            try picture.paint(.red, columns: 0..<32, rows: 0..<32)
            try picture.paint(.blue, columns: 32..<64, rows: 0..<32)
            return picture
        }

        /// The screen after `picture` is drawn into `bounds` with `orientation`, and the renderer's
        /// clip rectangle afterwards (`nil` when clipping is off).
        private func draw(
            _ picture: PresentationTestPicture, orientation: VideoOrientation = .upright,
            in bounds: Rect = PresentationTestScreen.bounds, gravity: VideoGravity = .fit,
            clippedTo initialClip: SDL_Rect? = nil, visibleArea: Rect? = nil, cornerRadius: Double = 0
        ) throws -> (image: RGBAImage, clip: SDL_Rect?) {
            var result: (RGBAImage, SDL_Rect?)?
            try PresentationTestScreen.run { screen in
                let video = VideoTexture(renderer: screen.renderer)
                if var initialClip {
                    #expect(SDL_RenderSetClipRect(screen.renderer, &initialClip) == 0)
                }
                try video.upload(picture.videoFrame(orientation: orientation))
                try video.draw(
                    in: bounds, gravity: gravity, orientation: orientation, visibleArea: visibleArea,
                    cornerRadius: cornerRadius)
                var clip = SDL_Rect()
                SDL_RenderGetClipRect(screen.renderer, &clip)
                let clipOn = SDL_RenderIsClipEnabled(screen.renderer) == SDL_TRUE
                result = (try screen.readPixels(), clipOn ? clip : nil)
            }
            return try #require(result)
        }

        @Test func fitLetterboxesWithTheClearColourAboveAndBelow() throws {
            // 2:1 in 320x240: the picture covers y 40..<200.
            let (image, _) = try draw(halves())
            for y in [0, 20, 37, 203, 239] {
                #expect(image[160, y] == .background, "bar at y \(y)")
            }
            #expect(image[80, 43].isClose(to: .red), "\(image[80, 43])")
            #expect(image[240, 196].isClose(to: .blue), "\(image[240, 196])")
        }

        @Test(arguments: [
            VideoOrientation(rotationDegrees: 180, mirrored: false),
            VideoOrientation(rotationDegrees: 0, mirrored: true),
        ])
        func halfTurnOrMirrorShowsTheRightHalfOnTheLeft(orientation: VideoOrientation) throws {
            let (image, _) = try draw(halves(), orientation: orientation)
            #expect(image[80, 120].isClose(to: .blue), "\(image[80, 120])")
            #expect(image[240, 120].isClose(to: .red), "\(image[240, 120])")
        }

        @Test func quarterTurnStandsThePictureUpInAPillarbox() throws {
            // Turned clockwise the left (red) half goes to the top; 1:2 in 320x240 covers x 100..<220.
            let (image, _) = try draw(
                halves(), orientation: VideoOrientation(rotationDegrees: 90, mirrored: false))
            #expect(image[160, 60].isClose(to: .red), "\(image[160, 60])")
            #expect(image[160, 180].isClose(to: .blue), "\(image[160, 180])")
            #expect(image[97, 120] == .background)
            #expect(image[223, 120] == .background)
            #expect(image[103, 120] != .background)
        }

        @Test func mirrorIsAppliedBeforeTheQuarterTurn() throws {
            let (image, _) = try draw(
                halves(), orientation: VideoOrientation(rotationDegrees: 90, mirrored: true))
            #expect(image[160, 60].isClose(to: .blue), "\(image[160, 60])")
            #expect(image[160, 180].isClose(to: .red), "\(image[160, 180])")
        }

        @Test func fillCropsToTheBounds() throws {
            // 2:1 filling a 120x120 square at (100, 60): covers x 40..<280, shown only in 100..<220.
            let bounds = Rect(x: 100, y: 60, width: 120, height: 120)
            let (image, clip) = try draw(halves(), in: bounds, gravity: .fill)
            #expect(image[97, 120] == .background)
            #expect(image[223, 120] == .background)
            #expect(image[160, 57] == .background)
            #expect(image[103, 120].isClose(to: .red), "\(image[103, 120])")
            #expect(image[217, 120].isClose(to: .blue), "\(image[217, 120])")
            #expect(clip == nil, "clipping left on")
        }

        @Test func drawingStaysInsideTheVisibleAreaOfAPartlyHiddenSurface() throws {
            // The top half of the surface scrolled out of its view: only the bottom half is drawn.
            let lowerHalf = Rect(x: 0, y: 120, width: 320, height: 120)
            let (image, clip) = try draw(halves(), gravity: .stretch, visibleArea: lowerHalf)
            #expect(image[80, 60] == .background)
            #expect(image[240, 60] == .background)
            #expect(image[80, 180].isClose(to: .red), "\(image[80, 180])")
            #expect(image[240, 180].isClose(to: .blue), "\(image[240, 180])")
            #expect(clip == nil, "clipping left on")
        }

        @Test func drawingStaysInsideTheRenderersClipAndRestoresIt() throws {
            let left = SDL_Rect(x: 0, y: 0, w: 160, h: 240)
            let (image, clip) = try draw(halves(), gravity: .stretch, clippedTo: left)
            #expect(image[80, 120].isClose(to: .red), "\(image[80, 120])")
            #expect(image[240, 120] == .background)
            #expect(clip.map { [$0.x, $0.y, $0.w, $0.h] } == [0, 0, 160, 240])
        }

        @Test(arguments: [AV_PIX_FMT_YUV420P, AV_PIX_FMT_NV12])
        func oddSizesShowTheirLastRowAndColumn(format: AVPixelFormat) throws {
            // 161x121: the chroma planes are 81x61, and the buffers around the picture hold 0xFF.
            let picture = try PresentationTestPicture(format, width: 161, height: 121)
            try picture.paint(.red, columns: 0..<161, rows: 0..<121)
            let (image, _) = try draw(
                picture, in: Rect(x: 0, y: 0, width: 161, height: 121), gravity: .stretch)
            for (x, y) in [(160, 120), (160, 0), (0, 120), (80, 60)] {
                #expect(image[x, y].isClose(to: .red), "(\(x), \(y)) \(image[x, y])")
            }
            #expect(image[161, 60] == .background)
            #expect(image[80, 121] == .background)
        }

        /// With square corners, and rounded (the texture coordinates then reverse the rows).
        @Test(arguments: [AV_PIX_FMT_YUV420P, AV_PIX_FMT_NV12], [0.0, 40])
        func bottomUpRowsShowTheTopRowAtTheTop(format: AVPixelFormat, cornerRadius: Double) throws {
            let picture = try PresentationTestPicture(format, width: 64, height: 32, bottomUp: true)
            try picture.paint(.red, columns: 0..<64, rows: 0..<16)
            try picture.paint(.blue, columns: 0..<64, rows: 16..<32)
            let (image, _) = try draw(picture, gravity: .stretch, cornerRadius: cornerRadius)
            #expect(image[160, 40].isClose(to: .red), "\(image[160, 40])")
            #expect(image[160, 200].isClose(to: .blue), "\(image[160, 200])")
            #expect((image[2, 2] == .background) == (cornerRadius > 0))
        }

        @Test func roundedCornersShowTheBackgroundAndKeepTheRestOfACroppedPicture() throws {
            // As fillCropsToTheBounds, with the shown 120x120 square's corners rounded by 30.
            let bounds = Rect(x: 100, y: 60, width: 120, height: 120)
            let (image, clip) = try draw(halves(), in: bounds, gravity: .fill, cornerRadius: 30)
            for (x, y) in [(101, 61), (218, 61), (101, 178), (218, 178), (106, 66)] {
                #expect(image[x, y] == .background, "corner (\(x), \(y)) \(image[x, y])")
            }
            // On the edges between the corners, and just inside each arc, the picture is whole.
            #expect(image[101, 120].isClose(to: .red), "\(image[101, 120])")
            #expect(image[218, 120].isClose(to: .blue), "\(image[218, 120])")
            #expect(image[130, 61].isClose(to: .red), "\(image[130, 61])")
            #expect(image[190, 178].isClose(to: .blue), "\(image[190, 178])")
            #expect(image[112, 72].isClose(to: .red), "\(image[112, 72])")
            #expect(image[207, 167].isClose(to: .blue), "\(image[207, 167])")
            #expect(image[97, 120] == .background)
            #expect(clip == nil, "clipping left on")
        }

        @Test(arguments: [
            (VideoOrientation(rotationDegrees: 90, mirrored: false), RGBA.red, RGBA.blue),
            (VideoOrientation(rotationDegrees: 90, mirrored: true), RGBA.blue, RGBA.red),
            (VideoOrientation(rotationDegrees: 270, mirrored: false), RGBA.blue, RGBA.red),
        ])
        func roundedCornersFollowTheTurnAndMirror(
            orientation: VideoOrientation, top: RGBA, bottom: RGBA
        ) throws {
            // Stood up, the picture covers x 100..<220 and the full height, as with square corners.
            let (image, _) = try draw(halves(), orientation: orientation, cornerRadius: 20)
            #expect(image[160, 60].isClose(to: top), "\(image[160, 60])")
            #expect(image[160, 180].isClose(to: bottom), "\(image[160, 180])")
            #expect(image[103, 120] != .background)
            for (x, y) in [(101, 1), (218, 1), (101, 238), (218, 238)] {
                #expect(image[x, y] == .background, "corner (\(x), \(y)) \(image[x, y])")
            }
            #expect(image[97, 120] == .background)
        }

        @Test func aRadiusTooLargeOrNotANumberIsHeldToWhatTheRectangleTakes() {
            let rect = Rect(x: 0, y: 0, width: 100, height: 40)
            #expect(VideoGeometry.cornerRadius(500, fitting: rect) == 20)
            #expect(VideoGeometry.cornerRadius(-3, fitting: rect) == 0)
            #expect(VideoGeometry.cornerRadius(.nan, fitting: rect) == 0)
            #expect(VideoGeometry.cornerRadius(.infinity, fitting: rect) == 0)
            let outline = VideoGeometry.roundedOutline(of: rect, radius: 500)
            #expect(outline.allSatisfy { rect.minX - 1e-9...rect.maxX + 1e-9 ~= $0.x })
            #expect(outline.allSatisfy { rect.minY - 1e-9...rect.maxY + 1e-9 ~= $0.y })
            #expect(VideoGeometry.roundedOutline(of: rect, radius: .nan).count == 4)
        }
    }
}
