import Foundation
import VideoPlayerFixtures

/// Runs every scenario in a fresh worker process (re-executing this program with `--worker`) and
/// ffplay on the same clips, `runs` times, and keeps the medians; then the playback clips again in a
/// real X window, next to ffplay and mpv.
struct BenchCoordinator {
    /// Whether and where the playback clips are measured in a real X window.
    enum XWindow {
        case skipped
        /// On an X server started for the measurement (Xvfb), when it is installed.
        case ownServer
        /// On the display named.
        case display(String)
    }

    var runs: Int
    var smoke: Bool
    var cache: URL
    var comparesWithFFplay: Bool
    var comparesWithMPV = true
    /// The scenarios measured (all but for a run of the demo start alone).
    var scenarios = Scenario.allCases
    /// Whether YouTubeDemo's start is measured (in a full run, when the demo is built).
    var measuresDemoStart = true
    var xWindow = XWindow.ownServer

    /// The drivers ffplay and the workers share: nothing reaches a real display or sound card.
    private static let headless = ["SDL_VIDEODRIVER": "offscreen", "SDL_AUDIODRIVER": "dummy"]

    func run() throws(BenchError) -> BenchReport {
        var report = BenchReport(
            runs: runs, smoke: smoke, loadAverageBefore: ProcessUsage.loadAverage, loadAverageAfter: [])
        let ffplay = comparesWithFFplay ? Self.executableInPath("ffplay") : nil
        var ours: [Scenario: [Metrics]] = [:]
        var theirs: [Scenario: [Metrics]] = [:]
        for scenario in scenarios {
            progress("preparing the \(scenario.rawValue) clip")
            _ = try Worker.clipURL(scenario.clip(smoke: smoke), cache: cache)
        }
        for run in 1...runs {
            for scenario in scenarios {
                progress("run \(run)/\(runs): \(scenario.rawValue)")
                ours[scenario, default: []].append(try measureInWorker(scenario))
                if let ffplay, scenario.isPlayback {
                    progress("run \(run)/\(runs): ffplay \(scenario.rawValue)")
                    theirs[scenario, default: []].append(
                        try measurePeer(
                            ffplay, arguments: WindowPlayer.ffplay.arguments(playing: try clip(of: scenario)),
                            environment: Self.environment, scenario: scenario))
                }
                if let ffplay, scenario == .streaming || scenario == .live || scenario == .liveDASH {
                    progress("run \(run)/\(runs): ffplay \(scenario.rawValue)")
                    theirs[scenario, default: []].append(
                        try scenario == .streaming
                            ? measureFFplayStreaming(ffplay)
                            : measureFFplayLive(ffplay, kind: scenario == .live ? .hls : .dash))
                }
            }
        }
        report.ours = BenchReport.encode(ours.mapValues(Statistics.median(of:)))
        report.xWindow = measureInXWindow()
        if !scenarios.isEmpty {
            progress("scaling a detailed picture with each swscale filter")
            report.scaling = try ScalingMeasurement(repetitions: ScalingMeasurement.repetitions(smoke: smoke))
                .run()
        }
        // NB: a cold start makes every sample of the demo (half a minute), so smoke runs leave it out.
        if !smoke, measuresDemoStart, let demo = DemoStartMeasurement.executable(besides: Self.ownExecutable)
        {
            let measurement = DemoStartMeasurement(
                executable: demo, workDirectory: cache, environment: Self.environment)
            var starts: [Metrics] = []
            for run in 1...runs {
                progress("run \(run)/\(runs): YouTubeDemo start, cold and warm")
                starts.append(try measurement.run())
            }
            report.ours[DemoStartMeasurement.reportKey] = Dictionary(
                uniqueKeysWithValues: Statistics.median(of: starts).map { ($0.key.rawValue, $0.value) })
        } else if !smoke, measuresDemoStart {
            progress("YouTubeDemo is not built next to player-bench: no demo start measured")
        }
        report.ffplay = BenchReport.encode(theirs.mapValues(Statistics.median(of:)))
        report.loadAverageAfter = ProcessUsage.loadAverage
        report.targets = Target.all.map { $0.check(report) }
        return report
    }

