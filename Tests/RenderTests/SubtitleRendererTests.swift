import Foundation
import Testing
import VideoPlayerFixtures

@testable import VideoPlayerRender

/// libass draws the cues: styles, positions and colours as the script says, plain cues in the
/// default style, a new picture only when something changed.
@Suite struct SubtitleRendererTests {
    /// A script whose `Top` style is red, top-centred text, and whose `Default` is blue at the bottom.
    static let header = TestScript.header(
        width: 640, height: 360,
        styles: [
            .init(name: "Top", size: 40, colour: 0xFF0000, alignment: 8, marginV: 20),
            .init(name: "Default", size: 40, colour: 0x0000FF, alignment: 2, marginV: 20),
        ])

    @Test func styledEventsDrawWhereAndInTheColourTheirStyleSays() throws {
        let renderer = try SubtitleRenderer(header: Self.header)
        renderer.add([
            SubtitleCue(start: 1, end: 3, text: "Top", assEvent: "0,Top,,0,0,0,,HEADLINE"),
            SubtitleCue(start: 1, end: 3, text: "Bottom", assEvent: "0,Default,,0,0,0,,footer"),
        ])
        let picture = try #require(renderer.render(at: 2, frameWidth: 640, frameHeight: 360).picture)
        let red = picture.points { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
        let blue = picture.points { $0.blue > 200 && $0.red < 60 && $0.green < 60 }
        #expect(red.count > 100 && blue.count > 100)
        #expect(red.map(\.y).max()! < 100, "the top style's text lies in the top part")
        #expect(blue.map(\.y).min()! > 260, "the default style's text lies in the bottom part")
        let redCentre = Double(red.map(\.x).reduce(0, +)) / Double(red.count)
        #expect(abs(redCentre - 320) < 40, "centred: \(redCentre)")
    }

    @Test func overrideTagsPlaceAndColourText() throws {
        let renderer = try SubtitleRenderer(header: Self.header)
        renderer.add([
            SubtitleCue(
                start: 0, end: 5, text: "x",
                assEvent: "0,Default,,0,0,0,,{\\an7\\pos(40,200)\\c&H00FF00&}Green")
        ])
        let picture = try #require(renderer.render(at: 1, frameWidth: 1280, frameHeight: 720).picture)
        let green = picture.points { $0.green > 200 && $0.red < 60 && $0.blue < 60 }
        #expect(green.count > 100)
        // \pos is in script pixels (640x360): the frame is twice as large.
        #expect(abs(green.map(\.x).min()! - 80) < 12)
        #expect(abs(green.map(\.y).min()! - 400) < 40)
    }

    @Test func plainCuesUseTheDefaultBoxedStyleAtTheBottom() throws {
        let renderer = try SubtitleRenderer()
        renderer.add([SubtitleCue(start: 0, end: 2, text: "Hello {world}\nsecond line")])
        let picture = try #require(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture)
        #expect(picture.y > 180 && picture.y + picture.height <= 360)
        #expect(abs(Double(picture.x) + Double(picture.width) / 2 - 320) < 8)
        let white = picture.points { $0.red > 230 && $0.green > 230 && $0.blue > 230 }
        let box = picture.points { $0.alpha > 150 && $0.red < 30 }
        #expect(white.count > 100 && box.count > white.count)
        // Two lines of 6 % of the height each, plus the box.
        #expect(picture.height > 40)
    }

    /// A karaoke cue of a WebVTT file whose sheet colours the words sung: the yellow grows from
    /// the left at each timestamp, and what is still to come is grey.
    @Test func karaokeWordsTurnYellowAsTheirTimestampsPass() throws {
        let vtt = """
            WEBVTT

            STYLE
            ::cue(:past) { color: yellow }
            ::cue(:future) { color: #808080 }

            00:01.000 --> 00:05.000
            One <00:02.000>two <00:03.000>three <00:04.000>four
            """
        let renderer = try SubtitleRenderer()
        renderer.add(SubtitleParser.parse(vtt).cues)
        var (yellowEnds, greyCounts): ([Int], [Int]) = ([], [])
        for time in [1.5, 2.5, 3.5, 4.5] {
            let picture = try #require(renderer.render(at: time, frameWidth: 640, frameHeight: 360).picture)
            let yellow = picture.points { $0.red > 200 && $0.green > 200 && $0.blue < 60 }
            let grey = picture.points {
                (100...160).contains($0.red) && $0.red == $0.green && $0.green == $0.blue
            }
            yellowEnds.append(yellow.map(\.x).max() ?? 0)
            greyCounts.append(grey.count)
            if let firstGrey = grey.map(\.x).min(), let lastYellow = yellow.map(\.x).max() {
                #expect(lastYellow < firstGrey, "the sung words lie left of those to come, at \(time)")
            }
        }
        #expect(yellowEnds[0] == 0, "nothing is sung before the first timestamp")
        #expect(yellowEnds[1] > 0 && yellowEnds[1] < yellowEnds[2] && yellowEnds[2] < yellowEnds[3])
        // Fewer words are still to come each time; at the last, only the edges of white letters
        // are grey.
        #expect(
            zip(greyCounts, greyCounts.dropFirst()).allSatisfy { $0 > $1 } && greyCounts[3] < 100,
            "\(greyCounts)")
    }

