import Testing
import VideoPlayerRender

@Suite struct VideoGeometryTests {
    let landscape = Rect(x: 0, y: 0, width: 720, height: 540)

    @Test func fitLetterboxesWidescreenInFourByThree() {
        let rect = VideoGeometry.videoRect(
            displaySize: Size(width: 1920, height: 1080), in: landscape, gravity: .fit)
        #expect(rect == Rect(x: 0, y: 67.5, width: 720, height: 405))
    }

    @Test func fitPillarboxesPortraitInLandscape() {
        let rect = VideoGeometry.videoRect(
            displaySize: Size(width: 1080, height: 1920), in: Rect(x: 0, y: 0, width: 640, height: 480),
            gravity: .fit)
        #expect(rect == Rect(x: 185, y: 0, width: 270, height: 480))
    }

    @Test func fitCentresInBoundsThatDoNotStartAtTheOrigin() {
        let rect = VideoGeometry.videoRect(
            displaySize: Size(width: 100, height: 100), in: Rect(x: 10, y: 20, width: 200, height: 100),
            gravity: .fit)
        #expect(rect == Rect(x: 60, y: 20, width: 100, height: 100))
    }

    @Test func fillCoversBoundsAndOverflowsEquallyOnBothSides() {
        let rect = VideoGeometry.videoRect(
            displaySize: Size(width: 1920, height: 1080), in: landscape, gravity: .fill)
        #expect(rect == Rect(x: -120, y: 0, width: 960, height: 540))
    }

    @Test func stretchReturnsTheBounds() {
        let rect = VideoGeometry.videoRect(
            displaySize: Size(width: 1920, height: 1080), in: landscape, gravity: .stretch)
        #expect(rect == landscape)
    }

    @Test func anamorphicSampleAspectRatioWidensThePicture() {
        let shown = VideoGeometry.displaySize(
            pictureSize: Size(width: 1440, height: 1080), sampleAspectRatio: 4.0 / 3.0,
            orientation: .upright)
        #expect(shown == Size(width: 1920, height: 1080))
        let rect = VideoGeometry.videoRect(displaySize: shown, in: landscape, gravity: .fit)
        #expect(rect == Rect(x: 0, y: 67.5, width: 720, height: 405))
    }

    @Test func invalidSampleAspectRatioCountsAsSquarePixels() {
        for sar in [0, -1, Double.nan, Double.infinity] {
            let shown = VideoGeometry.displaySize(
                pictureSize: Size(width: 640, height: 480), sampleAspectRatio: sar, orientation: .upright)
            #expect(shown == Size(width: 640, height: 480))
        }
    }

    @Test func quarterTurnSwapsTheDestinationAroundTheSameCentre() {
        let placement = VideoGeometry.placement(
            pictureSize: Size(width: 1920, height: 1080), sampleAspectRatio: 1,
            orientation: VideoOrientation(rotationDegrees: 90, mirrored: false),
            in: Rect(x: 0, y: 0, width: 640, height: 480), gravity: .fit)
        #expect(placement.videoRect == Rect(x: 185, y: 0, width: 270, height: 480))
        #expect(placement.copyRect == Rect(x: 80, y: 105, width: 480, height: 270))
        #expect(placement.angle == 90)
        #expect(placement.mirrored == false)
    }

    @Test func halfTurnAndMirrorKeepTheDestinationUnswapped() {
        let placement = VideoGeometry.placement(
            pictureSize: Size(width: 1920, height: 1080), sampleAspectRatio: 1,
            orientation: VideoOrientation(rotationDegrees: 180, mirrored: true), in: landscape,
            gravity: .fit)
        #expect(placement.copyRect == placement.videoRect)
        #expect(placement.angle == 180)
        #expect(placement.mirrored)
    }

    @Test func fillPlacementClipsToTheBounds() {
        let placement = VideoGeometry.placement(
            pictureSize: Size(width: 1920, height: 1080), sampleAspectRatio: 1, orientation: .upright,
            in: landscape, gravity: .fill)
        #expect(placement.copyRect == Rect(x: -120, y: 0, width: 960, height: 540))
        #expect(placement.clipRect == landscape)
    }

    @Test(arguments: [
        (Size.zero, Rect(x: 0, y: 0, width: 640, height: 480)),
        (Size(width: 0, height: 1080), Rect(x: 0, y: 0, width: 640, height: 480)),
        (Size(width: 1920, height: 1080), Rect(x: 10, y: 10, width: 0, height: 0)),
        (Size(width: 1920, height: 1080), Rect(x: 0, y: 0, width: 640, height: 0)),
        (Size(width: Double.nan, height: 1080), Rect(x: 0, y: 0, width: 640, height: 480)),
    ])
    func degenerateSizesGiveAnEmptyRectAtTheCentre(displaySize: Size, bounds: Rect) {
        for gravity in [VideoGravity.fit, .fill] {
            let rect = VideoGeometry.videoRect(displaySize: displaySize, in: bounds, gravity: gravity)
            #expect(rect == Rect(x: bounds.midX, y: bounds.midY, width: 0, height: 0))
        }
    }
}
