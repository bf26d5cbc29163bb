import Foundation
import VideoPlayerWidgets

/// One timed comment flying over the video.
struct DanmakuComment: Hashable, Identifiable {
    /// Media time, in seconds, when it enters at the right edge.
    var time: Double
    var color: Color
    var text: String
    /// Its line in the file, so two equal comments stay distinct.
    var id: Int
    /// Sent by the viewer: always shown, and framed.
    var isOwn = false

    /// Reads the demo's danmaku format: one comment per line, `seconds<TAB>RRGGBB<TAB>text`.
    ///
    /// Empty lines and lines starting with `#` are skipped; so are lines that do not parse, with
    /// their numbers in `skipped`. Comments come back sorted by time.
    static func parse(_ source: String) -> (comments: [DanmakuComment], skipped: [Int]) {
        var comments: [DanmakuComment] = []
        var skipped: [Int] = []
        for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { continue }
            let fields = line.split(separator: "\t", maxSplits: 2)
            guard fields.count == 3, let time = Double(fields[0]), time >= 0,
                let rgb = UInt32(fields[1], radix: 16), !fields[2].isEmpty
            else {
                skipped.append(index + 1)
                continue
            }
            comments.append(
                DanmakuComment(time: time, color: Color(hex: rgb), text: String(fields[2]), id: index))
        }
        return (comments.sorted { ($0.time, $0.id) < ($1.time, $1.id) }, skipped)
    }

    /// Reads a danmaku file, reporting the line numbers it skipped.
    static func load(from url: URL) throws -> (comments: [DanmakuComment], skipped: [Int]) {
        parse(try String(contentsOf: url, encoding: .utf8))
    }
}