    @Test func aPictureIsMadeOnlyWhenSomethingChanged() throws {
        let renderer = try SubtitleRenderer()
        renderer.add([SubtitleCue(start: 1, end: 2, text: "One")])
        #expect(renderer.render(at: 0.5, frameWidth: 320, frameHeight: 180) == (nil, false))
        let first = renderer.render(at: 1.2, frameWidth: 320, frameHeight: 180)
        #expect(first.changed && first.picture != nil)
        #expect(!renderer.render(at: 1.4, frameWidth: 320, frameHeight: 180).changed)
        #expect(renderer.render(at: 1.4, frameWidth: 640, frameHeight: 360).changed)
        renderer.add([SubtitleCue(start: 1, end: 2, text: "One")])
        #expect(!renderer.render(at: 1.5, frameWidth: 640, frameHeight: 360).changed, "added once")
        #expect(renderer.render(at: 2.5, frameWidth: 640, frameHeight: 360) == (nil, true))
    }

    /// A closed caption states no end until the next one is read: it shows while it is given, up
    /// to the end it is given later, and not at all once it is left out.
    @Test func aCueWithoutAnEndShowsUntilItGetsOneOrIsLeftOut() throws {
        let renderer = try SubtitleRenderer()
        let open = SubtitleCue(start: 1, end: .infinity, text: "Caption")
        renderer.add([open])
        #expect(renderer.render(at: 500, frameWidth: 320, frameHeight: 180).picture != nil)
        var closed = open
        closed.end = 2
        renderer.add([closed])
        #expect(renderer.render(at: 1.5, frameWidth: 320, frameHeight: 180).picture != nil)
        #expect(renderer.render(at: 2.5, frameWidth: 320, frameHeight: 180).picture == nil, "ended at 2 s")
        let other = SubtitleCue(start: 3, end: .infinity, text: "Later")
        renderer.add([other])
        #expect(renderer.render(at: 4, frameWidth: 320, frameHeight: 180).picture != nil)
        renderer.add([])
        #expect(renderer.render(at: 4, frameWidth: 320, frameHeight: 180).picture == nil, "left out")
    }

    /// A cue with a box (WebVTT's size, a region) wraps in it, and its box lies where its place says.
    @Test func aRegionsBackgroundFillsItsBoxBeneathTheText() throws {
        let renderer = try SubtitleRenderer()
        let blue = SubtitleColor(hex: 0x0000FF)
        // The box's cue comes after the text's, and still lies beneath it.
        renderer.add([
            SubtitleCue(start: 0, end: 2, text: "Hello"),
            SubtitleCue(
                start: 0, end: 3, text: "",
                regionBackground: SubtitleRegionBackground(
                    x: 0.1, y: 0.7, width: 0.8, height: 0.25, color: blue)),
        ])
        let picture = try #require(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture)
        let filled = picture.points { $0.blue > 200 && $0.red < 60 && $0.green < 60 && $0.alpha > 200 }
        #expect(abs(filled.map(\.x).min()! - 64) <= 1 && abs(filled.map(\.x).max()! - 575) <= 1)
        #expect(abs(filled.map(\.y).min()! - 252) <= 1 && abs(filled.map(\.y).max()! - 341) <= 1)
        let white = picture.points { $0.red > 230 && $0.green > 230 && $0.blue > 230 }
        #expect(white.filter { (252...341).contains($0.y) }.count > 100, "the text over the box")
        // After the text's end the box shows alone, and after its own end nothing does.
        let alone = try #require(renderer.render(at: 2.5, frameWidth: 640, frameHeight: 360).picture)
        #expect(alone.points { $0.red > 230 && $0.green > 230 }.isEmpty)
        #expect(renderer.render(at: 3.5, frameWidth: 640, frameHeight: 360).picture == nil)
    }

