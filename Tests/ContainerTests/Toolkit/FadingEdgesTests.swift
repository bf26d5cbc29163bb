import Testing
import VideoPlayerContainer

/// `fadingEdges`: the content is clipped to the frame and ramps from transparent at each fading
/// edge to opaque a given length inside it, along one axis or both.
@MainActor
@Suite struct FadingEdgesTests {
    let renderer = SnapshotRenderer(size: Size(width: 100, height: 40), context: Context(mode: .test))

    func faded(_ edges: EdgeSet, length: Double = 20) -> RasterImage {
        renderer.render(Color.white.fadingEdges(edges, length: length), background: .black)
    }

    @Test func theSidesFadeOverTheLengthAndTheMiddleStaysWhole() {
        let image = faded(.horizontal)
        #expect(image.pixel(x: 0, y: 20).r < 12)
        #expect(abs(Int(image.pixel(x: 10, y: 20).r) - 128) < 16, "half way up the ramp")
        #expect(image.pixel(x: 20, y: 20).r > 245)
        #expect(image.pixel(x: 50, y: 0).r > 245, "the top and bottom do not fade")
        #expect(image.pixel(x: 79, y: 20).r > 245)
        #expect(image.pixel(x: 99, y: 20).r < 12)
    }

    @Test func oneEdgeOrAllOfThemFade() {
        let top = faded(.top)
        #expect(top.pixel(x: 50, y: 0).r < 12)
        #expect(top.pixel(x: 50, y: 39).r > 245)
        #expect(top.pixel(x: 0, y: 30).r > 245)
        let all = faded(.all, length: 10)
        #expect(all.pixel(x: 1, y: 20).r < 40 && all.pixel(x: 50, y: 1).r < 40)
        #expect(all.pixel(x: 50, y: 20).r > 245)
        // Longer than half the frame, the ramps meet in the middle.
        let long = faded(.horizontal, length: 500)
        #expect(long.pixel(x: 50, y: 20).r > 240 && long.pixel(x: 25, y: 20).r < 150)
        // No length, or edges of no axis, leave the content as it is.
        #expect(faded(.horizontal, length: 0).pixel(x: 0, y: 20).r > 245)
        #expect(faded([], length: 20).pixel(x: 0, y: 20).r > 245)
        #expect(faded(.horizontal, length: .nan).pixel(x: 0, y: 20).r > 245)
    }

    @Test func whatOverflowsTheFrameIsClipped() {
        let image = renderer.render(
            Color.white.frame(width: 300, height: 10).frame(width: 60, height: 10)
                .fadingEdges(.vertical, length: 2),
            background: .black)
        #expect(image.pixel(x: 50, y: 20).r > 245)
        #expect(image.pixel(x: 90, y: 20).r < 12, "outside the 60-point frame")
    }
}
