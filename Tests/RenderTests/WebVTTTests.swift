import Testing
import VideoPlayerRender

@Suite struct WebVTTTests {
    static let typical: [(Double, Double, String)] = [
        (0, 1.234, "This is the first subtitle."), (2.345, 3.456, "This is the second subtitle."),
    ]

    @Test(arguments: ["typical.vtt", "with_bom.vtt", "typical_with_bad_timestamps.vtt"])
    func typicalFilesGiveTwoCues(_ name: String) throws {
        guard let document = try corpusSubtitles(name) else { return }
        #expect(document.format == .webVTT)
        expectCues(document.cues, Self.typical)
    }

    @Test func emptyFileHasNoCues() throws {
        guard let document = try corpusSubtitles("empty.vtt") else { return }
        #expect(document.cues.isEmpty)
    }

    @Test func overlappingCuesAreAllKeptAndShownTogether() throws {
        guard let document = try corpusSubtitles("with_overlapping_timestamps.vtt") else { return }
        expectCues(
            document.cues,
            [
                (0, 3, "Displayed at the bottom for 3 seconds."),
                (1, 2, "Appears directly above for 1 second."),
                (4, 6, "Displayed at the bottom for 2 seconds."),
                (5, 7, "Appears directly above the previous cue, then replaces it after 1 second."),
            ])
        #expect(document.activeCues(at: 1.5).map(\.start) == [0, 1])
        #expect(document.activeCues(at: 2).map(\.start) == [0])
        #expect(document.activeCues(at: 3.5).isEmpty)
        #expect(document.activeCues(at: 6.5).map(\.start) == [5])
        #expect(document.activeCues(at: 7).isEmpty)
        #expect(document.activeCues(at: -1).isEmpty)
    }

