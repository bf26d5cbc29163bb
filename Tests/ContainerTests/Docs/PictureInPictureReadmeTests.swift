import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// The README's "Picture in picture" block, run in an offscreen window: keep the two in step.
@MainActor
@Suite(.serialized) struct PictureInPictureReadmeTests {
    init() {
        HeadlessSDL.useDrivers()
    }

    @Test func theVideoMovesOutAndBack() throws {
        let clock = TestClock()
        let context = VideoCornerTests.playingOrange(clock: clock)
        context.render.play()
        let window = PlayerWindow(size: Size(width: 320, height: 180), context: context) {
            PlayerWidget(context)
        }
        try window.open()
        defer { window.close() }
        window.runOnce()
        var heard: [PlayerEvent] = []
        let token = context.render.observe { heard.append($0) }
        defer { token.cancel() }

        let pip = context.pip
        try pip.start()  // the video moves into a window above the others
        print(pip.isActive, pip.windowFrame ?? .zero)  // true, bottom right of the screen
        pip.stop()  // back into the app, still playing
        context.render.observe { event in
            if event == .pictureInPictureStopped { print("back in the app") }
        }

        #expect(
            heard.filter { $0.kind != .timeTick } == [.pictureInPictureStarted, .pictureInPictureStopped])
        #expect(context.render.status == .playing)
    }
}
