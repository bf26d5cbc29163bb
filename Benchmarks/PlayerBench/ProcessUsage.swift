import Foundation

/// CPU time and memory of this process or of a finished child, as the kernel accounts them.
enum ProcessUsage {
    /// User plus system CPU seconds of every thread of this process so far.
    static var selfCPUSeconds: Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return cpuSeconds(usage)
    }

    /// User plus system CPU seconds in `usage`.
    static func cpuSeconds(_ usage: rusage) -> Double {
        seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Peak resident set size of `usage` in MiB (Linux reports `ru_maxrss` in KiB).
    static func peakRSSMiB(_ usage: rusage) -> Double { Double(usage.ru_maxrss) / 1024 }

    /// This process's peak resident set size in MiB: `VmHWM` from /proc/self/status.
    static var selfPeakRSSMiB: Double? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
            return nil
        }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let kibibytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) }
            return kibibytes.map { $0 / 1024 }
        }
        return nil
    }

    /// The 1, 5 and 15 minute load averages from /proc/loadavg.
    static var loadAverage: [Double] {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    private static func seconds(_ value: timeval) -> Double {
        Double(value.tv_sec) + Double(value.tv_usec) / 1_000_000
    }
}
