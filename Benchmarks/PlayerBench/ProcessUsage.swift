import Foundation
import FuzzKit

/// CPU time and memory of a finished child as the kernel accounts them, and the machine's load.
/// This process's own figures are `ProcessResources`'.
enum ProcessUsage {
    /// User plus system CPU seconds in `usage`.
    static func cpuSeconds(_ usage: rusage) -> Double { ProcessResources.cpuSeconds(of: usage) }

    /// Peak resident set size of `usage` in MiB (Linux reports `ru_maxrss` in KiB).
    static func peakRSSMiB(_ usage: rusage) -> Double { Double(usage.ru_maxrss) / 1024 }

    /// This process's peak resident set size in MiB (`VmHWM`), `nil` when /proc cannot tell.
    static var selfPeakRSSMiB: Double? {
        let kibibytes = ProcessResources.peakKB
        return kibibytes > 0 ? Double(kibibytes) / 1024 : nil
    }

    /// CPU seconds the calling thread has used.
    static var threadCPUSeconds: Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The 1, 5 and 15 minute load averages from /proc/loadavg.
    static var loadAverage: [Double] {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }
}
