import Foundation
import Testing
import VideoPlayerFixtures

@testable import VideoPlayerRender

/// Plain cues drawn in the look a viewer chose: text colour and opacity, a box behind each line, a
/// window around the caption, edges, size, font and small capitals, each where libass draws it.
@Suite struct PlainCueLookTests {
    static let cue = SubtitleCue(start: 0, end: 5, text: "Hello Mag")

    /// `cue` drawn in `look` at 1 s in a 640x360 frame.
    private func draw(_ look: PlainCueLook, cue: SubtitleCue = cue) throws -> SubtitlePicture {
        let renderer = try SubtitleRenderer()
        renderer.setHeader(look.header(), plainLook: look)
        renderer.add([cue])
        return try #require(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture)
    }

    private func mean<Value: BinaryInteger>(_ values: [Value]) -> Double {
        values.reduce(0.0) { $0 + Double($1) } / Double(max(values.count, 1))
    }

    @Test func theDefaultLookIsOneEventOfWhiteTextOnItsBox() throws {
        #expect(PlainCueLook().events(for: Self.cue) == ["0,Default,,0,0,0,,Hello Mag"])
        let picture = try draw(PlainCueLook())
        #expect(picture.points { $0.red > 230 && $0.green > 230 && $0.blue > 230 }.count > 100)
        let box = picture.points { $0.red < 30 && $0.green < 30 && $0.blue < 30 }
        #expect(abs(mean(box.map(\.alpha)) - 0.7 * 255) < 12, "the box is 70 % opaque")
    }

    @Test func theTextTakesItsColourAndOpacity() throws {
        var look = PlainCueLook()
        look.text = SubtitleColor(hex: 0xFFFF00, opacity: 0.5)
        look.background = .black.opacity(0)
        let picture = try draw(look)
        let yellow = picture.points { $0.red > 200 && $0.green > 200 && $0.blue < 60 }
        #expect(yellow.count > 100)
        #expect(abs(Double(yellow.map(\.alpha).max() ?? 0) - 128) < 8, "half opaque at most")
        #expect(picture.points { $0.red < 30 && $0.green < 30 && $0.blue < 30 && $0.alpha > 40 }.isEmpty)
    }

    @Test func aLineBoxAndAnOutlineShowTogether() throws {
        var look = PlainCueLook()
        look.background = SubtitleColor(hex: 0x0000FF)
        look.edge = .outline
        look.edgeColor = SubtitleColor(hex: 0xFF0000)
        #expect(look.events(for: Self.cue).count == 2)
        let picture = try draw(look)
        let white = picture.points { $0.red > 230 && $0.green > 230 && $0.blue > 230 }
        let red = picture.points { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
        let blue = picture.points { $0.blue > 200 && $0.red < 60 && $0.green < 60 && $0.alpha > 250 }
        #expect(white.count > 100 && red.count > 100 && blue.count > white.count)
    }

    @Test func theWindowSurroundsTheLineBoxes() throws {
        var look = PlainCueLook()
        look.background = SubtitleColor(hex: 0x0000FF)
        look.window = SubtitleColor(hex: 0x00FF00, opacity: 0.8)
        let picture = try draw(look, cue: SubtitleCue(start: 0, end: 5, text: "A longer first line\nshort"))
        let green = picture.points { $0.green > 200 && $0.red < 60 && $0.blue < 60 }
        let blue = picture.points { $0.blue > 200 && $0.red < 60 && $0.green < 60 }
        let greenXs = green.map(\.x)
        let blueXs = blue.map(\.x)
        let greenYs = green.map(\.y)
        let blueYs = blue.map(\.y)
        #expect(!green.isEmpty && !blue.isEmpty)
        #expect((greenXs.min() ?? 0) < (blueXs.min() ?? 0) && (greenXs.max() ?? 0) > (blueXs.max() ?? 0))
        #expect((greenYs.min() ?? 0) < (blueYs.min() ?? 0) && (greenYs.max() ?? 0) > (blueYs.max() ?? 0))
        // Around the short second line, the window shows where its line box does not reach.
        #expect(green.count > 1_000, "\(green.count)")
    }

    @Test(arguments: [PlainCueLook.Edge.raised, .depressed, .dropShadow])
    func edgesLieWhereTheLightComesFrom(_ edge: PlainCueLook.Edge) throws {
        var look = PlainCueLook()
        look.text = SubtitleColor(hex: 0xFF0000)
        look.background = .black.opacity(0)
        look.edge = edge
        look.fontSize = 0.15
        let picture = try draw(look)
        let dark = picture.points { $0.red < 40 && $0.green < 40 && $0.blue < 40 && $0.alpha > 200 }
        let light = picture.points { $0.red > 220 && $0.green > 220 && $0.blue > 220 && $0.alpha > 200 }
        let red = picture.points { $0.red > 200 && $0.green < 60 && $0.blue < 60 && $0.alpha > 200 }
        #expect(dark.count > 50, "\(edge): \(dark.count) dark pixels")
        let redMiddle = mean(red.map(\.y))
        switch edge {
        case .raised:
            #expect(mean(light.map(\.y)) < redMiddle && mean(dark.map(\.y)) > redMiddle)
        case .depressed:
            #expect(mean(light.map(\.y)) > redMiddle && mean(dark.map(\.y)) < redMiddle)
        default:
            #expect(
                light.isEmpty && mean(dark.map(\.y)) > redMiddle && mean(dark.map(\.x)) > mean(red.map(\.x)))
        }
    }

