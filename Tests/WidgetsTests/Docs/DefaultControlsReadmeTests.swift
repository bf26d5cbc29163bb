import Foundation
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// The README's SystemPlayerDemo line: keep the two in step.
@MainActor
@Suite struct DefaultControlsReadmeTests {
    /// The README's program; `run()` would hold the test, so the test opens and closes the same window.
    static func program(context: Context) throws {
        try PlayerWindow(title: "Player", context: context) { PlayerWidget(context).defaultControls() }.run()
    }

    @Test func oneLineGivesTheStockPlayer() throws {
        setenv("SDL_VIDEODRIVER", "offscreen", 0)
        let context = Context(mode: .test)
        let window = PlayerWindow(title: "Player", context: context) {
            PlayerWidget(context).defaultControls()
        }
        try window.open()
        defer { window.close() }
        context.control.present(animated: false)
        window.runOnce()
        #expect(window.host?.frame(ofIdentifier: "playback") != nil)
        #expect(window.host?.frame(ofIdentifier: "pictureInPicture") != nil)
    }
}
