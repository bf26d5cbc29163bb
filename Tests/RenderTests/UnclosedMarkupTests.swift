import Foundation
import Testing
import VideoPlayerRender

/// Regressions found by fuzzing: a long line of unclosed "<", "{\" or "{" made the markup readers
/// re-scan the rest of the line once per opening character (quadratic; 10 MB took minutes).
@Suite struct UnclosedMarkupTests {
    @Test func unclosedTagsAndOverridesOnALongSubRipLineStayTextAndParseQuickly() {
        func line(_ count: Int) -> String { String(repeating: "<b {\\an8 &amp x ", count: count) }
        func file(_ count: Int) -> String { "1\n00:00:01,000 --> 00:00:02,000\n" + line(count) + "\n" }
        let (small, large) = (file(5_000), file(50_000))
        var document = SubtitleDocument(cues: [])
        let growth = WorkGrowth.ratio(
            small: { _ = SubtitleParser.parse(small, format: .subRip) },
            large: { document = SubtitleParser.parse(large, format: .subRip) })
        // Linear work grows about 10x for the 10x line; the quadratic scan grew 100x.
        #expect(growth < 30, "10x the line took \(growth)x the time")
        #expect(document.cues.count == 1)
        #expect(document.cues.first?.text == line(50_000).trimmingCharacters(in: .whitespaces))
    }

    @Test func closingTagAfterManyUnclosedOnesStillEndsTheTag() {
        let document = SubtitleParser.parse(
            "WEBVTT\n\n00:01.000 --> 00:02.000\na <<<<b>bold</b> z\n", format: .webVTT)
        #expect(document.cues.first?.text == "a bold z")
    }

    @Test func unclosedASSOverridesStayTextAndReadQuickly() {
        let text = String(repeating: "{", count: 200_000) + "x"
        let shorter = String(repeating: "{", count: 20_000) + "x"
        var plain = ASSText.plainText(fromDialogue: "")
        let growth = WorkGrowth.ratio(
            small: { _ = ASSText.plainText(fromDialogue: shorter) },
            large: { plain = ASSText.plainText(fromDialogue: text) })
        #expect(growth < 30, "10x the text took \(growth)x the time")
        #expect(plain.text == text)
        #expect(ASSText.plainText(fromDialogue: "{{{\\b1}bold{\\b0} {open").text == "bold {open")
    }
}
