import Foundation

/// This process's resources as Linux reports them: memory in kilobytes, threads, open file
/// descriptors and CPU time.
public enum ProcessResources {
    /// The resident set size now (VmRSS).
    public static var residentKB: Int { field("VmRSS:") }
    /// The highest resident set size so far (VmHWM).
    public static var peakKB: Int { field("VmHWM:") }
    /// The names of this process's threads now, as the kernel keeps them (at most 15 bytes, so a
    /// longer name set by pthread_setname_np is cut).
    public static var threadNames: [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    /// The file descriptors open now (entries of /proc/self/fd, less the one listing them).
    public static var openFileCount: Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return max(0, entries.count - 1)
    }

    /// User plus system CPU seconds of every thread so far.
    public static var cpuSeconds: Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return cpuSeconds(of: usage)
    }

    /// User plus system CPU seconds in `usage` (of this process, or of a child from `wait4`).
    public static func cpuSeconds(of usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// Hands memory that was freed but kept by the allocator back to the system, so that the resident
    /// size afterwards shows what is still in use.
    public static func releaseFreedMemory() {
        // NB: glibc's malloc_trim is not in Swift's Glibc module (malloc.h is not part of it); it is
        // looked up at run time instead, and skipped on a C library without it.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return 0 }
        return Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
    }
}
