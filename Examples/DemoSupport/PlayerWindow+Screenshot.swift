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

extension PlayerWindow {
    /// Runs the loop until the first video picture is on screen, printing
    /// `vpc-start window SECONDS` when the window first presents and `vpc-start picture SECONDS`
    /// then, in seconds since the process started; then closes the window.
    public func runReportingStart() throws {
        try open()
        defer { close() }
        var windowShown = false
        while isRunning {
            runOnce(maxWait: 0.005)
            if !windowShown, statistics.presents > 0 {
                windowShown = true
                Self.reportStart("window")
            }
            if windowShown, context.render.status == .playing, context.render.engine.currentFrame != nil,
                statistics.videoUploads > 0
            {
                return Self.reportStart("picture")
            }
        }
    }

    private static func reportStart(_ what: String) {
        let seconds = ProcessStart.secondsSince.map { String(format: "%.3f", $0) } ?? "unknown"
        FileHandle.standardOutput.write(Data("vpc-start \(what) \(seconds)\n".utf8))
    }
}

/// When this process started, from `/proc`: the kernel's clock ticks since boot.
enum ProcessStart {
    /// Seconds since the process started (to the kernel's tick, 10 ms); `nil` without `/proc`.
    static var secondsSince: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
            let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
            let now = uptime.split(separator: " ").first.flatMap({ Double($0) }),
            let afterName = stat.lastIndex(of: ")")
        else { return nil }
        // NB: the fields after the name, whose parentheses may hold spaces; the start time is the
        // 22nd field, the 20th after the name.
        let fields = stat[stat.index(after: afterName)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        return now - ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
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

    @Flag(
        help: ArgumentHelp(
            "Print the seconds from the process's start to the window's first picture and to the first "
                + "video picture, then quit (player-bench measures demo starts with it)."))
    public var reportStart = false

    /// No screenshot.
    public init() {}

    /// How to run the window, as a value the main actor can take.
    public var plan: WindowRunPlan {
        WindowRunPlan(screenshot: screenshot, after: after, record: record, reportsStart: reportStart)
    }
}

/// Runs a demo's window: until it closes, shown to the screen reader, or for a screenshot.
public struct WindowRunPlan: Sendable {
    let screenshot: String?
    let after: Double
    let record: String?
    let reportsStart: Bool

    /// Runs `window` with ``PlayerWindow/runAccessibly(environment:)``; for a screenshot, with
    /// ``PlayerWindow/runAndCapture(to:after:prepare:)``; for a recording, `recording` with
    /// ``PlayerWindow/runAndRecord(_:into:)``.
    @MainActor
    public func run(_ window: PlayerWindow, recording: @MainActor () -> DemoRecording? = { nil }) throws {
        if reportsStart {
            try window.runReportingStart()
        } else if let record {
            guard let script = recording() else { throw ValidationError("this demo has no recording") }
            try window.runAndRecord(script, into: URL(fileURLWithPath: record))
        } else if let screenshot {
            try window.runAndCapture(to: URL(fileURLWithPath: screenshot), after: after)
        } else {
            try window.runAccessibly()
        }
    }
}