    @Test func sizeFontAndSmallCapitals() throws {
        var look = PlainCueLook()
        func textHeight(_ picture: SubtitlePicture) -> Int {
            let rows = picture.points { $0.red > 230 && $0.green > 230 && $0.blue > 230 }.map(\.y)
            return (rows.max() ?? 0) - (rows.min() ?? 0)
        }
        let normal = try draw(look)
        look.fontSize = 0.12
        let large = try draw(look)
        #expect(Double(textHeight(large)) > 1.8 * Double(textHeight(normal)), "\(textHeight(large))")
        look.fontName = "monospace"
        look.smallCapitals = true
        #expect(
            look.events(for: Self.cue) == [
                "0,Default,,0,0,0,,H{\\fscx80\\fscy80}ELLO{\\fscx100\\fscy100} M{\\fscx80\\fscy80}AG{\\fscx100\\fscy100}"
            ])
        let capitals = try draw(look)
        #expect(textHeight(capitals) < textHeight(large), "no descender below the capitals")
        #expect(
            PlainCueLook().text(of: SubtitleCue(start: 0, end: 1, text: "{x}"))
                == "\\{x\\}")
    }

    @Test func aFontNameCannotAddLinesOrFieldsToTheScript() throws {
        var look = PlainCueLook()
        look.fontName = "Evil\nStyle: Default,Arial,200\r,x"
        let header = look.header()
        #expect(header.components(separatedBy: "\n").filter { $0.hasPrefix("Style:") }.count == 4)
        #expect(header.contains("Style: Default,Evil Style: Default Arial 200  x,"))
        #expect(try draw(look).points { $0.red > 230 && $0.green > 230 && $0.blue > 230 }.count > 100)
    }

    @Test func aColouredRunIsDrawnInItsColourAndTheRestInTheLooks() throws {
        let cue = SubtitleCue(
            start: 0, end: 5, text: "Red white",
            spans: [
                SubtitleSpan(text: "Red", color: SubtitleColor(hex: 0xFF0000)), SubtitleSpan(text: " white"),
            ])
        var look = PlainCueLook()
        look.text = SubtitleColor(hex: 0x00FFFF)
        #expect(look.events(for: cue) == ["0,Default,,0,0,0,,{\\1c&H0000FF&}Red{\\1c&HFFFF00&} white"])
        let picture = try draw(look, cue: cue)
        let red = picture.points { $0.red > 220 && $0.green < 40 && $0.blue < 40 }
        let cyan = picture.points { $0.red < 40 && $0.green > 220 && $0.blue > 220 }
        #expect(red.count > 50 && cyan.count > 50)
        #expect((red.map(\.x).max() ?? 0) < (cyan.map(\.x).min() ?? 0), "the red word comes first")
    }

    @Test func aRunsBoxFontAndSizeAreDrawnAndTheRestInTheLooks() throws {
        let cue = SubtitleCue(
            start: 0, end: 5, text: "Big boxed",
            spans: [
                SubtitleSpan(text: "Big", fontFamily: "mono{space}\\", fontScale: 2), SubtitleSpan(text: " "),
                SubtitleSpan(text: "boxed", background: SubtitleColor(hex: 0x0000FF)),
            ])
        #expect(
            PlainCueLook().events(for: cue) == [
                "0,Default,,0,0,0,,{\\fnmonospace\\fs34.56}Big{\\fnDejaVu Sans\\fs17.28} "
                    + "{\\3c&HFF0000&\\3a&H00&}boxed{\\3c&H000000&\\3a&H4C&}"
            ])
        // The run's box shows on a look that draws none, with the letters' edge over it.
        var look = PlainCueLook()
        look.background = .black.opacity(0)
        look.edge = .outline
        look.edgeColor = SubtitleColor(hex: 0xFF0000)
        #expect(look.events(for: cue).map { $0.prefix(9) } == ["1,LineBox", "2,Text,,0"])
        for look in [PlainCueLook(), look] {
            let picture = try draw(look, cue: cue)
            let blue = picture.points { $0.blue > 200 && $0.red < 60 && $0.green < 60 && $0.alpha > 250 }
            let white = picture.points { $0.red > 230 && $0.green > 230 && $0.blue > 230 }
            let boxStart = try #require(blue.map(\.x).min())
            #expect(blue.count > 300)
            func height(_ points: [SubtitlePicture.Pixel]) -> Int {
                (points.map(\.y).max() ?? 0) - (points.map(\.y).min() ?? 0)
            }
            let big = white.filter { $0.x < boxStart }
            let boxed = white.filter { $0.x > boxStart }
            #expect(
                Double(height(big)) > 1.6 * Double(height(boxed)), "\(height(big)) against \(height(boxed))")
            #expect(!boxed.isEmpty)
        }
    }

    @Test func anOutlinedRunIsDrawnWithItsLineOverTheLooksBox() throws {
        let cue = SubtitleCue(
            start: 0, end: 5, text: "Lined plain",
            spans: [
                SubtitleSpan(
                    text: "Lined", outline: SubtitleOutline(color: SubtitleColor(hex: 0xFF0000), width: 0.1)),
                SubtitleSpan(text: " plain"),
            ])
        #expect(
            PlainCueLook().events(for: cue) == [
                "1,LineBox,,0,0,0,,Lined plain",
                "2,Text,,0,0,0,,{\\bord1.73\\3c&H0000FF&\\3a&H00&}Lined{\\bord0.00\\3c&H000000&\\3a&H00&} plain",
            ])
        let picture = try draw(PlainCueLook(), cue: cue)
        let red = picture.points { $0.red > 200 && $0.green < 60 && $0.blue < 60 && $0.alpha > 200 }
        let white = picture.points { $0.red > 230 && $0.green > 230 && $0.blue > 230 }
        let box = picture.points { $0.red < 30 && $0.green < 30 && $0.blue < 30 && $0.alpha > 150 }
        #expect(red.count > 100 && white.count > 100 && box.count > 100)
        // The line is around the first word only.
        let redEnd = try #require(red.map(\.x).max())
        #expect(white.contains { $0.x > redEnd + 10 }, "the plain word is right of the lined one")
    }

    @Test func aBlurredOutlineFadesOutAroundTheLetters() throws {
        let sharp = SubtitleOutline(color: SubtitleColor(hex: 0xFF0000), width: 0.1)
        var blurred = sharp
        blurred.blur = 0.2
        func cue(_ outline: SubtitleOutline) -> SubtitleCue {
            SubtitleCue(start: 0, end: 5, text: "Soft", spans: [SubtitleSpan(text: "Soft", outline: outline)])
        }
        // A radius of 0.2 of the 17.28-pixel text is 3.46 pixels: a standard deviation of 1.73,
        // which libass gives for a strength of 1.73 × √(ln 256).
        #expect(
            PlainCueLook().events(for: cue(blurred)).last
                == "2,Text,,0,0,0,,{\\bord1.73\\3c&H0000FF&\\3a&H00&\\blur4.07}Soft"
                + "{\\bord0.00\\3c&H000000&\\3a&H00&\\blur0}")
        var look = PlainCueLook()
        look.background = SubtitleColor(hex: 0, opacity: 0)
        // Faint red: the line's edges, which the blur spreads over many more pixels.
        func faint(_ picture: SubtitlePicture) -> Int {
            picture.points { $0.red > 200 && $0.green < 80 && $0.alpha < 128 }.count
        }
        let (soft, hard) = (try draw(look, cue: cue(blurred)), try draw(look, cue: cue(sharp)))
        #expect(faint(soft) > 2 * faint(hard), "\(faint(soft)) faint pixels against \(faint(hard))")
    }

    @Test func aPlacedCueIsDrawnWhereItsFileSays() throws {
        let bottom = try draw(PlainCueLook())
        var cue = Self.cue
        cue.placement = SubtitlePlacement(alignment: 8)
        #expect(PlainCueLook().events(for: cue) == ["0,Default,,0,0,0,,{\\an8}Hello Mag"])
        let top = try draw(PlainCueLook(), cue: cue)
        #expect(top.y + top.height < 60 && bottom.y > 300, "top at \(top.y), bottom at \(bottom.y)")
        // Anchored by its left edge, a quarter across and half way down (the frame is 1.25 times
        // the script's 512x288).
        cue.placement = SubtitlePlacement(alignment: 4, x: 0.25, y: 0.5)
        #expect(PlainCueLook().events(for: cue) == ["0,Default,,0,0,0,,{\\an4\\pos(128.00,144.00)}Hello Mag"])
        let placed = try draw(PlainCueLook(), cue: cue)
        #expect(abs(placed.x - 160) < 8 && abs(Double(placed.y) + Double(placed.height) / 2 - 180) < 8)
    }

    @Test func aNewLookStartsAFreshTrack() throws {
        let renderer = try SubtitleRenderer()
        renderer.add([Self.cue])
        let white = try #require(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture)
        var look = PlainCueLook()
        look.text = SubtitleColor(hex: 0x00FFFF)
        renderer.setHeader(look.header(), plainLook: look)
        #expect(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture == nil)
        renderer.add([Self.cue])
        let cyan = try #require(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture)
        #expect(cyan != white)
        #expect(cyan.points { $0.green > 200 && $0.blue > 200 && $0.red < 60 }.count > 100)
    }

    @Test func coloursAreWrittenAsASSReadsThem() {
        #expect(SubtitleColor(hex: 0x112233).ass == "&H00332211")
        #expect(SubtitleColor(hex: 0x112233, opacity: 0).ass == "&HFF332211")
        #expect(SubtitleColor(hex: 0xFF0000, opacity: 2).opacity == 1)
        #expect(SubtitleColor(hex: 0xFF0000, opacity: .nan).opacity == 1)
    }
}

