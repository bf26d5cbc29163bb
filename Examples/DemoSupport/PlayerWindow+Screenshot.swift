import ArgumentParser
import Foundation
import VideoPlayerWidgets

extension PlayerWindow {
    /// Runs the loop for `seconds` (wall clock), saves what the window shows as a PNG at `url` and
    /// closes the window: how `scripts/screenshots.sh` captures the demos.
    ///
    /// While the demo's samples are being made (``SamplePreparationService``), the wait has not
    /// begun: the seconds count from when they are all ready, so a first run shows what later
    /// ones do.
    ///
    /// `prepare` runs once the window is open, before the wait: put the player in the state to show.
    public func runAndCapture(
        to url: URL, after seconds: Double, prepare: @MainActor () -> Void = {}
    ) throws {
        try open()
        prepare()
        waitForSamples()
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

/// The demos' `--screenshot PATH --after SECONDS` options: put them in a command with
/// `@OptionGroup var capture: ScreenshotOptions`.
public struct ScreenshotOptions: ParsableArguments {
    @Option(help: "Save a PNG of the window to this path after --after seconds, then quit.")
    public var screenshot: String?

    @Option(help: "Seconds to run before taking the screenshot, once the samples are ready.")
    public var after = 3.0

    @Option(help: "Run the demo's recording script and save its pictures as PNG frames in this folder.")
    public var record: String?

    /// No screenshot.
    public init() {}

    /// How to run the window, as a value the main actor can take.
    public var plan: WindowRunPlan { WindowRunPlan(screenshot: screenshot, after: after, record: record) }
}

/// Runs a demo's window: until it closes, shown to the screen reader, or for a screenshot.
public struct WindowRunPlan: Sendable {
    let screenshot: String?
    let after: Double
    let record: String?

    /// Runs `window` with ``PlayerWindow/runAccessibly(environment:)``; for a screenshot, with
    /// ``PlayerWindow/runAndCapture(to:after:prepare:)``; for a recording, `recording` with
    /// ``PlayerWindow/runAndRecord(_:into:)``.
    @MainActor
    public func run(_ window: PlayerWindow, recording: @MainActor () -> DemoRecording? = { nil }) throws {
        if let record {
            guard let script = recording() else { throw ValidationError("this demo has no recording") }
            try window.runAndRecord(script, into: URL(fileURLWithPath: record))
        } else if let screenshot {
            try window.runAndCapture(to: URL(fileURLWithPath: screenshot), after: after)
        } else {
            try window.runAccessibly()
        }
    }
}
