import Foundation
import Testing
import VideoPlayerRender

@Suite struct SubRipTests {
    static let typical: [(Double, Double, String)] = [
        (0, 1.234, "This is the first subtitle."),
        (2.345, 3.456, "This is the second subtitle.\nSecond subtitle with second line."),
        (7204.567, 7208.901, "This is the third subtitle."),
    ]

    @Test(arguments: ["typical.srt", "typical_utf16le.srt", "typical_with_byte_order_mark.srt"])
    func typicalFileGivesThreeCuesWhateverTheEncoding(_ name: String) throws {
        guard let document = try corpusSubtitles(name) else { return }
        #expect(document.format == .subRip)
        expectCues(document.cues, Self.typical)
    }

    @Test func badTimestampsSkipTheirCuesOnly() throws {
        guard let document = try corpusSubtitles("typical_bad_timestamps.srt") else { return }
        expectCues(
            document.cues, [(0, 1.234, "This is the first subtitle.")])
    }

    @Test func missingHoursAndMillisecondsStillParse() throws {
        guard let document = try corpusSubtitles("typical_no_hours_and_millis.srt") else { return }
        var expected = Self.typical
        expected[1].0 = 2
        expected[1].1 = 3
        expectCues(document.cues, expected)
    }

    @Test func emptyFileHasNoCues() throws {
        guard let document = try corpusSubtitles("empty.srt") else { return }
        #expect(document.cues.isEmpty)
        #expect(document.format == .subRip)
    }

    @Test func braceOverridesAreRemovedButABraceWithoutBackslashStays() throws {
        guard let document = try corpusSubtitles("typical_with_tags.srt") else { return }
        let line = "This is a line."
        let expected: [(Double, Double, String)] = [
            (0, 1.234, "This is the first subtitle."),
            (2.345, 3.456, "This is the second subtitle.\nSecond subtitle with second line."),
            (4.567, 8.901, "This is the third subtitle."),
            (9.567, 12.901, "This { \\an2} is not a valid tag due to the space after the opening bracket."),
            (13.567, 14.901, "This is the fifth subtitle with multiple valid tags."),
            (15.567, 15.901, "This is a lines."),
            (16.567, 16.901, line), (17.567, 17.901, line), (18.567, 18.901, line), (19.567, 19.901, line),
            (20.567, 20.901, line), (21.567, 22.901, line), (23.567, 23.901, line), (24.567, 24.901, line),
        ]
        expectCues(document.cues, expected)
        // The first {\anN} of a cue places it; a malformed block places nothing.
        #expect(
            document.cues.map { $0.placement?.alignment }
                == [1, nil, 2, nil, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(document.cues.allSatisfy { $0.placement?.x == nil && $0.placement?.y == nil })
    }

    @Test func htmlTagsBecomeSpansAndEntitiesCharacters() {
        let srt =
            "1\r\n00:00:01,000 --> 00:00:02,500\r\n<b>Bold</b> <i>it</i><u>u</u> <font color=\"red\">red</font> &amp; &lt;3\r\n"
        let cue = SubtitleParser.parse(srt).cues.first
        #expect(cue?.text == "Bold itu red & <3")
        #expect(
            cue?.spans == [
                SubtitleSpan(text: "Bold", bold: true), SubtitleSpan(text: " "),
                SubtitleSpan(text: "it", italic: true), SubtitleSpan(text: "u", underline: true),
                SubtitleSpan(text: " "), SubtitleSpan(text: "red", color: SubtitleColor(hex: 0xFF0000)),
                SubtitleSpan(text: " & <3"),
            ])
    }

    @Test func fontColoursNestAndTakeNamesAndHexDigits() {
        let srt =
            "1\n00:00:01,000 --> 00:00:02,000\n"
            + "<font color=\"#00ff00\">green <font face=\"Serif\" color='#F0F'>pink</font> <b>bold</b></font> "
            + "<FONT COLOR=yellow>yes</FONT> <font color=\"nonsense\">plain</font></font> end\n"
        let green = SubtitleColor(hex: 0x00FF00)
        #expect(
            SubtitleParser.parse(srt).cues.first?.spans == [
                SubtitleSpan(text: "green ", color: green),
                SubtitleSpan(text: "pink", color: SubtitleColor(hex: 0xFF00FF)),
                SubtitleSpan(text: " ", color: green), SubtitleSpan(text: "bold", bold: true, color: green),
                SubtitleSpan(text: " "), SubtitleSpan(text: "yes", color: SubtitleColor(hex: 0xFFFF00)),
                SubtitleSpan(text: " plain end"),
            ])
    }

    @Test func emptyStyledRunsDoNotSplitTheText() {
        let srt = "1\n00:00:01,000 --> 00:00:02,000\n<i>x</i>a<b></b>b\n"
        #expect(
            SubtitleParser.parse(srt).cues.first?.spans == [
                SubtitleSpan(text: "x", italic: true), SubtitleSpan(text: "ab"),
            ])
    }

    @Test func dotMillisecondsOldMacLineEndsAndMissingIndexAreAccepted() {
        let srt = "00:00:01.000 --> 00:00:02.000\rOne\r\r7\r00:00:03,000 --> 00:00:04,000\rTwo\r"
        expectCues(SubtitleParser.parse(srt, format: .subRip).cues, [(1, 2, "One"), (3, 4, "Two")])
    }

    @Test func garbageTruncatedAndHugeInputsGiveOnlyTheValidCues() {
        #expect(SubtitleParser.parse(data: Data()).cues.isEmpty)
        #expect(SubtitleParser.parse(data: Data((0..<4096).map { UInt8($0 % 251) })).cues.isEmpty)
        #expect(SubtitleParser.parse("1\n00:00:01,000 --> 00:0", format: .subRip).cues.isEmpty)
        #expect(SubtitleParser.parse("1\n99999999999:00:01,000 --> 99999999999:00:02,000\nx\n").cues.isEmpty)
        #expect(
            SubtitleParser.parse("1\n00:00:05,000 --> 00:00:04,000\nends before it starts\n").cues.isEmpty)
        let truncated = "1\n00:00:01,000 --> 00:00:02,000\nkept\n\n2\n00:00:03,000 -->"
        expectCues(SubtitleParser.parse(truncated).cues, [(1, 2, "kept")])
        let unterminated = "1\n00:00:01,000 --> 00:00:02,000\n<b>no close &amp no semicolon {\\an8 no brace"
        #expect(
            SubtitleParser.parse(unterminated).cues.first?.text
                == "no close &amp no semicolon {\\an8 no brace")
    }

    @Test func utf16BigEndianWithMarkIsDecoded() {
        let text = "1\n00:00:01,000 --> 00:00:02,000\nÉté 字幕\n"
        var data = Data([0xFE, 0xFF])
        for unit in text.utf16 { data.append(contentsOf: [UInt8(unit >> 8), UInt8(unit & 0xFF)]) }
        expectCues(SubtitleParser.parse(data: data).cues, [(1, 2, "Été 字幕")])
    }

    @Test func missingFileIsATypedError() {
        #expect(throws: PlayerError.fileNotFound(path: "/nonexistent/x.srt")) {
            try SubtitleParser.parse(contentsOf: URL(fileURLWithPath: "/nonexistent/x.srt"))
        }
    }
}