    /// Every window scenario played by us and by every peer installed, in a real X window, `runs`
    /// times; `nil` when skipped or when no X server could be had.
    private func measureInXWindow() -> BenchReport.XWindowReport? {
        guard !scenarios.isEmpty else { return nil }
        let given: String?
        switch xWindow {
        case .skipped: return nil
        case .ownServer: given = nil
        case .display(let name): given = name
        }
        let display: XWindowDisplay
        do {
            display = try XWindowDisplay(given: given)
        } catch {
            progress("no X window measured: \(error)")
            return nil
        }
        // Ours, and each peer whose program is on the PATH and not left out.
        let players = WindowPlayer.allCases.compactMap { player -> (WindowPlayer, path: String?)? in
            guard let program = player.program else { return (player, nil) }
            let wanted = player == .ffplay ? comparesWithFFplay : comparesWithMPV
            return wanted ? Self.executableInPath(program).map { (player, $0) } : nil
        }
        var runsByPlayer: [WindowPlayer: [Scenario: [Metrics]]] = [:]
        var failures: [WindowPlayer: BenchError] = [:]
        for run in 1...runs {
            for (player, scenarios) in measureInXWindow(
                on: display, players: players, run: run, failures: &failures)
            {
                for (scenario, metrics) in scenarios {
                    runsByPlayer[player, default: [:]][scenario, default: []].append(metrics)
                }
            }
        }
        return BenchReport.XWindowReport(
            display: display.name, serverMeasured: display.server != nil,
            players: Dictionary(
                uniqueKeysWithValues: runsByPlayer.map { player, scenarios in
                    (player.rawValue, BenchReport.encode(scenarios.mapValues(Statistics.median(of:))))
                }),
            failures: Dictionary(uniqueKeysWithValues: failures.map { ($0.key.rawValue, $0.value.summary) }))
    }

    /// `scenario` measured by a fresh worker with `environment` (and `extraArguments`).
    func measureInWorker(
        _ scenario: Scenario, environment: [String: String] = Self.environment, extraArguments: [String] = []
    ) throws(BenchError) -> Metrics {
        let output = cache.appendingPathComponent("worker-\(scenario.rawValue).json")
        try? FileManager.default.removeItem(at: output)
        let arguments =
            ["--worker", scenario.rawValue, "--cache-dir", cache.path, "--output", output.path]
            + (smoke ? ["--smoke"] : []) + extraArguments
        let child = ChildProcess(
            executable: Self.ownExecutable, arguments: arguments, environment: environment,
            logPath: cache.appendingPathComponent("worker-\(scenario.rawValue).log").path)
        let outcome = try child.run(timeout: 180)
        guard outcome.exitCode == 0, let data = try? Data(contentsOf: output),
            let values = try? JSONDecoder().decode([String: Double].self, from: data)
        else { throw .workerFailed(scenario, child.logTail) }
        return Metrics(
            uniqueKeysWithValues: values.compactMap { key, value in Metric(rawValue: key).map { ($0, value) }
            })
    }

    /// Another player (ffplay, mpv) playing `scenario`'s clip with its window on the same driver and
    /// of the same size as ours; its CPU and peak RSS come from wait4.
    func measurePeer(
        _ program: String, arguments: [String], environment: [String: String], scenario: Scenario
    ) throws(BenchError) -> Metrics {
        let name = URL(fileURLWithPath: program).lastPathComponent
        let child = ChildProcess(
            executable: program, arguments: arguments, environment: environment,
            logPath: cache.appendingPathComponent("\(name).log").path)
        let outcome = try child.run(timeout: scenario.clip(smoke: smoke).duration + 60)
        guard outcome.exitCode == 0 else { throw .peerFailed(name, outcome.exitCode, child.logTail) }
        return [
            .cpuSeconds: outcome.cpuSeconds, .peakRSSMiB: outcome.peakRSSMiB,
            .wallSeconds: outcome.wallSeconds,
        ]
    }

