import Foundation

/// The soak's outcome: the checkpoints, what changed between the baseline (the first checkpoint
/// after the warm-up) and the end, and whether that stays within the limits.
struct SoakReport: Codable {
    var seconds: Double
    var warmUpSeconds: Double
    var rate: Double
    var seed: UInt64
    var cpuSeconds: Double
    var peakRSSMiB: Double
    var counts: SoakCounts
    var checkpoints: [Checkpoint]
    /// Resident memory at the baseline and at the end: each the least of three checkpoints. What the
    /// allocator holds at a checkpoint varies upwards by a few MiB (freed memory it cannot hand back
    /// yet); a leak raises every checkpoint, the least included.
    var baselineRSSMiB: Double
    var finalRSSMiB: Double
    var rssLimitMiB: Double
    /// The highest thread and file counts of the three checkpoints at the baseline and at the end.
    var baselineThreads: Int
    var finalThreads: Int
    /// The same for libdispatch's pool threads, which may vary by `poolThreadSlack`.
    var baselinePoolThreads: Int
    var finalPoolThreads: Int
    var baselineOpenFiles: Int
    var finalOpenFiles: Int
    var failures: [String]

    /// How many more libdispatch pool threads than at the baseline the end may have: the pool
    /// grows for a moment when several sessions close at once and shrinks after some idle seconds.
    static let poolThreadSlack = 2

    var rssGrowthMiB: Double { finalRSSMiB - baselineRSSMiB }
    var passed: Bool { failures.isEmpty }

    init(
        plan: SoakPlan, seconds: Double, cpuSeconds: Double, peakRSSMiB: Double, counts: SoakCounts,
        checkpoints: [Checkpoint]
    ) {
        self.seconds = seconds
        warmUpSeconds = plan.warmUp
        rate = plan.rate
        seed = plan.seed
        self.cpuSeconds = cpuSeconds
        self.peakRSSMiB = peakRSSMiB
        self.counts = counts
        self.checkpoints = checkpoints
        rssLimitMiB = plan.rssLimitMiB
        let measured = checkpoints.filter { $0.seconds >= plan.warmUp }
        let baseline = Array(measured.prefix(3))
        let final = Array(measured.suffix(3))
        baselineRSSMiB = baseline.map(\.rssMiB).min() ?? 0
        finalRSSMiB = final.map(\.rssMiB).min() ?? 0
        baselineThreads = baseline.map(\.threads).max() ?? 0
        finalThreads = final.map(\.threads).max() ?? 0
        baselinePoolThreads = baseline.map(\.poolThreads).max() ?? 0
        finalPoolThreads = final.map(\.poolThreads).max() ?? 0
        baselineOpenFiles = baseline.map(\.openFiles).max() ?? 0
        finalOpenFiles = final.map(\.openFiles).max() ?? 0
        failures = []
        if measured.count < 6 {
            failures.append("only \(measured.count) checkpoints after the warm-up; at least 6 are needed")
        }
        if finalRSSMiB - baselineRSSMiB > rssLimitMiB {
            failures.append(
                String(
                    format: "resident memory grew %.1f MiB after the warm-up (limit %.1f)",
                    finalRSSMiB - baselineRSSMiB, rssLimitMiB))
        }
        if finalThreads > baselineThreads {
            failures.append("threads grew from \(baselineThreads) to \(finalThreads)")
        }
        if finalPoolThreads > baselinePoolThreads + Self.poolThreadSlack {
            failures.append(
                "libdispatch pool threads grew from \(baselinePoolThreads) to \(finalPoolThreads)")
        }
        if finalOpenFiles > baselineOpenFiles {
            failures.append("open file descriptors grew from \(baselineOpenFiles) to \(finalOpenFiles)")
        }
        if counts.presents == 0 { failures.append("the window presented nothing") }
    }

    var table: String {
        let minutes = seconds / 60
        var lines = [
            String(
                format: "player-soak: %.1f min at rate %.2g (seed %llu), %.1f CPU s, peak RSS %.1f MiB",
                minutes, rate, seed, cpuSeconds, peakRSSMiB),
            "  \(counts.itemsStarted) items started; \(counts.commands) commands: \(counts.switches) switches, "
                + "\(counts.queueLoads) queue loads, \(counts.seeks) seeks (\(counts.seeksCompleted) completed); "
                + "\(counts.presents) presents",
            String(
                format:
                    "  after the %.0f s warm-up: RSS %.1f -> %.1f MiB (%+.1f, limit %.1f), threads %d -> %d "
                    + "(+ pool %d -> %d), open files %d -> %d",
                warmUpSeconds, baselineRSSMiB, finalRSSMiB, rssGrowthMiB, rssLimitMiB, baselineThreads,
                finalThreads, baselinePoolThreads, finalPoolThreads, baselineOpenFiles, finalOpenFiles),
        ]
        lines.append(passed ? "  PASSED" : "  FAILED: " + failures.joined(separator: "; "))
        return lines.joined(separator: "\n")
    }
}
