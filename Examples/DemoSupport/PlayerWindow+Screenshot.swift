import Foundation
import VideoPlayerWidgets

extension PlayerWindow {
    /// Runs the loop for `seconds` (wall clock), saves what the window shows as a PNG at `url` and
    /// closes the window: how `scripts/screenshots.sh` captures the demos.
    ///
    /// `prepare` runs once the window is open, before the wait: put the player in the state to show.
    public func runAndCapture(
        to url: URL, after seconds: Double, prepare: @MainActor () -> Void = {}
    ) throws {
        try open()
        prepare()
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning, Date() < deadline {
            runOnce(maxWait: 0.02)
        }
        // NB: one more pass so the last damage is on screen before reading the pixels back.
        runOnce()
        defer { close() }
        try context.render.screenshot(includingOverlay: true).writePNG(to: url)
    }
}
