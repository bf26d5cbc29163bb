import Foundation
import FuzzKit
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// TTML documents and subtitle tracks in fragmented MP4, read into WebVTT cues.
@Suite struct TimedTextTests {
    /// Boxes of a fragmented MP4 text track, written as packagers write them.
    enum MP4Text {
        static func box(_ type: String, _ contents: [UInt8]) -> [UInt8] {
            bigEndian(UInt32(8 + contents.count)) + Array(type.utf8) + contents
        }

        static func bigEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
            withUnsafeBytes(of: value.bigEndian, Array.init)
        }

        /// An initialization segment with one track whose sample entry is `format` ("wvtt", "stpp").
        static func initialization(format: String, trackID: UInt32 = 2, timescale: UInt32 = 1000) -> [UInt8] {
            let header = box(
                "tkhd",
                [0, 0, 0, 3] + bigEndian(UInt64(0)) + bigEndian(trackID) + Array(repeating: 0, count: 68))
            let mediaHeader = box(
                "mdhd",
                [0, 0, 0, 0] + bigEndian(UInt64(0)) + bigEndian(timescale) + bigEndian(UInt32(0)) + [
                    0x55, 0xC4, 0, 0,
                ])
            let entryHeader = Array(repeating: UInt8(0), count: 6) + bigEndian(UInt16(1))
            let entry =
                format == "wvtt"
                ? box("wvtt", entryHeader + box("vttC", Array("WEBVTT".utf8)))
                : box(format, entryHeader + Array("http://www.w3.org/ns/ttml\0\0\0".utf8))
            let descriptions = box("stsd", [0, 0, 0, 0] + bigEndian(UInt32(1)) + entry)
            let media = box(
                "mdia",
                mediaHeader
                    + box(
                        "hdlr",
                        [0, 0, 0, 0, 0, 0, 0, 0] + Array("text".utf8) + Array(repeating: 0, count: 13))
                    + box("minf", box("stbl", descriptions)))
            let extends = box(
                "mvex",
                box(
                    "trex",
                    [0, 0, 0, 0] + bigEndian(trackID) + bigEndian(UInt32(1)) + Array(repeating: 0, count: 12))
            )
            return box("ftyp", Array("iso6".utf8) + bigEndian(UInt32(0)))
                + box("moov", box("trak", header + media) + extends)
        }

        /// A media segment: one fragment whose samples last `samples`' durations from `decodeTime`,
        /// the sizes of the subsamples of each in `subsamples` (a `subs` box; none when empty).
        static func segment(
            trackID: UInt32 = 2, decodeTime: UInt64, samples: [(duration: UInt32, payload: [UInt8])],
            subsamples: [[Int]] = []
        ) -> [UInt8] {
            let fragmentHeader = box("tfhd", [0, 2, 0, 0] + bigEndian(trackID))
            var decode = box("tfdt", [1, 0, 0, 0] + bigEndian(decodeTime))
            let listed = subsamples.enumerated().filter { !$0.element.isEmpty }
            if !listed.isEmpty {
                var entries = bigEndian(UInt32(listed.count))
                var last = 0
                for (index, sizes) in listed {
                    entries += bigEndian(UInt32(index + 1 - last)) + bigEndian(UInt16(sizes.count))
                    for size in sizes { entries += bigEndian(UInt32(size)) + [0, 0, 0, 0, 0, 0] }
                    last = index + 1
                }
                decode += box("subs", [1, 0, 0, 0] + entries)
            }
            func fragment(dataOffset: UInt32) -> [UInt8] {
                var run = [0, 0, 3, 1] + bigEndian(UInt32(samples.count)) + bigEndian(dataOffset)
                for sample in samples {
                    run += bigEndian(sample.duration) + bigEndian(UInt32(sample.payload.count))
                }
                return box(
                    "moof",
                    box("mfhd", [0, 0, 0, 0] + bigEndian(UInt32(1)))
                        + box("traf", fragmentHeader + decode + box("trun", run)))
            }
            let size = fragment(dataOffset: 0).count
            return fragment(dataOffset: UInt32(size + 8)) + box("mdat", samples.flatMap(\.payload))
        }

        /// A WebVTT sample showing `cues` (text and settings); none: an empty sample (`vtte`).
        static func webVTTSample(_ cues: [(text: String, settings: String)]) -> [UInt8] {
            guard !cues.isEmpty else { return box("vtte", []) }
            return cues.flatMap { cue in
                box(
                    "vttc",
                    (cue.settings.isEmpty ? [] : box("sttg", Array(cue.settings.utf8)))
                        + box("payl", Array(cue.text.utf8)))
            }
        }

        /// A TTML document whose paragraphs are `cues`, their times written as given.
        static func ttml(_ cues: [(begin: String, end: String, text: String)]) -> [UInt8] {
            let paragraphs = cues.map { #"<p begin="\#($0.begin)" end="\#($0.end)">\#($0.text)</p>"# }
            return Array(
                #"<?xml version="1.0" encoding="UTF-8"?><tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"><body><div>\#(paragraphs.joined())</div></body></tt>"#
                    .utf8)
        }
    }

