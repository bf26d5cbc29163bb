import Foundation
import Testing
import VideoPlayerRender

/// External ASS/SSA scripts: the header for libass, one cue per dialogue line with its event fields.
@Suite struct ASSScriptTests {
    static let script = """
        [Script Info]\r
        Title: Sample\r
        PlayResX: 640\r
        PlayResY: 360\r
        \r
        [V4+ Styles]\r
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, \
        Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, \
        Alignment, MarginL, MarginR, MarginV, Encoding\r
        Style: Top,DejaVu Sans,40,&H000000FF,&H000000FF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,0,0,\
        8,10,10,20,1\r
        \r
        [Events]\r
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\r
        Comment: 0,0:00:00.00,0:00:09.00,Top,,0,0,0,,not shown\r
        Dialogue: 1,0:00:01.50,0:00:03.25,Top,,0,0,0,,{\\b1}Hi{\\b0}, there\\Nfriend\r
        Dialogue: 0,0:00:02.xx,0:00:03.00,Top,,0,0,0,,bad start\r
        Dialogue: 0,0:00:04.00,0:00:03.00,Top,,0,0,0,,ends before it starts\r
        Dialogue: 0,1:02:03.04,1:02:04.00,Top,,0,0,0,,late\r
        Dialogue: too few fields\r

        """

    @Test func dialogueLinesBecomeCuesWithTheirEvents() throws {
        let document = SubtitleParser.parse(Self.script)
        #expect(document.format == .ass)
        #expect(document.cues.count == 2)
        let first = try #require(document.cues.first)
        #expect(first.start == 1.5 && first.end == 3.25)
        #expect(first.text == "Hi, there\nfriend")
        #expect(first.spans.first == SubtitleSpan(text: "Hi", bold: true))
        #expect(first.assEvent == "1,Top,,0,0,0,,{\\b1}Hi{\\b0}, there\\Nfriend")
        #expect(abs(document.cues[1].start - 3723.04) < 1e-9)
    }

    @Test func theHeaderKeepsTheStylesAndTheEventFormat() throws {
        let header = try #require(SubtitleParser.parse(Self.script).header)
        #expect(header.contains("Style: Top,DejaVu Sans,40"))
        #expect(header.contains("PlayResY: 360"))
        #expect(
            header.hasSuffix(
                "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n")
        )
        #expect(!header.contains("Dialogue:") && !header.contains("Comment:"))
    }

    @Test func scriptsAreFoundByExtensionOrContent() throws {
        #expect(SubtitleFormat(fileExtension: "ASS") == .ass && SubtitleFormat(fileExtension: "ssa") == .ass)
        let withMark = Data([0xEF, 0xBB, 0xBF]) + Data("\n[Script Info]\n[Events]\n".utf8)
        #expect(SubtitleParser.parse(data: withMark).format == .ass)
        let bare = SubtitleParser.parse(
            "[Script Info]\nScriptType: v4.00\n[Events]\nDialogue: Marked=0,0:00:00.00,0:00:01.00,Default,,0,0,0,,old SSA"
        )
        #expect(bare.cues.map(\.text) == ["old SSA"])
        #expect(bare.header?.contains(ASSScriptTests.standardFormat) == true)
    }

    @Test func aParsedScriptDrawsInItsStyle() throws {
        let document = SubtitleParser.parse(Self.script)
        let renderer = try SubtitleRenderer(header: document.header)
        renderer.add(document.activeCues(at: 2))
        let picture = try #require(renderer.render(at: 2, frameWidth: 640, frameHeight: 360).picture)
        let red = picture.points { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
        #expect(red.count > 100)
        #expect(red.map(\.y).max()! < 140, "two lines at the top")
    }

    static let standardFormat =
        "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"
}