/// A viewer's look over a styled script: its dialogue takes the look, its signs keep their style.
@Suite struct StyleOverrideTests {
    static let header = TestScript.header(
        width: 1280, height: 720, styles: [.init(name: "Default", size: 40, colour: 0xFF0000, alignment: 2)])
    static let cues = [
        SubtitleCue(start: 0, end: 5, text: "Dialogue", assEvent: "0,Default,,0,0,0,,Dialogue"),
        SubtitleCue(start: 0, end: 5, text: "Sign", assEvent: "0,Default,,0,0,0,,{\\pos(200,100)}Sign"),
    ]

    private func rows(_ points: [SubtitlePicture.Pixel]) -> ClosedRange<Int>? {
        guard let low = points.map(\.y).min(), let high = points.map(\.y).max() else { return nil }
        return low...high
    }

    @Test func dialogueTakesTheLookAndSignsKeepTheirStyle() throws {
        let renderer = try SubtitleRenderer(header: Self.header)
        renderer.add(Self.cues)
        var look = PlainCueLook()
        look.text = SubtitleColor(hex: 0xFFFF00)
        look.fontSize = 0.1
        renderer.setStyleOverride(look)
        let picture = try #require(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture)
        let yellow = picture.points { $0.red > 200 && $0.green > 200 && $0.blue < 60 }
        let red = picture.points { $0.red > 200 && $0.green < 60 && $0.blue < 60 }
        let dialogue = try #require(rows(yellow))
        let sign = try #require(rows(red))
        #expect(dialogue.lowerBound > 250, "the dialogue at the bottom: \(dialogue)")
        #expect(sign.upperBound < 80, "the sign where it was put: \(sign)")
        // The look's size is a tenth of the picture's height: about 36 rows with descender.
        #expect((24...44).contains(dialogue.count), "\(dialogue.count) rows")
        #expect(
            picture.points { $0.red < 30 && $0.green < 30 && $0.blue < 30 && $0.alpha > 150 }.count > 500,
            "the look's line box")
        renderer.setStyleOverride(nil)
        let authored = try #require(renderer.render(at: 1, frameWidth: 640, frameHeight: 360).picture)
        #expect(authored.points { $0.red > 200 && $0.green > 200 && $0.blue < 60 }.isEmpty)
    }
}
