import DemoSupport
import VideoPlayerWidgets

extension YouTubeDemo {
    /// The README's preview of the watch page: a click on the video shows the controls, the pointer
    /// rests on the seek bar (its preview thumbnail shows) and clicks there to seek, then makes the
    /// player fill the window.
    @MainActor
    static func previewRecording(_ context: Context) -> DemoRecording {
        let centre = Point(
            x: 24 + YouTubeStyle.playerSize.width / 2, y: 56 + YouTubeStyle.playerSize.height / 2)
        // Where on the seek bar the pointer goes: most of the way along, asked of the laid-out bar.
        let onSeekBar: @MainActor (PlayerWindow) -> Point = { window in
            guard let bar = window.host?.frame(ofIdentifier: "seekBar") else { return centre }
            return Point(x: bar.minX + bar.width * 0.7, y: bar.midY)
        }
        var steps = [DemoRecording.Step(at: 0) { _ in context.control.dismiss(animated: false) }]
        // A click on the video shows the controls.
        steps.append(DemoRecording.click(at: centre, time: 0.6))
        steps += DemoRecording.pointerPath(at: 1.6, from: centre, to: onSeekBar, seconds: 0.6, pressed: false)
        steps.append(DemoRecording.click(at: onSeekBar, time: 3.2))
        steps.append(DemoRecording.click(identifier: "fullscreen", at: 4.3))
        // NB: the lead lets the stream step up from the rendition it opens with.
        return DemoRecording(lead: 6, duration: 6.5, steps: steps)
    }
}
