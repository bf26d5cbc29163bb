import ArgumentParser
import Foundation
import VideoPlayerContainer

/// A seeded mutation fuzzer of the media engine: plays mutated media files in child processes and
/// reports how each ended; any crash or hang fails the run.
@main
struct MediaFuzz: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "media-fuzz",
        abstract: "Play mutated media through the engine; fail on any crash or hang.",
        discussion: """
            Each input is a corpus file or generated clip with 1-3 mutations, all derived from \
            (--seed, input index): the same seed gives the same inputs. Inputs play in worker \
            processes (--worker), so a crash names its input. See Fuzz/README.md.
            """)

    @Flag(help: "The CI run: 2,000 inputs.")
    var smoke = false

    @Option(help: "Run this many inputs.")
    var long: Int?

    @Option(help: "The run seed.")
    var seed: UInt64 = 1

    @Option(help: "Run only input INDEX of the seed (to replay a crash or hang).")
    var only: Int?

    @Flag(help: "Replay the known bad inputs listed in Fuzz/regressions.tsv.")
    var regressions = false

    @Option(
        help: "Write the inputs (of --only or --regressions) into this directory instead of playing them.")
    var regenerate: String?

    @Option(help: "Worker processes running at once.")
    var jobs = 2

    @Option(help: "Inputs per worker process.")
    var batch = 50

    @Option(help: "Seconds an input may take to end or fail, and again to close, before it is a hang.")
    var timeout = 10.0

    @Option(help: "Seconds without any progress (status, time, pictures, seeks) that make an input a hang.")
    var stall = 4.0

    @Option(help: "The real-media corpus folder (default: <package root>/../shared/media/av).")
    var media: String?

    @Flag(help: .hidden) var worker = false
    @Option(help: .hidden) var from = 0
    @Option(help: .hidden) var to = 0
    @Option(help: .hidden) var seedFile: String?
    @Option(help: .hidden) var work: String?

    func run() async throws {
        let mediaDirectory = media.map { URL(fileURLWithPath: $0) } ?? SeedCorpus.defaultMediaDirectory
        if worker {
            guard let work else { throw ValidationError("--worker needs --work") }
            let workURL = URL(fileURLWithPath: work)
            let corpus = SeedCorpus(mediaDirectory: mediaDirectory, generatedDirectory: workURL)
            await FuzzWorker(
                seed: seed, corpus: corpus, workDirectory: workURL, limit: timeout, stallLimit: stall
            )
            .run(from..<max(from, to), seedFile: seedFile)
            return
        }
        try await FuzzRun(options: self, mediaDirectory: mediaDirectory).run()
    }
}
