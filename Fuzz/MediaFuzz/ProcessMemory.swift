import Foundation

/// This process's memory as Linux reports it in /proc/self/status, in kilobytes.
enum ProcessMemory {
    /// The resident set size now (VmRSS).
    static var residentKB: Int { field("VmRSS:") }
    /// The highest resident set size so far (VmHWM).
    static var peakKB: Int { field("VmHWM:") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) })
        else { return 0 }
        return Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "") ?? 0
    }
}
