import Foundation

/// The parent's side: runs batches of inputs in worker processes, a few at a time, and turns a
/// worker that died or stopped reporting into a crash or hang of the input it was playing, then
/// goes on with the rest of the batch in a new worker.
@MainActor
final class FuzzCampaign {
    /// A running worker and where it is in its batch.
    private struct Running {
        var worker: WorkerProcess
        var inFlight: Int?
        var lastDone: Int?
        var startKB: Int?
        var warmKB: Int?
        var log: URL
    }

    private let executable: URL
    private let workerArguments: [String]
    private let workDirectory: URL
    private let jobs: Int
    private let limit: Double
    private let describe: (Batch, Int) -> String
    private var queue: [Batch]
    private var running: [Running] = []
    private var logCount = 0
    private(set) var report = FuzzReport()

    /// A campaign over `batches`; `describe` names an input (seed file and mutations) for reports.
    init(
        batches: [Batch], executable: URL, workerArguments: [String], workDirectory: URL, jobs: Int,
        limit: Double, describe: @escaping (Batch, Int) -> String
    ) {
        queue = batches
        self.executable = executable
        self.workerArguments = workerArguments
        self.workDirectory = workDirectory
        self.jobs = jobs
        self.limit = limit
        self.describe = describe
    }

    /// Runs every batch to the end.
    func run(progress: (Int) -> Void) async throws {
        while !queue.isEmpty || !running.isEmpty {
            while running.count < jobs, !queue.isEmpty { try start(queue.removeFirst()) }
            for position in running.indices.reversed() where try !poll(position) {
                running.remove(at: position)
            }
            progress(report.outcomes.count)
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    private func start(_ batch: Batch) throws {
        logCount += 1
        let log = workDirectory.appendingPathComponent("worker-\(logCount).log")
        var arguments =
            workerArguments + [
                "--worker", "--seed", "\(batch.seed)", "--from", "\(batch.range.lowerBound)", "--to",
                "\(batch.range.upperBound)",
            ]
        if let seedFile = batch.seedFile { arguments += ["--seed-file", seedFile] }
        let worker = try WorkerProcess(
            batch: batch, executable: executable, arguments: arguments, logURL: log)
        running.append(Running(worker: worker, log: log))
    }

    /// Reads a worker's reports; `false` once it is gone (its batch finished or was re-queued).
    private func poll(_ position: Int) throws -> Bool {
        var state = running[position]
        defer { running[position] = state }
        let batch = state.worker.batch
        for line in state.worker.takeLines() {
            let fields = line.split(separator: " ")
            switch (fields.first, fields.count) {
            case ("BEGIN", 2): state.inFlight = Int(fields[1])
            case ("DONE", 3):
                guard let index = Int(fields[1]) else { continue }
                let outcome = Outcome(line: fields[2])
                report.record(
                    index, outcome, input: describe(batch, index), log: outcome.isFault ? state.log.path : nil
                )
                (state.inFlight, state.lastDone) = (nil, index)
            case ("RSS", 3) where fields[1] == "warm": state.warmKB = Int(fields[2])
            case ("RSS", 3): state.startKB = Int(fields[2])
            case ("RSS", 5):
                report.recordMemory(
                    .init(
                        startKB: state.startKB ?? 0, warmKB: state.warmKB, endKB: Int(fields[2]) ?? 0,
                        peakKB: Int(fields[4]) ?? 0))
            default: continue
            }
        }
        let stalled = ProcessInfo.processInfo.systemUptime - state.worker.lastProgress > 2 * limit + 10
        if stalled, !state.worker.hasExited {
            state.worker.kill()
            if let index = state.inFlight {
                report.record(index, .hang("stall"), input: describe(batch, index), log: state.log.path)
                (state.inFlight, state.lastDone) = (nil, index)
            }
        }
        // NB: a worker that ended without the end of its output being seen (a pipe whose end
        // never came) counts as finished once it is stalled, or the campaign would wait forever.
        guard state.worker.isFinished || (stalled && state.worker.hasExited) else { return true }
        if let index = state.inFlight {
            report.record(
                index, .crash(state.worker.termination), input: describe(batch, index), log: state.log.path)
            state.lastDone = index
        }
        let next = (state.lastDone ?? batch.range.lowerBound - 1) + 1
        if !state.worker.exitedCleanly, next < batch.range.upperBound {
            // A worker that died before its first input would die again: count it against that input.
            if state.lastDone == nil, state.inFlight == nil {
                report.record(
                    next, .crash(state.worker.termination), input: describe(batch, next), log: state.log.path)
                queue.append(
                    Batch(
                        seed: batch.seed, range: (next + 1)..<batch.range.upperBound, seedFile: batch.seedFile
                    ))
            } else {
                queue.append(
                    Batch(seed: batch.seed, range: next..<batch.range.upperBound, seedFile: batch.seedFile))
            }
        }
        return false
    }
}