    /// A WebVTT file with `cues` in the region "talk": 60 % of the picture wide from 20 % across,
    /// `lines` high, its bottom line at 90 % down (324 pixels of 360).
    static func regionFile(lines: Int, cues: String) -> String {
        """
        WEBVTT

        REGION
        id:talk width:60% lines:\(lines) regionanchor:0%,100% viewportanchor:20%,90%

        \(cues)
        """
    }

    /// Two cues of the region "talk": a yellow one aligned left from 1 s to 4 s, and a cyan one
    /// aligned right from 2 s to 5 s.
    static let leftAboveRight = """
        00:01.000 --> 00:04.000 region:talk align:left
        <c.yellow>First cue</c>

        00:02.000 --> 00:05.000 region:talk align:right
        <c.cyan>Second</c>
        """

    /// The pixels of `picture` in the colours the region tests give their cues' text (WebVTT's
    /// `yellow`, `cyan` and `magenta` classes), by name.
    static func cueColours(in picture: SubtitlePicture) -> [String: [SubtitlePicture.Pixel]] {
        [
            "yellow": picture.points { $0.red > 200 && $0.green > 200 && $0.blue < 60 },
            "cyan": picture.points { $0.red < 60 && $0.green > 200 && $0.blue > 200 },
            "magenta": picture.points { $0.red > 200 && $0.green < 60 && $0.blue > 200 },
        ]
    }