    /// ffplay playing the streaming scenario's ladder under the same schedule to its end: the bytes
    /// it fetched over those of the rendition it shows (the highest: FFmpeg's best video stream).
    private func measureFFplayStreaming(_ ffplay: String) throws(BenchError) -> Metrics {
        let ladder = try StreamingLadder(smoke: smoke, cache: cache)
        defer { ladder.stop() }
        ladder.startSchedule()
        return try measureFFplayFetching(
            ffplay, arguments: ["-autoexit", "-nodisp"], url: ladder.url, log: "ffplay.log",
            until: .end(timeout: ladder.duration + 60), server: ladder.server,
            needed: { ladder.neededBytes(playing: StreamingLadder.heights[0]) }, ratio: .streamBytesRatio)
    }

    /// ffplay following a live scenario's stream (``LiveMeasurement``) in a window from its start
    /// for as long as ours follows it, then stopped: the bytes the server sent over those of the top
    /// rendition's segments (FFmpeg's best stream) for those it fetched of any.
    private func measureFFplayLive(_ ffplay: String, kind: LiveMeasurement.Kind) throws(BenchError) -> Metrics
    {
        let following = LiveMeasurement.following(smoke: smoke)
        let stream = try LiveMeasurement.stream(kind, following: following, cache: cache)
        defer { stream.live.stop() }
        stream.live.startGrowing()
        // NB: a live stream has no end for `-autoexit` to wait for; the timeout stops ffplay.
        return try measureFFplayFetching(
            ffplay, arguments: ["-x", "320", "-y", "240"], url: stream.live.url, log: "ffplay-live.log",
            until: .stopped(after: following + 1), server: stream.live.server,
            needed: { stream.neededBytes(StreamingLadder.heights[0]) }, ratio: .liveBytesRatio)
    }

    /// How long ffplay runs: to the end of the media, or until stopped.
    private enum FFplayRun {
        case end(timeout: Double)
        case stopped(after: Double)
    }

    /// ffplay playing `url` from `server`: its CPU time and peak RSS, and as `ratio` the bytes the
    /// server sent over `needed`, those of the segments it needed for what it fetched (counted once
    /// it stopped; none when 0).
    private func measureFFplayFetching(
        _ ffplay: String, arguments: [String], url: URL, log: String, until run: FFplayRun,
        server: LocalHTTPServer, needed: () -> Int, ratio: Metric
    ) throws(BenchError) -> Metrics {
        let child = ChildProcess(
            executable: ffplay, arguments: arguments + ["-loglevel", "error", url.absoluteString],
            environment: Self.environment, logPath: cache.appendingPathComponent(log).path)
        let outcome: ChildProcess.Outcome
        switch run {
        case .end(let timeout):
            outcome = try child.run(timeout: timeout)
            guard outcome.exitCode == 0 else { throw .peerFailed("ffplay", outcome.exitCode, child.logTail) }
        case .stopped(let after):
            outcome = try child.run(timeout: after)
            guard outcome.timedOut else { throw .peerFailed("ffplay", outcome.exitCode, child.logTail) }
        }
        var metrics: Metrics = [.cpuSeconds: outcome.cpuSeconds, .peakRSSMiB: outcome.peakRSSMiB]
        let needed = needed()
        if needed > 0 { metrics[ratio] = Double(server.bodyBytesSent) / Double(needed) }
        return metrics
    }

    static var environment: [String: String] {
        ProcessInfo.processInfo.environment.merging(headless) { _, forced in forced }
    }

    private static var ownExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }

    static func executableInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    func progress(_ message: String) {
        FileHandle.standardError.write(Data("player-bench: \(message)\n".utf8))
    }
}
