import Foundation

/// This process's memory as Linux reports it in /proc/self/status, in kilobytes.
enum ProcessMemory {
    /// The resident set size now (VmRSS).
    static var residentKB: Int { field("VmRSS:") }
    /// The highest resident set size so far (VmHWM).
    static var peakKB: Int { field("VmHWM:") }

    /// Hands memory that was freed but kept by the allocator back to the system, so that the resident
    /// size afterwards shows what is still in use.
    static func releaseFreedMemory() {
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