    /// The cues of a WebVTT region that show at once stack on its bottom line, the newest lowest,
    /// each aligned as it says; lines above the region's last are not drawn. The cues are given all
    /// at once, or as they become active, as a player gives them.
    @Test(arguments: [false, true])
    func cuesOfARegionStackTheNewestLowestWithinItsLines(asTheyShow: Bool) throws {
        let vtt = Self.regionFile(
            lines: 2,
            cues: Self.leftAboveRight + """


                00:03.000 --> 00:06.000 region:talk align:left
                <c.magenta>Third one</c>
                """)
        let renderer = try SubtitleRenderer()
        let document = SubtitleParser.parse(vtt)
        if !asTheyShow { renderer.add(document.cues) }
        func colours(at time: Double) throws -> [String: [SubtitlePicture.Pixel]] {
            if asTheyShow { renderer.add(document.activeCues(at: time)) }
            return Self.cueColours(
                in: try #require(renderer.render(at: time, frameWidth: 640, frameHeight: 360).picture))
        }
        // The region's bottom line is at 324 pixels, its left edge at 128 and its right at 512.
        let alone = try colours(at: 1.5)
        let first = try #require(alone["yellow"])
        #expect(
            first.count > 50 && abs(first.map(\.y).max()! - 320) < 8 && abs(first.map(\.x).min()! - 128) < 8)
        let two = try colours(at: 2.5)
        let (above, below) = try (#require(two["yellow"]), #require(two["cyan"]))
        #expect(above.count > 50 && below.count > 50)
        #expect(above.map(\.y).max()! < below.map(\.y).min()!, "the newer cue lies below the older")
        #expect(abs(below.map(\.y).max()! - 320) < 8, "on the region's bottom line")
        #expect(abs(below.map(\.x).max()! - 512) < 8 && abs(above.map(\.x).min()! - 128) < 8, "each aligned")
        // Three cues in two lines: the oldest is above them, not drawn.
        let three = try colours(at: 3.5)
        #expect(three["yellow"]?.isEmpty == true)
        #expect(three["cyan"]!.map(\.y).max()! < three["magenta"]!.map(\.y).min()!)
        #expect(abs(three["magenta"]!.map(\.y).max()! - 320) < 8)
        // As cues end, the rest stay in their order; the last shows alone on the bottom line.
        let after = try colours(at: 4.5)
        #expect(after["cyan"]!.map(\.y).max()! < after["magenta"]!.map(\.y).min()!)
        let last = try colours(at: 5.5)
        #expect(last["cyan"]?.isEmpty == true && abs(last["magenta"]!.map(\.y).max()! - 320) < 8)
    }

    /// The cues of a region share one window, the region's box, whatever their alignments: it
    /// surrounds a cue aligned left above one aligned right.
    @Test func theCuesOfARegionShareItsWindowWhateverTheirAlignment() throws {
        let vtt = Self.regionFile(lines: 2, cues: Self.leftAboveRight)
        var look = PlainCueLook()
        look.window = SubtitleColor(hex: 0x0000FF)
        let renderer = try SubtitleRenderer()
        renderer.setHeader(look.header(), plainLook: look)
        renderer.add(SubtitleParser.parse(vtt).cues)
        let picture = try #require(renderer.render(at: 2.5, frameWidth: 640, frameHeight: 360).picture)
        let window = picture.points { $0.red < 40 && $0.green < 40 && $0.blue > 200 }
        let colours = Self.cueColours(in: picture)
        let (yellow, cyan) = (colours["yellow"]!, colours["cyan"]!)
        try #require(window.count > 1_000 && yellow.count > 50 && cyan.count > 50)
        let (xs, ys) = (window.map(\.x), window.map(\.y))
        // The region runs from 128 to 512 pixels across, its bottom line at 324.
        #expect(xs.min()! < 128 && xs.max()! > 512, "\(xs.min()!)...\(xs.max()!)")
        for (name, text) in [("left", yellow), ("right", cyan)] {
            #expect(xs.min()! < text.map(\.x).min()! && xs.max()! > text.map(\.x).max()!, "\(name)")
            #expect(ys.min()! < text.map(\.y).min()! && ys.max()! > text.map(\.y).max()!, "\(name)")
        }
        // Once the upper cue ends, the window stays the region's.
        let later = try #require(renderer.render(at: 4.5, frameWidth: 640, frameHeight: 360).picture)
        let stays = later.points { $0.red < 40 && $0.green < 40 && $0.blue > 200 }.map(\.x)
        #expect(stays.min()! < 128 && stays.max()! > 512)
    }

    /// A cue of a region cut in two where a segment ends keeps its place in the stack: a cue that
    /// came on screen after its first piece stays below its second.
    @Test(arguments: [false, true])
    func aCueOfARegionCutInTwoKeepsItsPlaceInTheStack(asTheyShow: Bool) throws {
        let vtt = Self.regionFile(
            lines: 3,
            cues: """
                00:01.000 --> 00:03.000 region:talk
                <c.yellow>First cue</c>

                00:02.000 --> 00:06.000 region:talk
                <c.cyan>Second</c>

                00:03.000 --> 00:05.000 region:talk
                <c.yellow>First cue</c>
                """)
        let renderer = try SubtitleRenderer()
        let document = SubtitleParser.parse(vtt)
        #expect(document.cues.count == 3 && document.cues[0].isContinued(by: document.cues[2]))
        if !asTheyShow { renderer.add(document.cues) }
        func rows(at time: Double) throws -> (yellow: [Int], cyan: [Int]) {
            if asTheyShow { renderer.add(document.activeCues(at: time)) }
            let colours = Self.cueColours(
                in: try #require(renderer.render(at: time, frameWidth: 640, frameHeight: 360).picture))
            return (colours["yellow"]!.map(\.y), colours["cyan"]!.map(\.y))
        }
        for time in [2.5, 3.5, 4.5] {
            let (yellow, cyan) = try rows(at: time)
            #expect(yellow.count > 50 && cyan.count > 50, "both show at \(time)")
            #expect(yellow.max() ?? .max < cyan.min() ?? 0, "the first cue stays above at \(time)")
            #expect(abs((cyan.max() ?? 0) - 320) < 8, "the second is on the bottom line at \(time)")
        }
        let alone = try rows(at: 5.5)
        #expect(alone.yellow.isEmpty && abs((alone.cyan.max() ?? 0) - 320) < 8)
    }

    @Test func aCueWithABoxWrapsInIt() throws {
        let text = "one two three four five six seven eight nine ten eleven twelve"
        func picture(_ placement: SubtitlePlacement?) throws -> SubtitlePicture {
            let renderer = try SubtitleRenderer()
            renderer.add([SubtitleCue(start: 0, end: 2, text: text, placement: placement)])
            return try #require(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture)
        }
        let whole = try picture(nil)
        let boxed = try picture(SubtitlePlacement(alignment: 2, width: 0.3))
        // The box is 192 pixels wide; the line boxes pad the text on each side.
        #expect(
            boxed.width <= 216 && boxed.height > whole.height,
            "\(boxed.width)x\(boxed.height) vs \(whole.width)x\(whole.height)")
        #expect(abs(Double(boxed.x) + Double(boxed.width) / 2 - 320) < 12, "centred like the box")
        // A box from 60 % to 90 %, its text starting at its left edge.
        let left = try picture(SubtitlePlacement(alignment: 1, x: 0.6, width: 0.3))
        #expect(abs(left.x - 384) < 12 && left.x + left.width <= 384 + 216, "\(left.x)+\(left.width)")
    }

    @Test func aNewHeaderStartsAFreshTrack() throws {
        let renderer = try SubtitleRenderer()
        renderer.add([SubtitleCue(start: 0, end: 9, text: "Old")])
        #expect(renderer.render(at: 1, frameWidth: 320, frameHeight: 180).picture != nil)
        renderer.setHeader(Self.header)
        #expect(renderer.render(at: 1, frameWidth: 320, frameHeight: 180).picture == nil)
    }

    /// The font file an attachment would carry: one of the fonts every machine of the project has.
    static let fontFile = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")

    @Test func attachedFontsDrawTheTextThatNamesThem() throws {
        let cue = SubtitleCue(
            start: 0, end: 9, text: "x", assEvent: "0,Top,,0,0,0,,{\\fnDejaVu Sans Mono}Mono")
        // Without fontconfig, a script's text draws only in the fonts it was given.
        let renderer = try SubtitleRenderer(header: Self.header, systemFonts: false)
        renderer.add([cue])
        #expect(renderer.render(at: 1, frameWidth: 320, frameHeight: 180).picture == nil)
        renderer.addFont(named: "DejaVuSansMono.ttf", data: [UInt8](try Data(contentsOf: Self.fontFile)))
        let picture = try #require(renderer.render(at: 1, frameWidth: 320, frameHeight: 180).picture)
        #expect(picture.points { $0.red > 200 }.count > 50)
    }

    @Test func hostileScriptsDrawOrSkipWithoutCrashing() throws {
        let renderer = try SubtitleRenderer(
            header: "[Script Info]\nPlayResY: -5\n[V4+ Styles]\nStyle: broken")
        renderer.add([
            SubtitleCue(start: 0, end: 9, text: "a", assEvent: "0,Nope,,0,0,0,,{\\fs100000}huge"),
            SubtitleCue(start: 0, end: 9, text: "b", assEvent: ""),
            SubtitleCue(start: 0, end: 9, text: "c", assEvent: "garbage without fields"),
            SubtitleCue(start: .nan, end: .infinity, text: "d"),
        ])
        renderer.add((0..<2000).map { SubtitleCue(start: 0, end: 9, text: "many \($0)") })
        // A play height libass would misread as negative is left out, so the caps still hold.
        renderer.setHeader(
            Self.header.replacingOccurrences(of: "PlayResY: 360", with: "PlayResY: 18991683374463617694"))
        renderer.add([
            SubtitleCue(start: 0, end: 9, text: "e", assEvent: "0,Top,,0,0,0,,{\\fs1e9\\bord9999}big")
        ])
        _ = renderer.render(at: 1, frameWidth: 320, frameHeight: 180)
        _ = renderer.render(at: .nan, frameWidth: 320, frameHeight: 180)
        _ = renderer.render(at: 1, frameWidth: 0, frameHeight: -1)
    }
}

extension SubtitlePicture {
    struct Pixel {
        let x: Int
        let y: Int
        let alpha: UInt32
        let red: UInt32
        let green: UInt32
        let blue: UInt32
    }

    /// The frame positions of the pixels matching `test`, colours un-premultiplied.
    func points(where test: (Pixel) -> Bool) -> [Pixel] {
        var found: [Pixel] = []
        for row in 0..<height {
            for column in 0..<width {
                let value = pixels[row * width + column]
                let alpha = value >> 24
                guard alpha > 0 else { continue }
                func straight(_ shift: UInt32) -> UInt32 { min(255, ((value >> shift) & 0xFF) * 255 / alpha) }
                let pixel = Pixel(
                    x: x + column, y: y + row, alpha: alpha, red: straight(16), green: straight(8),
                    blue: straight(0))
                if test(pixel) { found.append(pixel) }
            }
        }
        return found
    }
}
