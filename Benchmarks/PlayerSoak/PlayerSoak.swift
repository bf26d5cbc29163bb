import ArgumentParser
import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// A long run of the whole stack: looping playback, queue switching, seeks and interface changes for
/// a given time, with the process's memory, threads and file descriptors checked at regular
/// checkpoints. Fails when they grow after the warm-up.
@main
struct PlayerSoak: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player-soak",
        abstract: "Play, loop and switch items for a long time; fail if memory, threads or files grow.",
        discussion: """
            Plays a queue of generated clips (H.264 and MPEG-4 with sound and subtitles, video only, \
            sound only) in a headless 640x360 PlayerWindow with the ready-made widgets, at --rate, \
            sending a seeded random command every 0.2-1.5 s. Every --every seconds a checkpoint loads \
            the queue afresh, waits until the first item plays and the next is preloaded, and samples \
            the resident memory (after handing freed memory back), the threads and the open file \
            descriptors. After the warm-up the resident memory may grow by --rss-limit MiB, the \
            thread and descriptor counts not at all. See Benchmarks/README.md.
            """)

    @Option(help: "Minutes to run.")
    var minutes = 30.0

    @Flag(help: "The CI variant: 75 seconds, 20 of them warm-up, a checkpoint every 5 s.")
    var smoke = false

    @Option(
        help: "Seconds of warm-up before the baseline checkpoint (default: a sixth of the run, at most 300).")
    var warmUp: Double?

    @Option(help: "Seconds between checkpoints (default 30, 5 with --smoke).")
    var every: Double?

    @Option(help: "Playback rate, 0.25-4: above 1 the media runs faster than real time.")
    var rate = 4.0

    @Option(help: "Resident memory growth allowed after the warm-up, in MiB.")
    var rssLimit = 5.0

    @Option(help: "Seed of the random commands.")
    var seed: UInt64 = 1

    @Option(
        help: """
            The kinds of command to send, comma-separated (default all): seek, next, previous, load, loop, \
            pause, play, rate, volume, mute, subtitles, status, feature, plugin, toast; "none" only plays.
            """)
    var commands: String?

    @Flag(help: "Print the report as JSON instead of a table.")
    var json = false

    @Option(help: "Where generated clips are kept between runs.")
    var cacheDir = TestMedia.defaultCacheDirectory.appendingPathComponent("player-soak").path

    mutating func validate() throws {
        guard minutes > 0, (0.25...4).contains(rate), rssLimit >= 0 else {
            throw ValidationError(
                "--minutes must be positive, --rate within 0.25-4, --rss-limit not negative")
        }
        if let every, every < 1 { throw ValidationError("--every must be at least 1 second") }
        let unknown = commandKinds.subtracting(SoakCommand.kinds)
        if !unknown.isEmpty {
            throw ValidationError("unknown command kinds: \(unknown.sorted().joined(separator: ", "))")
        }
    }

    private var commandKinds: Set<String> {
        guard let commands else { return Set(SoakCommand.kinds) }
        return Set(commands.split(separator: ",").map(String.init).filter { $0 != "none" })
    }

    func run() throws {
        // NB: SDL reads these when it starts; the soak is headless whatever the shell says.
        setenv("SDL_VIDEODRIVER", "offscreen", 1)
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let duration = smoke ? 75 : minutes * 60
        let plan = SoakPlan(
            duration: duration, warmUp: warmUp ?? (smoke ? 20 : min(300, duration / 6)),
            checkpointInterval: every ?? (smoke ? 5 : 30), rate: rate, rssLimitMiB: rssLimit, seed: seed,
            commandKinds: commandKinds)
        let cache = URL(fileURLWithPath: cacheDir)
        let report = try MainActor.assumeIsolated { () throws(SoakError) in
            let stage = try SoakStage(queue: try SoakQueue.items(cache: cache), rate: plan.rate)
            defer { stage.close() }
            return try SoakRun(plan: plan, stage: stage).run { line in
                if !json { FileHandle.standardError.write(Data((line + "\n").utf8)) }
            }
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(report.table)
        }
        if !report.passed { throw ExitCode.failure }
    }
}

/// Why the soak could not run or stopped early.
enum SoakError: Error, CustomStringConvertible {
    case clipUnavailable(String)
    case windowUnavailable(String)
    case playbackFailed(String)
    case stalled(String)

    var description: String {
        switch self {
        case .clipUnavailable(let reason): "cannot make the soak's clips: \(reason)"
        case .windowUnavailable(let reason): "cannot open the window: \(reason)"
        case .playbackFailed(let reason): "a clip failed to play: \(reason)"
        case .stalled(let what): "no progress for 10 s: \(what)"
        }
    }
}
