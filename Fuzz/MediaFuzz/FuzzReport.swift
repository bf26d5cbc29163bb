import Foundation

/// What a campaign counted: outcomes by kind, the faulty inputs, and the workers' memory.
struct FuzzReport {
    /// A crash or hang, with what regenerates it.
    struct Fault {
        var index: Int
        var outcome: Outcome
        var input: String
        var log: String?
    }

    /// The memory of one worker process over its batch, in kilobytes.
    struct BatchMemory {
        var startKB: Int
        /// After the first input, once libraries and caches are set up; `nil` when it never finished.
        var warmKB: Int?
        var endKB: Int
        var peakKB: Int
    }

    private(set) var outcomes: [Int: Outcome] = [:]
    private(set) var faults: [Fault] = []
    private(set) var memory: [BatchMemory] = []

    mutating func record(
        _ index: Int, _ outcome: Outcome, input: @autoclosure () -> String, log: String? = nil
    ) {
        outcomes[index] = outcome
        if outcome.isFault { faults.append(Fault(index: index, outcome: outcome, input: input(), log: log)) }
    }

    mutating func recordMemory(_ batch: BatchMemory) { memory.append(batch) }

    /// The summary printed at the end of a run.
    func summary(seed: UInt64, seconds: Double) -> String {
        var counts: [String: Int] = [:]
        for outcome in outcomes.values { counts[outcome.line, default: 0] += 1 }
        let ended = counts["ended"] ?? 0
        let failed = counts.filter { $0.key.hasPrefix("failed:") }
        let crashes = faults.filter { if case .crash = $0.outcome { true } else { false } }.count
        var lines = [
            "media-fuzz seed \(seed): \(outcomes.count) inputs in \(String(format: "%.0f", seconds)) s",
            "  played to end: \(ended)",
            "  failed (typed): \(failed.values.reduce(0, +))"
                + failed.sorted { $0.key < $1.key }.map { "  \($0.key.dropFirst(7)) \($0.value)" }.joined(),
            "  crashes: \(crashes)  hangs: \(faults.count - crashes)  skipped: \(counts["skipped"] ?? 0)",
        ]
        if !memory.isEmpty {
            let warmed = memory.compactMap { batch in batch.warmKB.map { (warm: $0, end: batch.endKB) } }
            let kept = warmed.map { $0.end - $0.warm }
            lines.append(
                "  worker RSS: peak \(memory.map(\.peakKB).max() ?? 0) kB; per batch median start "
                    + "\(median(memory.map(\.startKB))) → after its first input "
                    + "\(warmed.isEmpty ? 0 : median(warmed.map(\.warm))) → end \(median(memory.map(\.endKB))) kB; "
                    + "kept after the first input: median \(kept.isEmpty ? 0 : median(kept)) kB, max "
                    + "\(kept.max() ?? 0) kB over \(warmed.count) batches")
        }
        for fault in faults.sorted(by: { $0.index < $1.index }) {
            lines.append("  \(fault.outcome.line.uppercased()) input \(fault.index): \(fault.input)")
            lines.append("    replay: media-fuzz --seed \(seed) --only \(fault.index)")
            if let log = fault.log { lines.append("    log: \(log)") }
        }
        return lines.joined(separator: "\n")
    }

    private func median(_ values: [Int]) -> Int {
        values.sorted()[values.count / 2]
    }
}
