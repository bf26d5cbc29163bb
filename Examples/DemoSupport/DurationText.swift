/// Durations as video sites write them on thumbnails: "0:30", "1:02:03".
public enum DurationText {
    /// `seconds` rounded to the second: "0:30", "12:05", "1:02:03".
    public static func string(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        let secondsText = rest < 10 ? "0\(rest)" : "\(rest)"
        guard hours > 0 else { return "\(minutes):\(secondsText)" }
        return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(secondsText)"
    }
}
