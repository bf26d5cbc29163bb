import DemoSupport
import VideoPlayerWidgets

extension TikTokDemo {
    /// The README's preview of the feed: a video plays, a swipe up brings the next one, which
    /// plays in turn.
    @MainActor
    static func previewRecording() -> DemoRecording {
        let x = TikTokScene.size.width / 2
        let swipe = DemoRecording.pointerPath(
            at: 1.5, from: Point(x: x, y: 540), to: Point(x: x, y: 200), seconds: 0.5, pressed: true)
        return DemoRecording(lead: 2, duration: 4, frameRate: 15, steps: swipe)
    }
}
