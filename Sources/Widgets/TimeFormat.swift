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
}
