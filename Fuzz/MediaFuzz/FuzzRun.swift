import ArgumentParser
import Foundation
import VideoPlayerContainer

/// The parent process of a run: prepares the seeds, picks the inputs from the options, runs the
/// campaign (or writes the inputs out with --regenerate) and prints the report.
@MainActor
struct FuzzRun {
    let options: MediaFuzz
    let mediaDirectory: URL

    /// The known bad inputs, one "seed<TAB>index<TAB>seed file<TAB>note" per line.
    static let regressionsFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("regressions.tsv")

    func run() async throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "media-fuzz-\(UUID().uuidString)")
        try SeedCorpus.generateClips(in: work)
        let corpus = SeedCorpus(mediaDirectory: mediaDirectory, generatedDirectory: work)
        if !FileManager.default.fileExists(atPath: mediaDirectory.path) {
            let message = "real-media corpus missing at \(mediaDirectory.path)"
            guard ProcessInfo.processInfo.environment["CI"] != "true" else { throw ValidationError(message) }
            say("warning: \(message); fuzzing the generated clips only")
        }
        let batches = try makeBatches()
        if let regenerate = options.regenerate {
            try write(batches, corpus: corpus, to: URL(fileURLWithPath: regenerate))
            try? FileManager.default.removeItem(at: work)
            return
        }
        let total = batches.map(\.range.count).reduce(0, +)
        say("media-fuzz: \(total) inputs from \(corpus.files.count) seed files, \(options.jobs) workers")
        let campaign = FuzzCampaign(
            batches: batches, executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(),
            workerArguments: [
                "--work", work.path, "--media", mediaDirectory.path, "--timeout", "\(options.timeout)",
                "--stall", "\(options.stall)",
            ],
            workDirectory: work, jobs: max(1, options.jobs), limit: options.timeout,
            describe: { batch, index in Self.describe(index, batch: batch, corpus: corpus) })
        let started = Date()
        var lastShown = 0
        try await campaign.run { done in
            guard done >= lastShown + 250 else { return }
            lastShown = done
            say("  \(done)/\(total)")
        }
        let report = campaign.report
        say(report.summary(seed: options.seed, seconds: Date().timeIntervalSince(started)))
        if report.faults.isEmpty {
            try? FileManager.default.removeItem(at: work)
        } else {
            say("worker logs kept in \(work.path)")
            throw ExitCode(1)
        }
    }

    /// The batches the options ask for.
    private func makeBatches() throws -> [Batch] {
        if options.regressions {
            return try Self.knownBadInputs().map {
                Batch(seed: $0.seed, range: $0.index..<($0.index + 1), seedFile: $0.file)
            }
        }
        if let only = options.only {
            return [Batch(seed: options.seed, range: only..<(only + 1), seedFile: options.seedFile)]
        }
        guard let count = options.long ?? (options.smoke ? 2_000 : nil) else {
            throw ValidationError("choose --smoke, --long N, --only INDEX or --regressions")
        }
        let size = max(1, options.batch)
        return stride(from: 0, to: count, by: size).map {
            Batch(seed: options.seed, range: $0..<min(count, $0 + size))
        }
    }

    /// The regressions file's entries.
    static func knownBadInputs() throws -> [(seed: UInt64, index: Int, file: String)] {
        let text = try String(contentsOf: regressionsFile, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count >= 3, let seed = UInt64(fields[0]), let index = Int(fields[1]) else {
                return nil
            }
            return (seed, index, String(fields[2]))
        }
    }

    private static func input(_ index: Int, batch: Batch, corpus: SeedCorpus) -> FuzzInput? {
        if let name = batch.seedFile, let path = corpus.path(of: name) {
            return FuzzInput(index: index, seed: batch.seed, seedName: name, seedPath: path)
        }
        return FuzzInput(index: index, seed: batch.seed, corpus: corpus)
    }

    private static func describe(_ index: Int, batch: Batch, corpus: SeedCorpus) -> String {
        input(index, batch: batch, corpus: corpus)?.summary ?? "unreadable seed"
    }

    /// Writes each input as `seed-<seed>-input-<index>.<ext>` for a debugger or ffprobe.
    private func write(_ batches: [Batch], corpus: SeedCorpus, to directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for batch in batches {
            for index in batch.range {
                guard let input = Self.input(index, batch: batch, corpus: corpus) else { continue }
                let name = "seed-\(batch.seed)-input-\(index).\((input.seedName as NSString).pathExtension)"
                try Data(input.bytes).write(to: directory.appendingPathComponent(name))
                say("\(name): \(input.summary)")
            }
        }
    }

    /// Writes a line unbuffered: `print` is fully buffered when redirected (CI logs), and progress
    /// must show as it happens.
    private func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
