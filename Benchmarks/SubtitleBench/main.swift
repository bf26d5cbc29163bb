import Foundation
import VideoPlayerRender

// Parses generated WebVTT and SubRip files of 1, 2, 5 and 10 MB and prints the throughput of each
// and the time ratio to the 1 MB file: linear parsing gives ratios near the size ratios. It measures
// and never asserts. Besides typical files it parses hostile ones (long lines of unclosed tags and
// overrides) where a per-character re-scan would turn quadratic. Arguments, when given, keep only
// the shapes whose names contain one of them (`subtitle-bench unclosed` to profile that one).

/// A kind of generated file and how one cue of it is written.
struct Shape {
    let name: String
    let format: SubtitleFormat
    let cue: (Int) -> String
}

func timestamp(_ milliseconds: Int, separator: String) -> String {
    let (h, m, s, ms) = (
        milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1000 % 60, milliseconds % 1000
    )
    return String(format: "%02d:%02d:%02d%@%03d", h, m, s, separator, ms)
}

let shapes = [
    Shape(name: "srt typical", format: .subRip) { index in
        "\(index + 1)\r\n\(timestamp(index * 1000, separator: ",")) --> \(timestamp(index * 1000 + 750, separator: ","))\r\n"
            + "Line <i>number</i> \(index) with &amp; some {\\an8}text.\r\nSecond <b>line</b>.\r\n\r\n"
    },
    Shape(name: "vtt typical", format: .webVTT) { index in
        "cue-\(index)\n\(timestamp(index * 1000, separator: ".")) --> \(timestamp(index * 1000 + 750, separator: ".")) align:start\n"
            + "<v Roger>We are in <c.loud>New&nbsp;York</c></v> \(index)\n\n"
    },
    Shape(name: "srt unclosed markup", format: .subRip) { index in
        "\(timestamp(index * 1000, separator: ",")) --> \(timestamp(index * 1000 + 750, separator: ","))\n"
            + String(repeating: "<b {\\an8 &amp", count: 2_000) + "\n\n"
    },
    // One cue whose single text line is the whole file.
    Shape(name: "srt one huge line", format: .subRip) { index in
        index == 0 ? "00:00:00,000 --> 00:00:01,000\n" : "<i {\\an8 &amp x "
    },
]

/// A file of `shape` cues of about `megabytes` MB, with the WebVTT header when it needs one.
func makeFile(_ shape: Shape, megabytes: Int) -> Data {
    var text = shape.format == .webVTT ? "WEBVTT\n\n" : ""
    var index = 0
    while text.utf8.count < megabytes * 1_000_000 {
        text += shape.cue(index)
        index += 1
    }
    return Data(text.utf8)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

let filters = CommandLine.arguments.dropFirst()
let sizes = [1, 2, 5, 10]
for shape in shapes where filters.isEmpty || filters.contains(where: shape.name.contains) {
    var firstSeconds: Double?
    for megabytes in sizes {
        let data = makeFile(shape, megabytes: megabytes)
        var best = Double.infinity
        var cueCount = 0
        // The best of three runs, so a busy machine disturbs the figure less.
        for _ in 0..<3 {
            let started = ContinuousClock.now
            cueCount = SubtitleParser.parse(data: data, format: shape.format).cues.count
            best = min(best, seconds(ContinuousClock.now - started))
        }
        let baseline = firstSeconds ?? best
        firstSeconds = baseline
        let size = Double(data.count) / 1_000_000
        print(
            String(
                format: "%-20@ %5.1f MB %8d cues %8.3f s %7.1f MB/s  time ×%.2f (size ×%.1f)",
                shape.name, size, cueCount, best, size / best, best / baseline,
                Double(megabytes) / Double(sizes[0])))
    }
}
