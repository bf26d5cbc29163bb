import ArgumentParser
import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// Measures real-time playback through the whole stack (engine, window, widget overlay) headless,
/// next to ffplay on the same clips, then in a real X window next to ffplay and mpv, and prints the
/// tables (or JSON).
@main
struct PlayerBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player-bench",
        abstract: "Measure playback through the whole stack and compare it with ffplay and mpv.",
        discussion: """
            Targets are printed next to the values; a miss never makes the program fail. A peer that \
            fails to play in the X window is left out of its table; our own player failing there \
            fails the run, after the report.
            """)

    @Option(name: .long, help: "Runs per measurement; the table shows medians.")
    var runs = 3

    @Flag(name: .long, help: "Tiny clips, one run, few seeks: finishes in under a minute.")
    var smoke = false

    @Flag(name: .long, help: "Print the report as JSON instead of a table.")
    var json = false

    @Flag(name: .customLong("no-ffplay"), help: "Do not run ffplay for comparison.")
    var noFFplay = false

    @Flag(name: .customLong("no-mpv"), help: "Do not run mpv for comparison in the X window.")
    var noMPV = false

    @Option(
        name: .long,
        help: "Measure the X window on this display instead of an Xvfb of its own (its CPU is not counted).")
    var display: String?

    @Flag(name: .customLong("no-x-window"), help: "Do not measure the playback clips in a real X window.")
    var noXWindow = false

    @Option(name: .long, help: "Where generated clips are kept between runs.")
    var cacheDir = TestMedia.defaultCacheDirectory.appendingPathComponent("player-bench").path

    @Option(
        name: .customLong("scenario"),
        help: "Measure only this scenario (and not the demo's start); may be given more than once.")
    var onlyScenarios: [Scenario] = []

    @Flag(name: .long, help: "Measure only YouTubeDemo's cold and warm start.")
    var demoStartOnly = false

    @Flag(name: .long, help: "Measure only each swscale filter resizing a detailed picture.")
    var scalingOnly = false

    @Option(name: .long, help: .hidden)
    var worker: Scenario?

    @Option(name: .long, help: .hidden)
    var output: String?

    @Flag(name: .customLong("x-window"), help: .hidden)
    var workerInXWindow = false

    mutating func validate() throws {
        guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
    }

    mutating func run() throws {
        let cache = URL(fileURLWithPath: cacheDir)
        if let worker {
            let (smoke, xWindow) = (smoke, workerInXWindow)
            let metrics = try MainActor.assumeIsolated { () throws(BenchError) in
                try Worker.measure(worker, smoke: smoke, cache: cache, xWindow: xWindow)
            }
            let values = Dictionary(uniqueKeysWithValues: metrics.map { ($0.key.rawValue, $0.value) })
            let data = try JSONEncoder().encode(values)
            try data.write(to: URL(fileURLWithPath: output ?? "/dev/stdout"))
            return
        }
        if scalingOnly {
            let scaling = try ScalingMeasurement(repetitions: ScalingMeasurement.repetitions(smoke: smoke))
                .run()
            print(json ? try Self.json(scaling) : ReportTable.scalingLines(scaling).joined(separator: "\n"))
            return
        }
        let report = try BenchCoordinator(
            runs: smoke ? 1 : runs, smoke: smoke, cache: cache, comparesWithFFplay: !noFFplay,
            comparesWithMPV: !noMPV,
            scenarios: demoStartOnly ? [] : onlyScenarios.isEmpty ? Scenario.allCases : onlyScenarios,
            measuresDemoStart: onlyScenarios.isEmpty,
            xWindow: noXWindow ? .skipped : display.map { .display($0) } ?? .ownServer
        ).run()
        print(json ? try Self.json(report) : ReportTable.render(report))
        // NB: a peer that fails in the X window is only left out; our own player failing there is a
        // fault, and the run fails after the report.
        if let failure = report.xWindow?.failures[WindowPlayer.ours.rawValue] {
            FileHandle.standardError.write(Data("our player failed in the X window: \(failure)\n".utf8))
            throw ExitCode.failure
        }
    }

    /// `value` as indented JSON with sorted keys.
    private static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
