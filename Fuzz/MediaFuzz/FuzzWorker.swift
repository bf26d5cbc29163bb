import Foundation
import FuzzKit
import VideoPlayerContainer

/// The child process's side: plays a range of inputs and reports each on standard output, one line
/// at a time and unbuffered, so the parent knows which input was running when the process died.
///
/// Lines: "RSS start <kB>", "BEGIN <index>", "DONE <index> <outcome>", "RSS warm <kB>" (after the
/// first input), "RSS end <kB> peak <kB>". Warm and end are measured after freed memory went back to
/// the system, so their difference is memory the batch kept.
@MainActor
struct FuzzWorker {
    let seed: UInt64
    let corpus: SeedCorpus
    /// Where mutated files are written (and removed after each input).
    let workDirectory: URL
    let limit: Double
    let stallLimit: Double

    /// Runs inputs `range`; `seedFile` forces the seed file (regressions). A player that could not be
    /// closed ends the process with status 3 at once: its stuck threads cannot be joined.
    func run(_ range: Range<Int>, seedFile: String?) async {
        report("RSS start \(ProcessResources.residentKB)")
        for index in range {
            report("BEGIN \(index)")
            let outcome = await play(index, seedFile: seedFile)
            report("DONE \(index) \(outcome.line)")
            if index == range.lowerBound, !outcome.leftPlayerOpen {
                ProcessResources.releaseFreedMemory()
                report("RSS warm \(ProcessResources.residentKB)")
            }
            if outcome.leftPlayerOpen {
                report("RSS end \(ProcessResources.residentKB) peak \(ProcessResources.peakKB)")
                // NB: _exit, not exit: the stuck player's threads must not run exit-time cleanup.
                _exit(3)
            }
        }
        ProcessResources.releaseFreedMemory()
        report("RSS end \(ProcessResources.residentKB) peak \(ProcessResources.peakKB)")
    }

    private func play(_ index: Int, seedFile: String?) async -> Outcome {
        let input: FuzzInput?
        if let seedFile, let path = corpus.path(of: seedFile) {
            input = FuzzInput(index: index, seed: seed, seedName: seedFile, seedPath: path)
        } else {
            input = FuzzInput(index: index, seed: seed, corpus: corpus)
        }
        guard let input else { return .skipped }
        let extensionName = (input.seedName as NSString).pathExtension
        let url = workDirectory.appendingPathComponent("input-\(getpid())-\(index).\(extensionName)")
        guard FileManager.default.createFile(atPath: url.path, contents: Data(input.bytes)) else {
            return .skipped
        }
        defer { try? FileManager.default.removeItem(at: url) }
        return await FuzzPlayback().run(
            path: url.path, random: input.playbackRandom, limit: limit, stallLimit: stallLimit)
    }

    private func report(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
