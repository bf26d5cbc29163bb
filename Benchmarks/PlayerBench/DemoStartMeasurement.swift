import Foundation

/// How soon a demo shows: YouTubeDemo (built next to this program) from its process's start to its
/// window's first picture and to the first picture of its first sample, once with an empty sample
/// cache (cold: the samples are made while the window shows) and once with the cache that left
/// (warm). The demo reports the moments itself (`--report-start`).
struct DemoStartMeasurement {
    /// The name the report keeps the measurements under, beside the scenarios'.
    static let reportKey = "demo-start"

    var executable: String
    /// Where the demo's logs and its temporary sample cache go.
    var workDirectory: URL
    var environment: [String: String]

    /// YouTubeDemo in the folder of `program`, when it was built there.
    static func executable(besides program: String) -> String? {
        let path = URL(fileURLWithPath: program).deletingLastPathComponent().appendingPathComponent(
            "YouTubeDemo"
        )
        .path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// A cold start, then a warm one, in a sample cache of their own, removed afterwards.
    func run() throws(BenchError) -> Metrics {
        let cache = workDirectory.appendingPathComponent("demo-start-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        } catch {
            throw .spawnFailed(executable, "cannot create \(cache.path): \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(at: cache) }
        let cold = try start(cache: cache)
        let warm = try start(cache: cache)
        var metrics = Metrics()
        metrics.setMilliseconds(.demoColdWindowMs, cold.window)
        metrics.setMilliseconds(.demoColdPictureMs, cold.picture)
        metrics.setMilliseconds(.demoWarmWindowMs, warm.window)
        metrics.setMilliseconds(.demoWarmPictureMs, warm.picture)
        return metrics
    }

    /// One start of the demo with its samples cached in `cache` (its temporary folder).
    private func start(cache: URL) throws(BenchError) -> (window: Double, picture: Double) {
        let log = workDirectory.appendingPathComponent("demo-start.log")
        var environment = environment
        environment["TMPDIR"] = cache.path
        let child = ChildProcess(
            executable: executable, arguments: ["--report-start"], environment: environment, logPath: log.path
        )
        let outcome = try child.run(timeout: 300)
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let moments = Self.moments(in: text)
        guard outcome.exitCode == 0, let window = moments["window"], let picture = moments["picture"] else {
            throw .spawnFailed(executable, child.logTail)
        }
        return (window, picture)
    }

    /// The `vpc-start NAME SECONDS` lines of a demo's output, by name.
    static func moments(in output: String) -> [String: Double] {
        var moments: [String: Double] = [:]
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "vpc-start", let seconds = Double(words[2]) else { continue }
            moments[String(words[1])] = seconds
        }
        return moments
    }
}
