import Foundation
import Testing
import VideoPlayerRender

@Suite struct SubRipThroughputTests {
    /// About 10 MB of SubRip with tags, entities and two-line cues.
    static func largeFile() -> Data {
        var text = ""
        text.reserveCapacity(10_500_000)
        var index = 0
        while text.utf8.count < 10_000_000 {
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

    @Test func tenMegabytesParseInLinearTime() {
        let data = Self.largeFile()
        let started = ContinuousClock.now
        let document = SubtitleParser.parse(data: data)
        let elapsed = ContinuousClock.now - started
        let megabytes = Double(data.count) / 1_000_000
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        print(
            "parsed \(megabytes) MB, \(document.cues.count) cues in \(elapsed) (\(megabytes / seconds) MB/s)")
        #expect(document.cues.count > 80_000)
        #expect(document.cues[1234].text == "Line number 1234 with & some text to read.\nSecond line.")
        // Debug builds are several times slower than release; this bound only catches quadratic work.
        #expect(elapsed < .seconds(10))
        let lookups = ContinuousClock.now
        for step in 0..<100_000 { _ = document.activeCues(at: Double(step) * 0.9) }
        #expect(ContinuousClock.now - lookups < .seconds(2))
    }
}
