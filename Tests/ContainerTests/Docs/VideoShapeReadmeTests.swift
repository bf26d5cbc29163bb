import Testing
import VideoPlayerContainer

/// The README's block on the video's corners and the vectors over it, run on a test context: keep
/// the two in step.
@MainActor
@Suite struct VideoShapeReadmeTests {
    @Test func roundedCornersAndVectors() throws {
        let context = Context(mode: .test)
        context.render.load(MediaItem(path: "interview.mp4"))

        let render = context.render
        render.videoCornerRadius = 12
        var face = Path()
        face.addRect(Rect(x: 410, y: 120, width: 180, height: 220))
        try render.addVector(VideoVector(id: "face", path: face, stroke: .yellow, lineWidth: 3))
        let badge = Path(ellipseIn: Rect(x: 20, y: 20, width: 60, height: 60))
        let milky = Color(white: 1, alpha: 0.4)
        try render.addVector(VideoVector(id: "badge", path: badge, fill: milky, stroke: nil))
        render.removeVector(id: "face")

        #expect(render.vectors.map(\.id) == ["badge"])
        #expect(render.vectors.first?.path == badge)
        #expect(render.videoCornerRadius == 12)
    }
}
