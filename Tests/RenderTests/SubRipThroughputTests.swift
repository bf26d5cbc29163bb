import Foundation
import Testing
import VideoPlayerRender

@Suite struct SubRipThroughputTests {
    /// About `bytes` of SubRip with tags, entities and two-line cues.
    static func file(bytes: Int) -> Data {
        var text = ""
        text.reserveCapacity(bytes + 500_000)
        var index = 0
        while text.utf8.count < bytes {
            let start = Double(index)
            text += "\(index + 1)\r\n\(timestamp(start)) --> \(timestamp(start + 0.75))\r\n"
            text += "Line <i>number</i> \(index) with &amp; some {\\an8}text to read.\r\nSecond line.\r\n\r\n"
            index += 1
        }
        return Data(text.utf8)
    }

    private static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        let (h, m, s, ms) = (
            milliseconds / 3_600_000, milliseconds / 60_000 % 60, milliseconds / 1000 % 60,
            milliseconds % 1000
        )
        return String(format: "%02d:%02d:%02d,%03d", h, m, s, ms)
    }

    /// Parsing time grows linearly with the size (the time itself is the subtitle benchmark's, see
    /// `subtitle-bench`; a debug or sanitized build is several times slower than release).
    @Test func tenMegabytesParseCorrectlyAndInLinearTime() {
        let large = Self.file(bytes: 10_000_000)
        let small = Self.file(bytes: 1_000_000)
        var document = SubtitleDocument(cues: [])
        let growth = WorkGrowth.ratio(
            small: { _ = SubtitleParser.parse(data: small) },
            large: { document = SubtitleParser.parse(data: large) })
        print(
            "parsed \(large.count) bytes, \(document.cues.count) cues: \(growth)x the time of a tenth of it")
        #expect(document.cues.count > 80_000)
        #expect(document.cues[1234].text == "Line number 1234 with & some text to read.\nSecond line.")
        #expect(growth < 30, "10x the text took \(growth)x the time")
        let cueGrowth = WorkGrowth.ratio(
            small: { for step in 0..<10_000 { _ = document.activeCues(at: Double(step) * 0.9) } },
            large: { for step in 0..<100_000 { _ = document.activeCues(at: Double(step) * 0.9) } })
        #expect(cueGrowth < 30, "10x the lookups took \(cueGrowth)x the time")
    }
}