    @Test func cueSettingsAndNotesAreSkipped() throws {
        guard let document = try corpusSubtitles("with_positioning.vtt") else { return }
        let ordinals = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]
        let times: [(Double, Double)] = [
            (0, 1.234), (2.345, 3.456), (4, 5), (6, 7), (8, 9), (10, 11), (12, 13), (14, 15),
        ]
        let expected = zip(times, ordinals).map { ($0.0, $0.1, "This is the \($1) subtitle.") }
        expectCues(document.cues, expected)
        // A position without "%" is ignored; older drafts' start/middle/end qualifiers are read too.
        // The first cue's box is 35 % wide and ends at 60 %: its text starts at 25 %.
        let placements = [
            SubtitlePlacement(alignment: 1, x: 0.25, width: 0.35), SubtitlePlacement(alignment: 3),
            SubtitlePlacement(alignment: 2, y: 0.45), SubtitlePlacement(alignment: 2, y: 1 - 9 * 0.0533),
            SubtitlePlacement(alignment: 3), SubtitlePlacement(alignment: 2),
            SubtitlePlacement(alignment: 1, x: 0.2),
            SubtitlePlacement(alignment: 3, x: 0.7),
        ]
        for (cue, placement) in zip(document.cues, placements) {
            let found = try #require(cue.placement, "\(cue)")
            #expect(found.alignment == placement.alignment, "\(cue)")
            #expect(abs((found.x ?? -1) - (placement.x ?? -1)) < 1e-9, "\(cue)")
            #expect(abs((found.y ?? -1) - (placement.y ?? -1)) < 1e-9, "\(cue)")
            #expect(abs((found.width ?? -1) - (placement.width ?? -1)) < 1e-9, "\(cue)")
        }
    }

    @Test func tagsBecomeSpansEvenWhenMisNested() throws {
        guard let document = try corpusSubtitles("with_tags.vtt") else { return }
        let cues = document.cues
        expectCues(
            cues,
            [
                (0, 1.234, "This is the first subtitle."), (2.345, 3.456, "This is the second subtitle."),
                (4, 5, "This is the third subtitle."), (6, 7, "This is the <fourth> &subtitle."),
            ])
        #expect(
            cues.first?.spans == [
                SubtitleSpan(text: "This is the "), SubtitleSpan(text: "first", italic: true),
                SubtitleSpan(text: " subtitle."),
            ])
        #expect(
            cues.dropFirst().first?.spans.contains(SubtitleSpan(text: "second", bold: true, italic: true))
                == true)
        #expect(
            cues.dropFirst(2).first?.spans == [
                SubtitleSpan(text: "This is the "),
                SubtitleSpan(text: "third", color: SubtitleColor(hex: 0xFF0000)),
                SubtitleSpan(text: " subtitle."),
            ])
        #expect(cues.dropFirst(3).allSatisfy { $0.spans.isEmpty })
    }

    @Test func identifiersVoicesClassesAndNbspAreHandled() {
        let vtt = """
            WEBVTT
            Kind: captions

            STYLE
            ::cue { color: red }

            intro-1
            01:00:00.000 --> 01:00:01.000 line:0 align:start
            <v Roger Bingham>We are in <c.loud>New&nbsp;York</c>
            <00:00:00.500>second line

            """
        let document = SubtitleParser.parse(vtt)
        #expect(document.format == .webVTT)
        expectCues(document.cues, [(3600, 3601, "We are in New\u{A0}York\nsecond line")])
        let red = SubtitleColor(hex: 0xFF0000)
        #expect(
            document.cues.first?.spans == [
                SubtitleSpan(text: "We are in New\u{A0}York\nsecond line", color: red)
            ])
    }

    @Test func aStyleSheetStylesItsClassesAndAllCueText() {
        let vtt = """
            WEBVTT

            STYLE
            /* the look of the file */
            ::cue { font-family: "DejaVu Serif", serif; }
            ::cue(.big) { font-size: 150%; color: rgba(255, 255, 0, 0.5) }
            ::cue(.boxed), ::cue(c.note) {
              background-color: #0000ff80; font-weight: bold; text-decoration: underline !important
            }
            @media screen { ::cue(.big) { color: red } }
            ::cue(b) { color: green }
            ::cue(.look) { font-family: initial } ::cue(.same) { font-family: inherit }
            ::cue(.odd) { font-family: "a{b}" }

            00:01.000 --> 00:02.000
            plain <c.big>big <c.big>bigger</c></c> <c.note>note</c> <c.bg_red>red box</c> <c.look>look \
            <c.same>same</c></c> <c.odd>odd</c>

            STYLE
            ::cue { color: blue }

            00:03.000 --> 00:04.000
            after
            """
        let cues = SubtitleParser.parse(vtt).cues
        let serif = "DejaVu Serif"
        let yellow = SubtitleColor(hex: 0xFFFF00, opacity: 0.5)
        #expect(
            cues.first?.spans == [
                SubtitleSpan(text: "plain ", fontFamily: serif),
                SubtitleSpan(text: "big ", color: yellow, fontFamily: serif, fontScale: 1.5),
                SubtitleSpan(text: "bigger", color: yellow, fontFamily: serif, fontScale: 2.25),
                SubtitleSpan(text: " ", fontFamily: serif),
                SubtitleSpan(
                    text: "note", bold: true, underline: true,
                    background: SubtitleColor(hex: 0x0000FF, opacity: 128.0 / 255), fontFamily: serif),
                SubtitleSpan(text: " ", fontFamily: serif),
                SubtitleSpan(text: "red box", background: SubtitleColor(hex: 0xFF0000), fontFamily: serif),
                SubtitleSpan(text: " ", fontFamily: serif), SubtitleSpan(text: "look same"),
                SubtitleSpan(text: " odd", fontFamily: serif),
            ])
        // A style sheet after the first cue is passed over.
        #expect(cues.last?.spans == [SubtitleSpan(text: "after", fontFamily: serif)])
    }

    @Test func rulesStyleElementsVoicesAndCuesByTheirSelectorsMostSpecificLast() {
        let vtt = #"""
            WEBVTT

            STYLE
            ::cue(b) { color: green; font-weight: normal }
            ::cue(v[voice="Roger Bingham"]) { color: yellow }
            ::cue(v) { font-style: italic }
            ::cue(v.loud) { font-size: 150% }
            ::cue(#intro-1) { background-color: black }
            ::cue(#\31 23) { color: blue }
            ::cue(.x) { color: red }
            ::cue(c.x) { color: lime }
            ::cue(.x) { text-decoration: underline }
            ::cue(i.x) { font-weight: bold }
            ::cue(v c), ::cue(b:hover), ::cue(*), ::cue(u#intro-1) { color: purple }

            intro-1
            00:01.000 --> 00:02.000
            <v Roger Bingham>Hi <b>there</b></v> <v.loud Other>loud</v>

            123
            00:02.000 --> 00:03.000
            <c.x>lime</c> <i.x>red</i>

            00:03.000 --> 00:04.000
            <b><i>both</b> italic</i> <u>under</u></i></b> <c.yellow.bg_blue>boxed</c>
            """#
        let cues = SubtitleParser.parse(vtt).cues
        let (black, yellow) = (SubtitleColor(hex: 0), SubtitleColor(hex: 0xFFFF00))
        let (red, blue) = (SubtitleColor(hex: 0xFF0000), SubtitleColor(hex: 0x0000FF))
        #expect(
            cues.first?.spans == [
                SubtitleSpan(text: "Hi ", italic: true, color: yellow, background: black),
                SubtitleSpan(
                    text: "there", italic: true, color: SubtitleColor(hex: 0x008000), background: black),
                SubtitleSpan(text: " ", background: black),
                SubtitleSpan(text: "loud", italic: true, background: black, fontScale: 1.5),
            ])
        #expect(
            cues.dropFirst().first?.spans == [
                SubtitleSpan(text: "lime", underline: true, color: SubtitleColor(hex: 0x00FF00)),
                SubtitleSpan(text: " ", color: blue),
                SubtitleSpan(text: "red", bold: true, italic: true, underline: true, color: red),
            ])
        // An element ends at the close of its name; a close with nothing of its name open is
        // passed over.
        #expect(
            cues.last?.spans == [
                SubtitleSpan(text: "both", italic: true, color: SubtitleColor(hex: 0x008000)),
                SubtitleSpan(text: " italic", italic: true),
                SubtitleSpan(text: " "),
                SubtitleSpan(text: "under", underline: true),
                SubtitleSpan(text: " "),
                SubtitleSpan(text: "boxed", color: yellow, background: blue),
            ])
    }

    /// Selectors that join elements by descendant and child combinators, test the voice or
    /// language of a span, or ask for the language of its text; a comma within a quoted voice is
    /// part of it; pseudo-classes of time and `:not` are not read.
    @Test func combinatorsAttributesAndLanguagesSelectTheElementsTheyName() {
        let vtt = #"""
            WEBVTT

            STYLE
            ::cue(v[voice="Doe, Jane"]) { color: yellow }
            ::cue(v b) { color: lime }
            ::cue(v > i) { font-weight: bold }
            ::cue(c>i) { text-decoration: underline }
            ::cue(lang[lang|="fr"]) { font-style: italic }
            ::cue(:lang(de) c) { color: red }
            ::cue(v[voice^="Ro"]   .x) { background-color: blue }
            ::cue(v[voice~=Bingham]) { font-size: 150% }
            ::cue(b:past), ::cue(c:hover), ::cue(v >), ::cue(> b), ::cue(c[class]) { color: purple }

            00:01.000 --> 00:02.000
            <v Doe, Jane>Hi</v> <v Roger Bingham>a <b>b</b> <c><i>c</i></c> <i>d</i> <c.x>e</c></v>

            00:02.000 --> 00:03.000
            <lang fr-CA>bonjour</lang> <lang de>ja <c>rot</c></lang> <c>plain</c>
            """#
        let cues = SubtitleParser.parse(vtt).cues
        let (yellow, lime) = (SubtitleColor(hex: 0xFFFF00), SubtitleColor(hex: 0x00FF00))
        let (red, blue) = (SubtitleColor(hex: 0xFF0000), SubtitleColor(hex: 0x0000FF))
        #expect(
            cues.first?.spans == [
                SubtitleSpan(text: "Hi", color: yellow),
                SubtitleSpan(text: " "),
                SubtitleSpan(text: "a ", fontScale: 1.5),
                SubtitleSpan(text: "b", bold: true, color: lime, fontScale: 1.5),
                SubtitleSpan(text: " ", fontScale: 1.5),
                SubtitleSpan(text: "c", italic: true, underline: true, fontScale: 1.5),
                SubtitleSpan(text: " ", fontScale: 1.5),
                SubtitleSpan(text: "d", bold: true, italic: true, fontScale: 1.5),
                SubtitleSpan(text: " ", fontScale: 1.5),
                SubtitleSpan(text: "e", background: blue, fontScale: 1.5),
            ])
        #expect(
            cues.last?.spans == [
                SubtitleSpan(text: "bonjour", italic: true),
                SubtitleSpan(text: " ja "),
                SubtitleSpan(text: "rot", color: red),
                SubtitleSpan(text: " plain"),
            ])
    }

    /// Karaoke: the text and elements before a timestamp that has passed are `:past`, those after
    /// one still to come `:future`; the cue comes in a piece for each stretch between them.
    @Test func pastAndFutureStyleACueAnewAtEachOfItsTimestamps() {
        let vtt = """
            WEBVTT

            STYLE
            ::cue(:past) { color: yellow }
            ::cue(:future) { color: #808080 }
            ::cue(c.word:past) { font-weight: bold }

            00:01.000 --> 00:04.000
            Never <00:02.000><c.word>gonna</c> <00:03.000>give

            00:05.000 --> 00:06.000
            <00:04.000>before its start, and after its end<00:07.000>
            """
        let cues = SubtitleParser.parse(vtt).cues
        let (yellow, gray) = (SubtitleColor(hex: 0xFFFF00), SubtitleColor(hex: 0x808080))
        #expect(cues.map(\.start) == [1, 2, 3, 5])
        #expect(cues.map(\.end) == [2, 3, 4, 6])
        #expect(cues.prefix(3).allSatisfy { $0.text == "Never gonna give" })
        #expect(
            cues.map(\.spans) == [
                [SubtitleSpan(text: "Never "), SubtitleSpan(text: "gonna give", color: gray)],
                [
                    SubtitleSpan(text: "Never ", color: yellow), SubtitleSpan(text: "gonna "),
                    SubtitleSpan(text: "give", color: gray),
                ],
                [
                    SubtitleSpan(text: "Never ", color: yellow),
                    SubtitleSpan(text: "gonna", bold: true, color: yellow),
                    SubtitleSpan(text: " ", color: yellow), SubtitleSpan(text: "give"),
                ],
                // A timestamp before the cue's start has passed all along; one after its end never comes.
                [SubtitleSpan(text: "before its start, and after its end")],
            ])
        let document = SubtitleParser.parse(vtt)
        #expect(document.activeCues(at: 2.5).map(\.spans) == [cues[1].spans])
    }

    @Test func aCueIsStyledByTimeOnlyWhereTheSheetReadsTimeAndTheLookChanges() {
        func karaoke(_ count: Int) -> String {
            "a <c.x>b</c> "
                + (1...count).map { "<00:00:\(String(format: "%06.3f", 1 + Double($0) / 1_000))>w" }.joined()
        }
        func parse(_ css: String, _ text: String, times: Int = 1) -> [SubtitleCue] {
            let cue = "00:01.000 --> 00:09.000\n\(text)\n"
            return SubtitleParser.parse(
                "WEBVTT\n\nSTYLE\n\(css)\n\n" + String(repeating: cue + "\n", count: times)
            ).cues
        }
        // No rule reads the time: one cue, whatever its timestamps.
        #expect(parse("::cue(c) { color: red }", karaoke(300)).count == 1)
        // A rule reads it, but only of an element before every timestamp: the look changes once.
        let once = parse("::cue(c:past) { color: red }", karaoke(300))
        #expect(once.map(\.start) == [1, 1.001])
        #expect(
            once.last?.spans.contains(SubtitleSpan(text: "b", color: SubtitleColor(hex: 0xFF0000))) == true)
        // Text styled by time changes at every timestamp...
        let every = parse("::cue(:future) { color: red }", karaoke(80))
        #expect(every.count == 81)
        #expect(every.last?.end == 9)
        #expect(every.allSatisfy { $0.text == every[0].text })
        // ... up to 100 pieces a cue...
        #expect(parse("::cue(:future) { color: red }", karaoke(300)).count == 100)
        // ... and as long as a file's budget of text read again lasts (16 MiB): later cues come
        // whole.
        let long = karaoke(99) + String(repeating: " plain words", count: 16 * 1024)
        let many = parse("::cue(:future) { color: red }", long, times: 20)
        #expect(many.filter { $0.start == 1 }.count == 20)
        #expect(many.filter { $0.start == 1 && $0.end == 9 }.count == 19)
        #expect((21..<19 + 100).contains(many.count))
    }

    @Test func notMatchesWhatNoneOfItsCompoundsDoesAndCountsAsTheMostSpecific() {
        let vtt = """
            WEBVTT

            STYLE
            ::cue(c:not(.x, .y)) { color: red }
            ::cue(.x) { color: lime }
            ::cue(:not(c)) { text-decoration: underline }
            ::cue(c:not(:not(.y))) { font-weight: bold }
            ::cue(c:not(.y)) { background-color: blue }
            ::cue(c.y) { background-color: yellow }
            ::cue(c:not(.y, .y)) { font-style: italic }

            00:01.000 --> 00:02.000
            <c>a</c><c.x>b</c><c.y>c</c><b>d</b>
            """
        let (red, lime) = (SubtitleColor(hex: 0xFF0000), SubtitleColor(hex: 0x00FF00))
        let (blue, yellow) = (SubtitleColor(hex: 0x0000FF), SubtitleColor(hex: 0xFFFF00))
        // `c:not(.y)` and `c.y` are as specific: the later wins where both match, which they never do.
        #expect(
            SubtitleParser.parse(vtt).cues.first?.spans == [
                SubtitleSpan(text: "a", italic: true, color: red, background: blue),
                SubtitleSpan(text: "b", italic: true, color: lime, background: blue),
                SubtitleSpan(text: "c", bold: true, background: yellow),
                SubtitleSpan(text: "d", bold: true, underline: true),
            ])
    }

    /// `::cue-region` styles the text of the cues in a region, which `::cue` and the cue's own
    /// rules override, and fills the region's box while its cues show.
    @Test func cueRegionRulesStyleTheCuesOfARegionAndFillItsBox() {
        let vtt = """
            WEBVTT

            REGION
            id:fred width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90%

            REGION
            id:bill width:40% lines:3 regionanchor:100%,100% viewportanchor:90%,90%

            REGION
            id:plain width:50%

            STYLE
            ::cue-region { color: yellow; background-color: rgba(0, 0, 255, 0.5) }
            ::cue-region(#bill) { color: lime; font-size: 150% }
            ::cue-region(#plain) { background: transparent }
            ::cue-region(.x), ::cue-region(#), ::cue-region(fred) { color: red }
            ::cue { font-weight: bold }
            ::cue(.red) { color: red }

            00:01.000 --> 00:02.000 region:fred
            Fred <c.red>here</c>

            00:01.500 --> 00:03.000 region:fred
            Fred again

            00:02.000 --> 00:03.000 region:bill
            Bill

            00:04.000 --> 00:05.000
            nowhere

            00:04.000 --> 00:05.000 region:fred line:0
            out of its region

            00:06.000 --> 00:07.000 region:plain
            unboxed
            """
        let document = SubtitleParser.parse(vtt)
        let text = document.cues.filter { $0.regionBackground == nil }
        let (yellow, red) = (SubtitleColor(hex: 0xFFFF00), SubtitleColor(hex: 0xFF0000))
        #expect(
            text.map(\.spans) == [
                [
                    SubtitleSpan(text: "Fred ", bold: true, color: yellow),
                    SubtitleSpan(text: "here", bold: true, color: red),
                ],
                [SubtitleSpan(text: "Fred again", bold: true, color: yellow)],
                [SubtitleSpan(text: "Bill", bold: true, color: SubtitleColor(hex: 0x00FF00), fontScale: 1.5)],
                [SubtitleSpan(text: "nowhere", bold: true)],
                [SubtitleSpan(text: "out of its region", bold: true)],
                [SubtitleSpan(text: "unboxed", bold: true, color: yellow)],
            ])
        // Fred's box while either of its cues shows, Bill's while its one does; the plain region's
        // background is transparent.
        let blue = SubtitleColor(hex: 0x0000FF, opacity: 0.5)
        let top = 0.9 - 3 * 0.0533
        let boxes = document.cues.compactMap { cue in cue.regionBackground.map { (cue.start, cue.end, $0) } }
        #expect(boxes.map(\.0) == [1, 2] && boxes.map(\.1) == [3, 3])
        #expect(
            boxes.allSatisfy {
                $0.2.color == blue && $0.2.width == 0.4 && abs($0.2.height - 3 * 0.0533) < 1e-9
            })
        #expect(boxes.allSatisfy { abs($0.2.y - top) < 1e-9 })
        #expect(boxes.map { ($0.2.x * 10).rounded() } == [1, 5])
    }

    @Test func elementsNestedPastTheLimitKeepTheirTextAndTheOuterStyles() {
        let depth = 3_000  // far past the markup's limit of open elements
        let text =
            String(repeating: "<b><i>", count: depth) + "deep" + String(repeating: "</i></b>", count: depth)
        let cue = SubtitleParser.parse("WEBVTT\n\n00:01.000 --> 00:02.000\n\(text) after\n").cues.first
        #expect(cue?.text == "deep after")
        #expect(
            cue?.spans == [
                SubtitleSpan(text: "deep", bold: true, italic: true), SubtitleSpan(text: " after"),
            ])
    }

    @Test func aTextStrokeOutlinesTheLettersOfItsClass() {
        let vtt = """
            WEBVTT

            STYLE
            ::cue(.lined) { -webkit-text-stroke: 0.1em rgba(255, 0, 0, 0.5) }
            ::cue(.none) { -webkit-text-stroke: blue 0 }
            ::cue(.bad) { -webkit-text-stroke: 3px red }

            00:01.000 --> 00:02.000
            <c.lined>red</c> <c.none>none</c> <c.bad>bad</c>
            """
        #expect(
            SubtitleParser.parse(vtt).cues.first?.spans == [
                SubtitleSpan(
                    text: "red",
                    outline: SubtitleOutline(color: SubtitleColor(hex: 0xFF0000, opacity: 0.5), width: 0.1)),
                SubtitleSpan(text: " "),
                SubtitleSpan(
                    text: "none", outline: SubtitleOutline(color: SubtitleColor(hex: 0x0000FF), width: 0)),
                SubtitleSpan(text: " bad"),
            ])
    }

    @Test func aShadowUnderTheLettersBlursTheirStrokeOrIsAHaloOfItsOwn() {
        // A shadow with no offset and a radius in `em` blurs the stroke's edges (the first of a
        // list); alone, it is a line half as wide, blurred as far. One that is moved, or measured
        // in pixels, is passed over; "none" takes a blur away.
        let vtt = """
            WEBVTT

            STYLE
            ::cue(.soft) { -webkit-text-stroke: 0.1em red; text-shadow: rgba(0, 0, 0, 0.5) 0 0 0.05em, 1px 1px b }
            ::cue(.glow) { text-shadow: 0 0 0.2em blue }
            ::cue(.moved) { text-shadow: 0.1em 0.1em 0 black }
            ::cue(.px) { text-shadow: 0 0 4px black }
            ::cue(.sharp) { text-shadow: none }

            00:01.000 --> 00:02.000
            <c.soft>a<c.sharp>b</c></c><c.glow>c</c><c.moved>d</c><c.px>e</c>
            """
        let red = SubtitleColor(hex: 0xFF0000)
        #expect(
            SubtitleParser.parse(vtt).cues.first?.spans == [
                SubtitleSpan(text: "a", outline: SubtitleOutline(color: red, width: 0.1, blur: 0.05)),
                SubtitleSpan(text: "b", outline: SubtitleOutline(color: red, width: 0.1)),
                SubtitleSpan(
                    text: "c",
                    outline: SubtitleOutline(color: SubtitleColor(hex: 0xFF), width: 0.1, blur: 0.2)),
                SubtitleSpan(text: "de"),
            ])
    }

    @Test(arguments: [
        "::cue(.a) { color: nonsense; font-size: -5%; font-family: \"a{b\"; background: url(x.png) }",
        "::cue(.a { color: red",
        "}}} ::cue(.a) {{{ color: red",
        "/* never closed ::cue(.a) { color: red }",
        String(repeating: "::cue(.a) { color: ", count: 5_000),
        (0..<2_000).map { "::cue(.c\($0)) { color: red }" }.joined(separator: " "),
        #"::cue(#a.a), ::cue(c[voice), ::cue(.a:hover), ::cue(c .a), ::cue(.\), ::cue(.) { background: red }"#,
        "::cue(.a:not()), ::cue(:not(.a,)), ::cue(:not(.a .b)), ::cue(:not(.a) { background: red }",
        "::cue(.a" + String(repeating: ":not(", count: 5_000) + ".b" + String(repeating: ")", count: 5_000)
            + ") { background: red }",
        "::cue(#), ::cue(c[lang=\"en\"]), ::cue(span.a), ::cue(c[voice=\"a]) { font-size: 200% }",
    ])
    func aStyleSheetThatCannotBeReadStylesNothingAndLosesNoCue(_ css: String) {
        let vtt = "WEBVTT\n\nSTYLE\n\(css)\n\n00:01.000 --> 00:02.000\n<c.a>text</c>\n"
        let cue = SubtitleParser.parse(vtt).cues.first
        #expect(cue?.text == "text")
        #expect(
            cue?.spans.allSatisfy { $0.background == nil && $0.fontFamily == nil && $0.fontScale == nil }
                == true)
    }

    @Test(arguments: [
        ("line:0 align:start", SubtitlePlacement(alignment: 7, y: 0)),
        ("position:25% align:center line:10%", SubtitlePlacement(alignment: 8, x: 0.25, y: 0.1)),
        ("line:-3", SubtitlePlacement(alignment: 2, y: 1 - 2 * 0.0533)),
        ("align:end", SubtitlePlacement(alignment: 3)),
        // A 20 % box whose right edge is at 90 %, its text centred in it.
        (
            "line:50%,center position:90%,line-right size:20%",
            SubtitlePlacement(alignment: 5, x: 0.8, y: 0.5, width: 0.2)
        ),
        ("size:50%", SubtitlePlacement(alignment: 2, width: 0.5)),
        ("position:10% align:start size:150%", SubtitlePlacement(alignment: 1, x: 0.1)),
        ("line:-1 align:middle", SubtitlePlacement(alignment: 2)),
    ])
    func cueSettingsPlaceTheCue(settings: String, placement: SubtitlePlacement) throws {
        let vtt = "WEBVTT\n\n00:01.000 --> 00:02.000 \(settings)\nText\n"
        let cue = try #require(SubtitleParser.parse(vtt).cues.first)
        #expect(cue.text == "Text")
        let found = try #require(cue.placement)
        #expect(found.alignment == placement.alignment)
        #expect(
            abs((found.x ?? -1) - (placement.x ?? -1)) < 1e-9
                && abs((found.y ?? -1) - (placement.y ?? -1)) < 1e-9)
        #expect(abs((found.width ?? -1) - (placement.width ?? -1)) < 1e-9, "\(found)")
    }

    /// A region is a box on the picture: its cues sit on its bottom line, aligned in its width.
    @Test func regionsPlaceTheirCues() throws {
        let vtt = """
            WEBVTT

            REGION
            id:fred width:40% lines:3 regionanchor:0%,100% viewportanchor:10%,90%

            REGION
            id:bill width:40% lines:2
            regionanchor:100%,0% viewportanchor:90%,10%

            00:01.000 --> 00:02.000 region:fred align:left
            Fred

            00:01.000 --> 00:02.000 region:bill
            Bill

            00:01.000 --> 00:02.000 region:bill line:0
            Own line

            00:01.000 --> 00:02.000 region:nobody
            Nowhere

            """
        let cues = SubtitleParser.parse(vtt).cues
        #expect(cues.map(\.text) == ["Fred", "Bill", "Own line", "Nowhere"])
        let fred = try #require(cues.first?.placement)
        #expect(fred.alignment == 1 && fred.width == 0.4)
        #expect(abs((fred.x ?? -1) - 0.1) < 1e-9 && abs((fred.y ?? -1) - 0.9) < 1e-9)
        // Bill's top right corner is at (90 %, 10 %); two lines high, centred in its width.
        let bill = try #require(cues.dropFirst().first?.placement)
        #expect(bill.alignment == 2 && bill.width == 0.4)
        #expect(abs((bill.x ?? -1) - 0.7) < 1e-9 && abs((bill.y ?? -1) - (0.1 + 2 * 0.0533)) < 1e-9)
        // A cue placed by its own line leaves its region; an unknown region places nothing.
        #expect(cues.dropFirst(2).first?.placement == SubtitlePlacement(alignment: 8, y: 0))
        #expect(cues.last?.placement == nil)
    }

    @Test(arguments: ["", "line:abc position:200% foo:bar", "vertical:rl region:a", "line:99999"])
    func settingsThatPlaceNothingLeaveTheCueAtTheBottom(settings: String) throws {
        let vtt = "WEBVTT\n\n00:01.000 --> 00:02.000 \(settings)\nText\n"
        #expect(try #require(SubtitleParser.parse(vtt).cues.first).placement == nil)
    }

    @Test func colourClassesColourTheirText() {
        let vtt =
            "WEBVTT\n\n00:01.000 --> 00:02.000\n<c.yellow.bg_black>Yellow</c> <c.loud>same</c> <c.magenta>m</c>\n"
        #expect(
            SubtitleParser.parse(vtt).cues.first?.spans == [
                SubtitleSpan(text: "Yellow", color: SubtitleColor(hex: 0xFFFF00), background: .black),
                SubtitleSpan(text: " same "),
                SubtitleSpan(text: "m", color: SubtitleColor(hex: 0xFF00FF)),
            ])
    }

    @Test func cuesAreSortedByStartAndFoundByBinarySearch() {
        let vtt =
            "WEBVTT\n\n00:05.000 --> 00:06.000\nlate\n\n00:00.000 --> 01:00.000\nlong\n\n00:01.000 --> 00:02.000\nearly\n"
        let document = SubtitleParser.parse(vtt)
        #expect(document.cues.map(\.text) == ["long", "early", "late"])
        #expect(document.activeCues(at: 5.5).map(\.text) == ["long", "late"])
        #expect(document.activeCues(at: 30).map(\.text) == ["long"])
    }
}