    @Test func aTTMLDocumentGivesItsParagraphsAsCuesWithTheirTimesStylesAndPlaces() throws {
        let document = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling"
                xmlns:ttp="http://www.w3.org/ns/ttml#parameter" ttp:tickRate="10000000" ttp:frameRate="25">
              <head>
                <styling>
                  <style xml:id="base" tts:color="yellow"/>
                  <style xml:id="slanted" style="base" tts:fontStyle="italic"/>
                </styling>
                <layout>
                  <region xml:id="top" tts:origin="10% 5%" tts:extent="80% 20%" tts:displayAlign="before"/>
                  <region xml:id="bottom" tts:origin="10% 70%" tts:extent="80% 20%" tts:displayAlign="after"/>
                </layout>
              </head>
              <body region="bottom">
                <div begin="10s">
                  <p begin="00:00:01.500" end="00:00:03.000">Hello,
                     <span tts:fontWeight="bold">bold</span><br/>second   line</p>
                  <p begin="40000000t" dur="25f" region="top"><span style="slanted">A &lt; B</span></p>
                  <p begin="1m" end="1h">after the div</p>
                </div>
                <div begin="00:00:20:12" end="21s"><p>framed</p></div>
              </body>
            </tt>
            """#
        let cues = try TTMLDocument.cues(in: Array(document.utf8), location: "t.ttml")
        #expect(
            cues == [
                TimedTextCue(
                    start: 11.5, end: 13, text: "Hello, <b>bold</b>\nsecond line", settings: "line:90.00%,end"
                ),
                TimedTextCue(
                    start: 14, end: 15, text: #"<i><font color="yellow">A &lt; B</font></i>"#,
                    settings: "line:5.00%"),
                TimedTextCue(start: 70, end: 3610, text: "after the div", settings: "line:90.00%,end"),
                TimedTextCue(start: 20.48, end: 21, text: "framed", settings: "line:90.00%,end"),
            ])
        // Read as WebVTT, the cues keep their text and styles.
        let parsed = SubtitleParser.parse(data: Data(TimedTextCue.webVTT(cues)), format: .webVTT)
        #expect(parsed.cues.map(\.text) == ["Hello, bold\nsecond line", "A < B", "framed", "after the div"])
        #expect(parsed.cues[1].spans.contains { $0.italic })
        // A sample's window keeps the cues within it.
        let windowed = try TTMLDocument.cues(in: Array(document.utf8), location: "t.ttml", within: 12..<14.5)
        #expect(windowed.map(\.start) == [12, 14] && windowed.map(\.end) == [13, 14.5])
    }

    /// A TTML document around `body`, with `attributes` on its root.
    static func ttml(body: String, attributes: String = "", head: String = "") -> [UInt8] {
        Array(
            #"""
            <tt xmlns="http://www.w3.org/ns/ttml" xmlns:tts="http://www.w3.org/ns/ttml#styling" \#
            xmlns:ttp="http://www.w3.org/ns/ttml#parameter" \#(attributes)><head>\#(head)</head>\#(body)</tt>
            """#.utf8)
    }

    @Test func spansWithTimesOfTheirOwnCutTheirParagraphIntoCues() throws {
        let body = #"""
            <body><p begin="1s" end="4s">Hello <span begin="1s" end="2s" tts:fontStyle="italic">there</span> \#
            world<span begin="2s">!</span></p></body>
            """#
        let cues = try TTMLDocument.cues(in: Self.ttml(body: body), location: "t.ttml")
        #expect(
            cues == [
                TimedTextCue(start: 1, end: 2, text: "Hello world"),
                TimedTextCue(start: 2, end: 3, text: "Hello <i>there</i> world"),
                TimedTextCue(start: 3, end: 4, text: "Hello world!"),
            ])
    }

    @Test func setElementsChangeTheStyleOfWhatHoldsThemForAWhile() throws {
        // A `set` counts from its parent's begin and lasts until the parent's end when it states
        // none; a style a paragraph's `set` gives reaches the spans that inherit it.
        let body = #"""
            <body><div>
              <p begin="1s" end="4s">Hello <span>there<set begin="1s" dur="1s" tts:color="red"/></span></p>
              <p begin="10s" end="13s"><set begin="1s" tts:fontStyle="italic"/><span>slanting</span> text</p>
              <p begin="20s" end="23s">Pop-on<set begin="2s" tts:display="none"/></p>
            </div></body>
            """#
        let cues = try TTMLDocument.cues(in: Self.ttml(body: body), location: "t.ttml")
        #expect(
            cues == [
                TimedTextCue(start: 1, end: 2, text: "Hello there"),
                TimedTextCue(start: 2, end: 3, text: #"Hello <font color="red">there</font>"#),
                TimedTextCue(start: 3, end: 4, text: "Hello there"),
                TimedTextCue(start: 10, end: 11, text: "slanting text"),
                TimedTextCue(start: 11, end: 13, text: "<i>slanting text</i>"),
                TimedTextCue(start: 20, end: 22, text: "Pop-on"),
            ])
    }

    @Test func backgroundsFontsAndSizesStyleTheTextTheyApplyTo() throws {
        // A region's text styles reach the text flowing into it, its background does not (it is a
        // box of its own); a background is the element's own (a `set` may give it for a while), a
        // size in percent counts in the size around it, one in pixels in the root's extent (15
        // rows of 32 px).
        let head = #"""
            <styling><style xml:id="small" tts:fontSize="80%"/></styling>
            <layout><region xml:id="r" tts:fontFamily="proportionalSerif, default" tts:fontSize="2c" \#
            tts:backgroundColor="red"/></layout>
            """#
        let body = #"""
            <body region="r"><div>
              <p begin="1s" end="2s" tts:backgroundColor="#00000080">boxed <span style="small" \#
            tts:backgroundColor="rgba(0,0,255,255)">small blue</span></p>
              <p begin="3s" end="4s" tts:fontFamily="'DejaVu Sans Mono'" tts:fontSize="18px">pixels\#
            <set begin="0.5s" tts:backgroundColor="yellow"/></p>
            </div></body>
            """#
        let document = Self.ttml(body: body, attributes: #"tts:extent="640px 480px""#, head: head)
        let all = SubtitleParser.parse(data: Data(document), format: .ttml).cues
        // The region's background fills it (the whole video) from the start to the last cue's end.
        let red = SubtitleRegionBackground(
            x: 0, y: 0, width: 1, height: 1, color: SubtitleColor(hex: 0xFF0000))
        #expect(
            all.filter(\.text.isEmpty) == [SubtitleCue(start: 0, end: 4, text: "", regionBackground: red)])
        let cues = all.filter { !$0.text.isEmpty }
        try #require(cues.count == 3)
        #expect(cues.map(\.text) == ["boxed small blue", "pixels", "pixels"])
        #expect(cues.map(\.start) == [1, 3, 3.5])
        let (boxed, small) = (cues[0].spans[0], cues[0].spans[1])
        #expect(boxed.text == "boxed " && small.text == "small blue")
        #expect(boxed.fontFamily == "serif" && small.fontFamily == "serif")
        #expect(boxed.fontScale == 2 && abs((small.fontScale ?? 0) - 1.6) < 1e-9)
        #expect(boxed.background?.red == 0 && abs((boxed.background?.opacity ?? 0) - 128.0 / 255) < 0.001)
        #expect(small.background == SubtitleColor(hex: 0x0000FF))
        let pixels = try #require(cues[1].spans.first)
        #expect(pixels.fontFamily == "DejaVu Sans Mono" && pixels.background == nil)
        #expect(abs((pixels.fontScale ?? 0) - 18.0 / 32) < 1e-9)
        #expect(cues[2].spans.first?.background == SubtitleColor(hex: 0xFFFF00))
        #expect(cues.allSatisfy { $0.spans.allSatisfy { $0.background != SubtitleColor(hex: 0xFF0000) } })
    }

    @Test func setsOnTheBodyDivisionsAndRegionsChangeTheStyleOfTheTextWithinForAWhile() throws {
        // The body's `set` makes everything italic for a second, the division's makes its text
        // lime (not the text of a division within that has a colour of its own), the region's
        // make its text yellow, then hide it.
        let head = #"""
            <layout><region xml:id="r"><set begin="3s" end="4s" tts:color="yellow"/>\#
            <set begin="5s" end="6s" tts:display="none"/></region></layout>
            """#
        let body = #"""
            <body region="r"><set begin="1s" end="2s" tts:fontStyle="italic"/><div>\#
            <set begin="2s" end="3s" tts:color="lime"/>\#
            <p begin="0s" end="7s">text <span tts:color="red">own</span></p>\#
            <div tts:color="blue"><p begin="2s" end="3s">inner</p></div></div></body>
            """#
        let cues = try TTMLDocument.cues(in: Self.ttml(body: body, head: head), location: "t.ttml")
        let own = #"text <font color="red">own</font>"#
        let expected: [(Double, Double, String)] = [
            (0, 1, own), (1, 2, "<i>\(own)</i>"), (2, 3, #"<font color="lime">\#(own)</font>"#),
            (3, 4, #"<font color="yellow">\#(own)</font>"#), (4, 5, own), (6, 7, own),
            (2, 3, #"<font color="blue">inner</font>"#),
        ]
        #expect(cues.count == expected.count)
        for (cue, wanted) in zip(cues, expected) {
            #expect(cue.start == wanted.0 && cue.end == wanted.1 && cue.text == wanted.2, "\(cue)")
        }
    }

    @Test func aRegionsBackgroundFillsItWhileItShows() throws {
        // Shown always (by default: over the document's cues), while content flows into it, or
        // while the region is timed; a transparent region, or one not displayed, fills nothing.
        let head = #"""
            <layout>
            <region xml:id="band" tts:origin="10% 80%" tts:extent="80% 15%" tts:backgroundColor="#00000080"/>
            <region xml:id="box" tts:origin="0% 0%" tts:extent="50% 10%" tts:backgroundColor="blue" \#
            tts:showBackground="whenActive"/>
            <region xml:id="timed" tts:origin="60% 0%" tts:extent="40% 10%" tts:backgroundColor="lime" \#
            begin="4s" end="5s"/>
            <region xml:id="clear" tts:backgroundColor="transparent"/>
            <region xml:id="gone" tts:backgroundColor="red" tts:display="none"/>
            </layout>
            """#
        let body = #"""
            <body><div>
              <p region="band" begin="1s" end="2s">a</p>
              <p region="box" begin="1s" end="2s">b</p><p region="box" begin="2s" end="3s">c</p>
              <p region="box" begin="5s" end="6s">d</p>
              <p region="clear" begin="1s" end="2s">e</p><p region="gone" begin="1s" end="2s">f</p>
            </div></body>
            """#
        let cues = SubtitleParser.parse(data: Data(Self.ttml(body: body, head: head)), format: .ttml).cues
        #expect(cues.filter { !$0.text.isEmpty }.map(\.text).sorted() == ["a", "b", "c", "d", "e"])
        let boxes = cues.filter(\.text.isEmpty).compactMap { cue in
            cue.regionBackground.map { (cue.start, cue.end, $0) }
        }
        let band = SubtitleRegionBackground(
            x: 0.1, y: 0.8, width: 0.8, height: 0.15, color: SubtitleColor(hex: 0, opacity: 128.0 / 255))
        let box = SubtitleRegionBackground(
            x: 0, y: 0, width: 0.5, height: 0.1, color: SubtitleColor(hex: 0xFF))
        let timed = SubtitleRegionBackground(
            x: 0.6, y: 0, width: 0.4, height: 0.1, color: SubtitleColor(hex: 0x00FF00))
        let expected = [(0.0, 6.0, band), (1, 3, box), (4, 5, timed), (5, 6, box)]
        #expect(boxes.count == expected.count)
        for (found, wanted) in zip(boxes, expected) {
            #expect(found.0 == wanted.0 && found.1 == wanted.1, "\(found)")
            #expect(abs(found.2.x - wanted.2.x) < 1e-9 && abs(found.2.y - wanted.2.y) < 1e-9, "\(found)")
            #expect(
                abs(found.2.width - wanted.2.width) < 1e-9 && abs(found.2.height - wanted.2.height) < 1e-9)
            #expect(
                abs(found.2.color.opacity - wanted.2.color.opacity) < 0.002
                    && found.2.color.red == wanted.2.color.red)
            #expect(found.2.color.blue == wanted.2.color.blue && found.2.color.green == wanted.2.color.green)
        }
    }

    @Test func aRegionsSetsMoveRecolourAndHideItsTextBackgroundAndPictures() throws {
        // From 2 s to 3 s the region moves to the top, from 3 s to 4 s its background is red, from
        // 4 s to 5 s it is not shown, then it is as it was.
        let picture = TTMLPictureTests.base64(try TTMLPictureTests.picture())
        let head = #"""
            <layout><region xml:id="r" tts:origin="10% 80%" tts:extent="80% 10%" tts:backgroundColor="blue">
            <set begin="2s" end="3s" tts:origin="10% 10%"/><set begin="3s" end="4s" tts:backgroundColor="red"/>
            <set begin="4s" dur="1s" tts:display="none"/></region></layout>
            """#
        let body = #"""
            <body><div region="r"><p begin="1s" end="6s">a</p>
            <div begin="1s" end="6s" smpte:backgroundImage="data:image/png;base64,\#(picture)"/></div></body>
            """#
        let document = Self.ttml(
            body: body, attributes: #"\#(TTMLPictureTests.smpte) tts:extent="640px 360px""#, head: head)
        let cues = try TTMLPictureTests.cues(document)
        let text = cues.filter { !$0.text.isEmpty }.sorted { $0.start < $1.start }
        #expect(text.map(\.start) == [1, 2, 3, 5] && text.map(\.end) == [2, 3, 4, 6])
        #expect(text.map { $0.placement?.y.map { ($0 * 100).rounded() } } == [80, 10, 80, 80])
        let pictures = cues.compactMap { cue in cue.bitmaps.first.map { (cue.start, cue.end, $0.y) } }
            .sorted { $0.0 < $1.0 }
        #expect(pictures.map(\.0) == [1, 2, 3, 5] && pictures.map(\.1) == [2, 3, 4, 6])
        #expect(pictures.map(\.2) == [288, 36, 288, 288])
        let boxes = cues.compactMap { cue in cue.regionBackground.map { (cue.start, cue.end, $0) } }
            .sorted { $0.0 < $1.0 }
        #expect(boxes.map(\.0) == [0, 2, 3, 5] && boxes.map(\.1) == [2, 3, 4, 6])
        #expect(boxes.map { ($0.2.y * 100).rounded() } == [80, 10, 80, 80])
        #expect(
            boxes.map(\.2.color) == [
                .init(hex: 0xFF), .init(hex: 0xFF), .init(hex: 0xFF0000), .init(hex: 0xFF),
            ])
    }

    @Test func theDefaultFamilyIsTheCaptionStylesFontEvenWithinAnotherFamily() throws {
        let body = #"""
            <body><div><p begin="1s" end="2s" tts:fontFamily="monospaceSerif">mono <span \#
            tts:fontFamily="default, serif">look <span tts:fontFamily="sansSerif">sans</span></span> \#
            <span tts:fontFamily="default">look</span></p>
            <p begin="2s" end="3s" tts:fontFamily="default">plain</p></div></body>
            """#
        let cues = SubtitleParser.parse(data: Data(Self.ttml(body: body)), format: .ttml).cues
        try #require(cues.count == 2)
        #expect(
            cues[0].spans == [
                SubtitleSpan(text: "mono ", fontFamily: "monospace"), SubtitleSpan(text: "look "),
                SubtitleSpan(text: "sans", fontFamily: "sans-serif"),
                SubtitleSpan(text: " ", fontFamily: "monospace"), SubtitleSpan(text: "look"),
            ])
        // Text in the caption style's font from the start is plain.
        #expect(cues[1].text == "plain" && cues[1].spans.isEmpty)
    }

    @Test func aTextOutlineLinesTheLettersOfWhatItAppliesTo() throws {
        // Of colour (the text's when left out) and thickness, in percent of the font size or in
        // pixels of the root's extent (32 px a cell), blurred by a radius when one is given (which
        // the text within keeps, unless its outline is another); "none" takes it off.
        let body = #"""
            <body><div><p begin="1s" end="2s" tts:textOutline="red 10% 2px">lined <span tts:color="lime" \#
            tts:fontSize="200%" tts:textOutline="4px">large</span> <span tts:textOutline="none">plain</span></p></div></body>
            """#
        let document = Self.ttml(body: body, attributes: #"tts:extent="640px 480px""#)
        let spans = try #require(SubtitleParser.parse(data: Data(document), format: .ttml).cues.first?.spans)
        #expect(spans.map(\.text) == ["lined ", "large", " ", "plain"])
        let red = SubtitleColor(hex: 0xFF0000)
        #expect(spans[0].outline == SubtitleOutline(color: red, width: 0.1, blur: 0.0625))
        #expect(spans[1].outline == SubtitleOutline(color: SubtitleColor(hex: 0x00FF00), width: 0.0625))
        #expect(spans[2].outline == spans[0].outline && spans[3].outline?.width == 0)
    }

    @Test func textThatIsNotDisplayedOrHiddenIsLeftOut() throws {
        // `display="none"` takes an element and all in it away (a region's: its paragraphs);
        // `visibility="hidden"` hides text, which a part made visible again shows.
        let head = #"<layout><region xml:id="off" tts:display="none"/></layout>"#
        let body = #"""
            <body><div>
              <p begin="1s" end="2s">Shown <span tts:display="none">not shown</span>too</p>
              <p begin="3s" end="4s" tts:visibility="hidden">Hidden <span tts:visibility="visible">seen</span></p>
              <p begin="5s" end="6s" region="off">In a region not shown</p>
            </div>
            <div tts:display="none"><p begin="7s" end="8s" tts:display="auto">In a div not shown</p></div></body>
            """#
        let cues = try TTMLDocument.cues(in: Self.ttml(body: body, head: head), location: "t.ttml")
        #expect(cues.map(\.text) == ["Shown too", "seen"])
    }

    @Test func preservedSpaceKeepsBlanksAndBreaksLinesAtLineFeeds() throws {
        // `xml:space="preserve"` is inherited: line feeds break lines and blanks stay; where it
        // is "default" again, blanks collapse.
        let body = """
            <body xml:space="preserve"><div><p begin="1s" end="2s">First  line
            second <span xml:space="default">is   one
            line</span></p></div></body>
            """
        let cues = try TTMLDocument.cues(in: Self.ttml(body: body), location: "t.ttml")
        #expect(cues.map(\.text) == ["First  line\nsecond is one line"])
    }

    @Test func sequentialTimeContainersPlaceTheirChildrenOneAfterAnother() throws {
        // A `seq` body: each paragraph begins where the one before ends, its `begin` and `end`
        // counting from there; one with no end of its own lasts as long as the window does, and
        // those after it never begin. A `seq` paragraph's spans follow one another (roll-up
        // captions); text outside them lasts no time there. A `seq` div ends with its last child.
        let body = #"""
            <body timeContainer="seq">
              <p dur="2s">One</p><p begin="1s" dur="1s">Two</p>
              <p timeContainer="seq" end="4s">ignored<span dur="1s">Three</span><span dur="2s">Four</span></p>
              <div timeContainer="seq" begin="1s"><p dur="1s">Five</p><p dur="1s">Six</p></div>
              <p>Seven</p><p dur="1s">Never</p>
            </body>
            """#
        let cues = try TTMLDocument.cues(in: Self.ttml(body: body), location: "t.ttml", within: 0..<20)
        #expect(
            cues.map { [$0.start, $0.end] } == [
                [0, 2], [3, 4], [4, 5], [5, 7], [9, 10], [10, 11], [11, 20],
            ])
        #expect(cues.map(\.text) == ["One", "Two", "Three", "Four", "Five", "Six", "Seven"])
        // Without a window, a paragraph with no end is left out.
        let open = try TTMLDocument.cues(in: Self.ttml(body: body), location: "t.ttml")
        #expect(open.map(\.text) == ["One", "Two", "Three", "Four", "Five", "Six"])
    }

    static let timeCodes: [(mode: String, code: String, seconds: Double)] = [
        // Non-drop time codes at 29.97 frames a second: 30 labels last 1.001 s.
        ("", "00:00:01:00", 1.001),
        // Drop-frame: the labels 00 and 01 of each minute but every tenth are skipped.
        (#"ttp:dropMode="dropNTSC""#, "00:01:00:02", 1800 * 1.001 / 30),
        (#"ttp:dropMode="dropNTSC""#, "00:10:00:00", 17982 * 1.001 / 30),
        // PAL-M drop-frame: 00 to 03 of each even minute but every twentieth; in 20 minutes as
        // many as NTSC's.
        (#"ttp:dropMode="dropPAL""#, "00:02:00:04", 3600 * 1.001 / 30),
        (#"ttp:dropMode="dropPAL""#, "00:20:00:00", 35964 * 1.001 / 30),
        (#"ttp:dropMode="dropNTSC""#, "00:20:00:00", 35964 * 1.001 / 30),
    ]

    @Test(arguments: timeCodes)
    func smpteTimeCodesCountTheirFramesAtTheTrueRate(_ mode: String, _ code: String, _ seconds: Double) throws
    {
        let attributes =
            #"ttp:timeBase="smpte" ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001" "# + mode
        let body = #"<body><p begin="\#(code)" end="100:00:00:00">x</p></body>"#
        let cues = try TTMLDocument.cues(
            in: Self.ttml(body: body, attributes: attributes), location: "t.ttml")
        #expect(abs(try #require(cues.first).start - seconds) < 1e-9, "\(code): \(cues)")
        // In media time, the same frames count at the rate alone.
        let media = #"ttp:frameRate="30" ttp:frameRateMultiplier="1000 1001""#
        let clock = try TTMLDocument.cues(
            in: Self.ttml(body: #"<body><p begin="00:00:01:00" end="2s">x</p></body>"#, attributes: media),
            location: "t.ttml")
        #expect(abs(try #require(clock.first).start - 1) < 1e-9)
    }

    static let regions: [(root: String, region: String, settings: String)] = [
        // Pixels of the root's extent: the region's bottom is at 90%.
        (
            #"tts:extent="1280px 720px""#, #"tts:origin="128px 576px" tts:extent="1024px 72px""#,
            "line:90.00%,end"
        ),
        // Cells of the default 32 by 15 grid, and of a stated one.
        ("", #"tts:origin="0c 12c" tts:extent="32c 2c""#, "line:93.33%,end"),
        (#"ttp:cellResolution="40 20""#, #"tts:origin="0c 10c" tts:extent="40c 8c""#, "line:90.00%,end"),
        // Pixels with no extent in pixels to count them in: the cue keeps its default place.
        ("", #"tts:origin="128px 576px" tts:extent="1024px 72px""#, ""),
    ]

    @Test(arguments: regions)
    func regionsInPixelsAndCellsPlaceTheirCues(_ root: String, _ region: String, _ settings: String) throws {
        let head = #"<layout><region xml:id="r" \#(region) tts:displayAlign="after"/></layout>"#
        let body = #"<body region="r"><p begin="1s" end="2s">x</p></body>"#
        let cues = try TTMLDocument.cues(
            in: Self.ttml(body: body, attributes: root, head: head), location: "t.ttml")
        #expect(cues.map(\.settings) == [settings])
    }

    @Test func malformedTTMLFailsWithTypedErrors() {
        let documents = [
            "not xml at all", "<tt><body><p begin=\"1s\">cut short",
            "<html><body/></html>", "<tt><body><p begin=\"soon\" end=\"2s\">x</p></body></tt>",
            "<tt><body><p begin=\"00:61:00\" end=\"2s\">x</p></body></tt>",
            // Times of day, and time codes that are labels only.
            "<tt timeBase=\"clock\"><body><p begin=\"10:00:00\" end=\"10:00:02\">x</p></body></tt>",
            "<tt timeBase=\"smpte\" markerMode=\"discontinuous\"><body><p begin=\"1s\" end=\"2s\">x</p></body></tt>",
            // A paragraph that changes more times than the player writes cues for.
            "<tt><body><p begin=\"0s\" end=\"9999s\">"
                + (0..<TTMLDocument.changeLimit).map { "<span begin=\"\($0)s\" dur=\"1s\">w</span>" }.joined()
                + "</p></body></tt>",
        ]
        for document in documents {
            #expect(throws: PlayerError.self, "\(document)") {
                try TTMLDocument.cues(in: Array(document.utf8), location: "bad.ttml")
            }
        }
        // Subtitles as images (IMSC 1.0's background images, IMSC 1.1's image elements).
        let images = [
            ##"<div begin="1s" end="2s" xmlns:smpte="http://www.smpte-ra.org/schemas/2052-1/2010/smpte-tt" smpte:backgroundImage="#i1"/>"##,
            ##"<div begin="1s" end="2s"><image src="#i1"/></div>"##,
        ]
        for image in images {
            #expect {
                try TTMLDocument.cues(in: Self.ttml(body: "<body>\(image)</body>"), location: "i.ttml")
            } throws: { error in
                guard case .unsupportedFormat(let reason) = error as? PlayerError else { return false }
                return reason.contains("as images")
            }
        }
        // Bytes that are not UTF-8 in a name (XMLParser traps on them when they reach it).
        let broken =
            Array(#"<tt><body><p begin="1s" e"#.utf8) + [0xFF, 0xFF]
            + Array(#"nd="2s">x</p></body></tt>"#.utf8)
        #expect(throws: PlayerError.self) { try TTMLDocument.cues(in: broken, location: "bad.ttml") }
    }

    @Test func webVTTInMP4GivesTheCuesOfItsSamplesJoinedAcrossThem() throws {
        let track = try MP4TextTrack(
            initialization: MP4Text.initialization(format: "wvtt"), location: "init.mp4")
        #expect(track.format == .webVTT && track.timescale == 1000 && track.trackID == 2)
        let segment = MP4Text.segment(
            decodeTime: 10_000,
            samples: [
                (500, MP4Text.webVTTSample([])),
                (1000, MP4Text.webVTTSample([("<i>first</i>", "line:0")])),
                (500, MP4Text.webVTTSample([("<i>first</i>", "line:0"), ("second", "")])),
                (1000, MP4Text.webVTTSample([])), (500, MP4Text.webVTTSample([("second", "")])),
            ])
        let cues = try track.cues(in: segment, location: "1.m4s")
        #expect(
            cues == [
                TimedTextCue(start: 10.5, end: 12, text: "<i>first</i>", settings: "line:0"),
                TimedTextCue(start: 11.5, end: 12, text: "second"),
                TimedTextCue(start: 13, end: 13.5, text: "second"),
            ])
    }

    @Test func ttmlInMP4GivesTheCuesOfEachSampleWithinIt() throws {
        let track = try MP4TextTrack(
            initialization: MP4Text.initialization(format: "stpp"), location: "init.mp4")
        #expect(track.format == .ttml)
        let cues = [("00:00:04.200", "00:00:04.800", "four"), ("00:00:05.500", "00:00:06.500", "across")]
        let segment = MP4Text.segment(
            decodeTime: 4000, samples: [(1000, MP4Text.ttml(cues)), (1000, MP4Text.ttml(Array(cues[1...])))])
        #expect(
            try track.cues(in: segment, location: "4.m4s") == [
                TimedTextCue(start: 4.2, end: 4.8, text: "four"),
                TimedTextCue(start: 5.5, end: 6, text: "across"),
            ])
    }

    @Test func ttmlInMP4ShowsThePicturesInItsSamplesSubsamples() throws {
        let track = try MP4TextTrack(
            initialization: MP4Text.initialization(format: "stpp"), location: "init.mp4")
        let red = try TestMedia.png(width: 2, height: 2) { _, _ in 0xFFFF_0000 }
        let blue = try TestMedia.png(width: 2, height: 2) { _, _ in 0xFF00_00FF }
        let document = Array(
            Self.ttml(
                body: #"""
                    <body><div begin="00:00:01.000" end="00:00:01.500" smpte:backgroundImage="urn:mpeg:14496-30:subs:1"/>
                    <div begin="00:00:01.500" end="00:00:02.000" smpte:backgroundImage="urn:mpeg:14496-30:subs:2"/></body>
                    """#,
                attributes: TTMLPictureTests.smpte + #" tts:extent="8px 8px""#))
        let segment = MP4Text.segment(
            decodeTime: 1000, samples: [(1000, document + red + blue)],
            subsamples: [[document.count, red.count, blue.count]])
        let cues = try track.cues(in: segment, location: "1.m4s", pictures: .local)
        #expect(cues.map(\.start) == [1, 1.5] && cues.map(\.end) == [1.5, 2])
        #expect(cues.map { $0.bitmaps.first?.pixels.first } == [0xFFFF_0000, 0xFF00_00FF])
        // Read for the player: cues of their pictures on its timeline.
        let shown = try HLSWebVTTSegment.cues(in: segment, of: track, origin: 1, location: "1.m4s")
        #expect(shown.map(\.start) == [0, 0.5] && shown.allSatisfy { $0.bitmaps.count == 1 })
        // A reference to a subsample the sample lacks leaves its picture out, and fails the
        // sample when it shows nothing else; subsamples beyond their sample fail the segment.
        let short = MP4Text.segment(
            decodeTime: 1000, samples: [(1000, document + red)], subsamples: [[document.count, red.count]])
        #expect(try track.cues(in: short, location: "1.m4s", pictures: .local).count == 1)
        let lacking = MP4Text.segment(
            decodeTime: 1000, samples: [(1000, document)], subsamples: [[document.count]])
        #expect {
            try track.cues(in: lacking, location: "1.m4s", pictures: .local)
        } throws: { error in
            guard case .unsupportedFormat(let message) = error as? PlayerError else { return false }
            return message.contains("names no subsample")
        }
        let beyond = MP4Text.segment(
            decodeTime: 1000, samples: [(1000, document + red)],
            subsamples: [[document.count, red.count + 1]])
        #expect(throws: PlayerError.self) {
            try track.cues(in: beyond, location: "1.m4s", pictures: .local)
        }
    }

    @Test func mp4TextThatCannotBeReadFailsWithTypedErrors() throws {
        #expect(throws: PlayerError.self) {
            try MP4TextTrack(initialization: Array("WEBVTT\n\n".utf8), location: "init.mp4")
        }
        #expect(throws: PlayerError.self) {
            // A video track's initialization segment holds no text track.
            try MP4TextTrack(
                initialization: MP4Text.initialization(format: "avc1"), location: "init.mp4")
        }
        let track = try MP4TextTrack(
            initialization: MP4Text.initialization(format: "wvtt"), location: "init.mp4")
        let segment = MP4Text.segment(decodeTime: 0, samples: [(1000, MP4Text.webVTTSample([("x", "")]))])
        // Cut inside its data: the sample lies past the end.
        #expect(throws: PlayerError.self) {
            try track.cues(in: Array(segment.dropLast(2)), location: "1.m4s")
        }
        // Another track's fragments give nothing.
        let other = MP4Text.segment(
            trackID: 7, decodeTime: 0, samples: [(1000, MP4Text.webVTTSample([("x", "")]))])
        #expect(try track.cues(in: other, location: "1.m4s").isEmpty)
        let ttml = try MP4TextTrack(
            initialization: MP4Text.initialization(format: "stpp"), location: "init.mp4")
        let broken = MP4Text.segment(decodeTime: 0, samples: [(1000, Array("<tt><body>".utf8))])
        #expect(throws: PlayerError.self) { try ttml.cues(in: broken, location: "1.m4s") }
    }

    /// Segments and TTML documents mutated byte by byte (seeded, as the subtitle fuzzing is) are
    /// read or refused with a typed error, never beyond their bytes, and what is read is cues that
    /// end after they begin.
    @Test func mutatedTextSegmentsAreReadOrRefused() throws {
        let track = try MP4TextTrack(
            initialization: MP4Text.initialization(format: "wvtt"), location: "i.mp4")
        let ttmlTrack = try MP4TextTrack(
            initialization: MP4Text.initialization(format: "stpp"), location: "i.mp4")
        let document = MP4Text.ttml([("00:00:01.000", "2s", "a <span>b</span>"), ("3s", "40000t", "c")])
        let seeds = [
            MP4Text.segment(
                decodeTime: 1000,
                samples: [(500, MP4Text.webVTTSample([("x", "line:0")])), (500, MP4Text.webVTTSample([]))]),
            MP4Text.segment(decodeTime: 1000, samples: [(3000, document)]), document,
            MP4Text.initialization(format: "wvtt"),
        ]
        var (read, refused) = (0, 0)
        for index in 0..<3_000 {
            var random = SeededRandom(seed: SubtitleFuzzTests.seed, stream: 7, index: UInt64(index))
            let seed = index % seeds.count
            var bytes = seeds[seed]
            for _ in 0..<random.int(in: 1...4) where !bytes.isEmpty {
                let place = random.int(in: 0...(bytes.count - 1))
                switch random.int(in: 0...2) {
                case 0: bytes[place] = UInt8(truncatingIfNeeded: random.int(in: 0...255))
                case 1: bytes.removeSubrange(place..<min(bytes.count, place + random.int(in: 1...16)))
                default: bytes.insert(contentsOf: [0xFF, 0xFF, 0xFF, 0xFF], at: place)
                }
            }
            do {
                let cues: [TimedTextCue]
                switch seed {
                case 0: cues = try track.cues(in: bytes, location: "m")
                case 1: cues = try ttmlTrack.cues(in: bytes, location: "m")
                case 2: cues = try TTMLDocument.cues(in: bytes, location: "m")
                default:
                    cues = try MP4TextTrack(initialization: bytes, location: "m").cues(
                        in: seeds[0], location: "m")
                }
                #expect(cues.allSatisfy { $0.end > $0.start && $0.start.isFinite }, "#\(index)")
                read += 1
            } catch {
                refused += 1
            }
        }
        #expect(read > 100 && refused > 100, "\(read) read, \(refused) refused")
    }
}
