import Foundation
import VideoPlayerWidgets

/// A scripted run of a demo, recorded as pictures: input given to the window at set times while
/// its pictures are taken at a steady rate. `scripts/screenshots.sh` turns them into the README's
/// animated previews.
public struct DemoRecording {
    /// Something done to the window at a time of the recording.
    public struct Step {
        /// Seconds after the recording starts.
        public var time: Double
        /// What is done, on the main actor.
        public var perform: @MainActor (PlayerWindow) -> Void

        /// `perform` at `time` seconds.
        public init(at time: Double, perform: @escaping @MainActor (PlayerWindow) -> Void) {
            self.time = time
            self.perform = perform
        }
    }

    /// Seconds the demo runs before the first picture, for it to settle (a stream on the
    /// rendition it keeps, say); step times count from the first picture.
    public var lead: Double
    /// How long the recording lasts, in seconds.
    public var duration: Double
    /// Pictures taken a second.
    public var frameRate: Double
    /// The input, in any order.
    public var steps: [Step]

    /// A recording of `duration` seconds at `frameRate` pictures a second, with `steps`, after
    /// `lead` seconds.
    public init(lead: Double = 0, duration: Double, frameRate: Double = 10, steps: [Step]) {
        self.lead = lead
        self.duration = duration
        self.frameRate = frameRate
        self.steps = steps
    }

    /// Steps that move the pointer from `from` to `to` over `seconds` from `time`, with the button
    /// held (a drag) or not (a hover), at 60 moves a second, as a hand would.
    public static func pointerPath(
        at time: Double, from: Point, to: Point, seconds: Double, pressed: Bool
    ) -> [Step] {
        pointerPath(at: time, from: from, to: { _ in to }, seconds: seconds, pressed: pressed)
    }

    /// Steps that move the pointer from `from` towards the point `to` gives at each move (a place
    /// of the laid-out window, say), as the path to a fixed point does.
    public static func pointerPath(
        at time: Double, from: Point, to: @escaping @MainActor (PlayerWindow) -> Point, seconds: Double,
        pressed: Bool
    ) -> [Step] {
        let count = max(Int(seconds * 60), 1)
        let moves = (1...count).map { index in
            let fraction = Double(index) / Double(count)
            return Step(at: time + seconds * fraction) { window in
                let target = to(window)
                window.host?.handle(
                    .pointerMoved(
                        Point(
                            x: from.x + (target.x - from.x) * fraction,
                            y: from.y + (target.y - from.y) * fraction)))
            }
        }
        guard pressed else {
            return [Step(at: time) { $0.host?.handle(.pointerMoved(from)) }] + moves
        }
        return [Step(at: time) { $0.host?.handle(.pointerDown(from)) }] + moves
            + [Step(at: time + seconds) { $0.host?.handle(.pointerUp(to($0))) }]
    }

    /// A click at the middle of the widget marked `identifier`, when there is one.
    public static func click(identifier: String, at time: Double) -> Step {
        Step(at: time) { window in
            guard let frame = window.host?.frame(ofIdentifier: identifier) else { return }
            click(Point(x: frame.midX, y: frame.midY), in: window)
        }
    }

    /// A click at `point`.
    public static func click(at point: Point, time: Double) -> Step {
        click(at: { _ in point }, time: time)
    }

    /// A click at the point `point` gives when the time comes.
    public static func click(at point: @escaping @MainActor (PlayerWindow) -> Point, time: Double) -> Step {
        Step(at: time) { click(point($0), in: $0) }
    }

    @MainActor
    private static func click(_ point: Point, in window: PlayerWindow) {
        window.host?.handle(.pointerMoved(point))
        window.host?.handle(.pointerDown(point))
        window.host?.handle(.pointerUp(point))
    }
}

extension PlayerWindow {
    /// Runs `recording` once the demo's samples are ready and its lead has passed: its steps at
    /// their times while the window's pictures (the video and every overlay) are saved as
    /// `frame0000.png`, `frame0001.png` and so on in `folder`; then closes the window.
    public func runAndRecord(_ recording: DemoRecording, into folder: URL) throws {
        try open()
        defer { close() }
        waitForSamples()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var steps = recording.steps.sorted { $0.time < $1.time }[...]
        var frames: [RasterImage] = []
        let start = Date().addingTimeInterval(recording.lead)
        while isRunning, Date() < start { runOnce(maxWait: 0.01) }
        while isRunning {
            let elapsed = Date().timeIntervalSince(start)
            guard elapsed < recording.duration else { break }
            while let step = steps.first, step.time <= elapsed {
                step.perform(self)
                steps = steps.dropFirst()
            }
            runOnce(maxWait: 0.004)
            // NB: kept in memory and written at the end, so writing does not slow the run.
            if elapsed >= Double(frames.count) / recording.frameRate, let picture = screenshot() {
                frames.append(picture)
            }
        }
        for (index, frame) in frames.enumerated() {
            try frame.writePNG(to: folder.appendingPathComponent(String(format: "frame%04d.png", index)))
        }
    }

    /// Runs the loop until the demo's samples are all made, when it is making any.
    func waitForSamples() {
        guard context.isServiceStarted(SamplePreparationService.self) else { return }
        while isRunning, !context.samples.progress.isDone { runOnce(maxWait: 0.02) }
    }
}
