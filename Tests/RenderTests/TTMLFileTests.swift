import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// TTML files given beside the media (.ttml, .dfxp), read by `SubtitleParser`.
@Suite struct TTMLFileTests {
    static let document = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"
            xml:lang="en">
          <head>
            <styling><style xml:id="s" tts:fontStyle="italic"/></styling>
            <layout><region xml:id="top" tts:origin="10% 5%" tts:extent="80% 20%"/></layout>
          </head>
          <body>
            <div>
              <p begin="00:00:01.000" end="00:00:02.500">Hello <span style="s">there</span></p>
              <p begin="3s" dur="1s" region="top">up here</p>
              <p begin="5s">until the end</p>
            </div>
          </body>
        </tt>
        """#

    /// The document written in the draft namespace of TTML's first version, as DFXP files have it.
    static let dfxp = document.replacingOccurrences(
        of: "http://www.w3.org/ns/ttml", with: "http://www.w3.org/2006/10/ttaf1")

    @Test func aTTMLFileGivesItsParagraphsAsCuesWithTheirStylesAndPlaces() throws {
        let folder = try TemporaryFolder()
        for (name, contents) in [
            ("film.ttml", Self.document), ("film.DFXP", Self.dfxp), ("captions.xml", Self.document),
        ] {
            let document = try SubtitleParser.parse(
                contentsOf: URL(fileURLWithPath: try folder.file(name, contents: contents)))
            #expect(document.format == .ttml, "\(name)")
            #expect(document.cues.map(\.text) == ["Hello there", "up here", "until the end"], "\(name)")
            #expect(
                document.cues.map(\.start) == [1, 3, 5] && document.cues.map(\.end) == [2.5, 4, .infinity])
            #expect(document.cues[0].spans.map(\.italic) == [false, true], "\(name)")
            #expect(document.cues[0].placement == nil && document.cues[1].placement != nil, "\(name)")
        }
        #expect(
            SubtitleFormat(fileExtension: "dfxp") == .ttml && SubtitleFormat(fileExtension: "TTML") == .ttml)
    }

    @Test func aParagraphWithNoEndShowsUntilTheMediaEnds() {
        let document = SubtitleParser.parse(data: Data(Self.document.utf8))
        #expect(document.format == .ttml)
        #expect(document.activeCues(at: 4.5).isEmpty)
        #expect(document.activeCues(at: 5).map(\.text) == ["until the end"])
        #expect(document.activeCues(at: 86_400).map(\.text) == ["until the end"])
    }

    @Test func aTTMLFileInUTF16IsRead() throws {
        let folder = try TemporaryFolder()
        let path = try folder.file("film.ttml")
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in Self.document.replacingOccurrences(of: "UTF-8", with: "UTF-16").utf16 {
            bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let document = try SubtitleParser.parse(contentsOf: URL(fileURLWithPath: path))
        #expect(document.cues.map(\.text) == ["Hello there", "up here", "until the end"])
    }

    @Test(arguments: [
        ("cut.ttml", #"<tt xmlns="http://www.w3.org/ns/ttml"><body><p begin="1s">cut short"#),
        ("page.ttml", "<html><body><p>not timed text</p></body></html>"),
        ("late.dfxp", #"<tt><body><p begin="soon" end="2s">x</p></body></tt>"#),
        ("notes.txt", "Shopping list: milk, eggs.\n"),
        ("garbage.sub", "\u{1}\u{2}\u{3} binary"),
    ])
    func aFileThatIsNoSubtitleFileFailsWithATypedError(_ name: String, _ contents: String) throws {
        let folder = try TemporaryFolder()
        let url = URL(fileURLWithPath: try folder.file(name, contents: contents))
        #expect {
            try SubtitleParser.parse(contentsOf: url)
        } throws: { error in
            guard case .unsupportedFormat(let reason) = error as? PlayerError else { return false }
            return reason.contains(url.path)
        }
        // Read from bytes, the same content gives no cues.
        #expect(
            SubtitleParser.parse(
                data: Data(contents.utf8), format: SubtitleFormat(fileExtension: url.pathExtension)
            ).cues.isEmpty)
    }

    @Test func aBlankFileOfNoFormatHasNoCues() throws {
        let folder = try TemporaryFolder()
        let url = URL(fileURLWithPath: try folder.file("blank.txt", contents: " \n\n"))
        #expect(try SubtitleParser.parse(contentsOf: url).cues.isEmpty)
    }
}
