import Foundation
import Testing
import VideoPlayerRender

/// Regressions found by fuzzing: a long line of unclosed "<", "{\" or "{" made the markup readers
/// re-scan the rest of the line once per opening character (quadratic; 10 MB took minutes).
@Suite struct UnclosedMarkupTests {
    @Test func unclosedTagsAndOverridesOnALongSubRipLineStayTextAndParseQuickly() {
        let line = String(repeating: "<b {\\an8 &amp x ", count: 50_000)
        let started = ContinuousClock.now
        let document = SubtitleParser.parse("1\n00:00:01,000 --> 00:00:02,000\n\(line)\n", format: .subRip)
        // Linear work takes milliseconds even in debug; the quadratic scan took minutes.
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(document.cues.count == 1)
        #expect(document.cues.first?.text == line.trimmingCharacters(in: .whitespaces))
    }

    @Test func closingTagAfterManyUnclosedOnesStillEndsTheTag() {
        let document = SubtitleParser.parse(
            "WEBVTT\n\n00:01.000 --> 00:02.000\na <<<<b>bold</b> z\n", format: .webVTT)
        #expect(document.cues.first?.text == "a bold z")
    }

    @Test func unclosedASSOverridesStayTextAndReadQuickly() {
        let text = String(repeating: "{", count: 200_000) + "x"
        let started = ContinuousClock.now
        let plain = ASSText.plainText(fromDialogue: text)
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(plain.text == text)
        #expect(ASSText.plainText(fromDialogue: "{{{\\b1}bold{\\b0} {open").text == "bold {open")
    }
}
