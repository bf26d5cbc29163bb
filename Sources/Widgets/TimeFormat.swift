/// How the widgets write media times: `1:05`, `1:02:03`, `-0:42`.
enum TimeFormat {
    /// `seconds` as m:ss, or h:mm:ss when `longest` (or the time itself) reaches an hour.
    static func string(_ seconds: Double, longest: Double? = nil) -> String {
        let clamped = seconds.isFinite ? max(0, seconds) : 0
        let total = Int(clamped.rounded(.down))
        let (hours, minutes, secs) = (total / 3600, (total / 60) % 60, total % 60)
        let paddedSeconds = secs < 10 ? "0\(secs)" : "\(secs)"
        guard hours > 0 || (longest ?? 0) >= 3600 else { return "\(total / 60):\(paddedSeconds)" }
        let paddedMinutes = minutes < 10 ? "0\(minutes)" : "\(minutes)"
        return "\(hours):\(paddedMinutes):\(paddedSeconds)"
    }

    /// `seconds` in words, as a screen reader says a length: "10 seconds", "1 minute 30 seconds".
    static func spoken(_ seconds: Double) -> String {
        let total = seconds.isFinite ? Int(max(0, seconds).rounded()) : 0
        let (hours, minutes, secs) = (total / 3600, (total / 60) % 60, total % 60)
        func part(_ count: Int, _ unit: String) -> String? {
            count > 0 ? "\(count) \(unit)\(count == 1 ? "" : "s")" : nil
        }
        let parts = [part(hours, "hour"), part(minutes, "minute"), part(secs, "second")].compactMap { $0 }
        return parts.isEmpty ? "0 seconds" : parts.joined(separator: " ")
    }
}
