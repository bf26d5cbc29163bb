import CCairo
import Foundation
import Testing

@testable import VideoPlayerContainer

@Suite("SymbolPainter")
struct SymbolPainterTests {
    /// Symbols a viewer could mistake for one another if they were drawn too alike.
    static let confusablePairs: [(SymbolName, SymbolName)] = [
        (.play, .pause), (.volumeLow, .volumeHigh), (.volumeMute, .volumeLow), (.volumeLow, .volumeMedium),
        (.heart, .heartFill), (.lock, .unlock), (.enterFullscreen, .exitFullscreen),
        (.forward10, .backward10), (.nextTrack, .previousTrack), (.chevronUp, .chevronDown),
        (.thumbUp, .thumbDown), (.replay, .backward10), (.subtitles, .danmaku), (.comment, .danmaku),
    ]

    @Test("every symbol draws a fair amount of ink", arguments: SymbolName.allCases)
    func everySymbolDrawsInk(_ name: SymbolName) throws {
        let image = try #require(SymbolImage(name))
        #expect(image.inkShare > 0.03, "\(name) covers only \(image.inkShare)")
    }

    @Test("every symbol keeps its ink inside the rect", arguments: SymbolName.allCases)
    func everySymbolStaysInsideItsRect(_ name: SymbolName) throws {
        let rect = Rect(x: 8, y: 8, width: 48, height: 48)
        let image = try #require(SymbolImage(name, size: 64, rect: rect))
        for y in 0..<64 {
            for x in 0..<64 where !rect.contains(Point(x: Double(x), y: Double(y))) {
                #expect(image.pixel(x: x, y: y).a == 0, "\(name) inks (\(x), \(y)) outside \(rect)")
            }
        }
    }

    @Test("every symbol is painted in the requested colour only", arguments: SymbolName.allCases)
    func everySymbolUsesOnlyTheRequestedColour(_ name: SymbolName) throws {
        let color = Color(red: 0.2, green: 0.6, blue: 0.9)
        let expected = RGBA(r: 51, g: 153, b: 230, a: 255)
        let image = try #require(SymbolImage(name, color: color))
        var opaque = 0
        for y in 0..<48 {
            for x in 0..<48 {
                let pixel = image.pixel(x: x, y: y)
                // Faint anti-aliased edges lose precision when un-premultiplied; judge solid ink.
                guard pixel.a >= 96 else { continue }
                #expect(RGBA(r: pixel.r, g: pixel.g, b: pixel.b).isClose(to: expected, tolerance: 6))
                if pixel.a == 255 { opaque += 1 }
            }
        }
        #expect(opaque > 0, "\(name) has no fully opaque pixel")
    }

    @Test(
        "a translucent colour is applied once, even where strokes and fills overlap",
        arguments: SymbolName.allCases)
    func translucentColourDoesNotDarkenOverlaps(_ name: SymbolName) throws {
        let image = try #require(SymbolImage(name, color: Color.white.opacity(0.5)))
        let maximum = try #require(image.alphas.max())
        #expect((126...129).contains(maximum), "\(name) reaches alpha \(maximum)")
    }

    @Test("a wide rect centres the symbol in a square of its height")
    func wideRectCentresTheSymbol() throws {
        let wide = try #require(SymbolImage(width: 96, height: 48))
        SymbolPainter.paint(
            .settings, in: Rect(x: 0, y: 0, width: 96, height: 48), cairo: wide.cairo, color: .white)
        let square = try #require(SymbolImage(.settings))
        for y in 0..<48 {
            for x in 0..<96 {
                let expected = (24..<72).contains(x) ? square.pixel(x: x - 24, y: y).a : 0
                #expect(wide.pixel(x: x, y: y).a == expected, "pixel (\(x), \(y))")
            }
        }
    }

    @Test("an empty rect draws nothing")
    func emptyRectDrawsNothing() throws {
        let image = try #require(SymbolImage(.play, rect: Rect(x: 10, y: 10, width: 0, height: 30)))
        #expect(image.alphas.allSatisfy { $0 == 0 })
    }

    @Test("confusable symbols look clearly different", arguments: confusablePairs)
    func confusableSymbolsDiffer(_ first: SymbolName, _ second: SymbolName) throws {
        let a = try #require(SymbolImage(first))
        let b = try #require(SymbolImage(second))
        #expect(inkDifference(a.alphas, b.alphas) > 0.04)
    }

    @Test("no two symbols are the same picture")
    func everySymbolIsDistinct() throws {
        let images = try SymbolName.allCases.map { name in (name, try #require(SymbolImage(name)).alphas) }
        for (index, (first, firstAlphas)) in images.enumerated() {
            for (second, secondAlphas) in images[(index + 1)...] {
                #expect(inkDifference(firstAlphas, secondAlphas) > 0.02, "\(first) vs \(second)")
            }
        }
    }

    @Test("backward10 is forward10's arrow mirrored, with the digits left readable")
    func skipArrowsAreMirrorImages() throws {
        let forward = try #require(SymbolImage(.forward10))
        let backward = try #require(SymbolImage(.backward10))
        // The digits sit in grid (8...17, 9...17), clear of the ring and its arrowhead; at 48 px that
        // is twice as many pixels.
        let outsideDigits = { (x: Int, y: Int) in !((16...34).contains(x) && (18...34).contains(y)) }
        let ring = backward.alphas(where: outsideDigits)
        #expect(inkDifference(forward.alphas(mirrored: true, where: outsideDigits), ring) < 0.01)
        #expect(inkDifference(forward.alphas(where: outsideDigits), ring) > 0.04)
        let digits = { (x: Int, y: Int) in !outsideDigits(x, y) }
        #expect(
            inkDifference(forward.alphas(where: digits), backward.alphas(where: digits)) == 0,
            "digits are not mirrored")
    }

    @Test("painting leaves the caller's Cairo state as it was")
    func paintingPreservesCairoState() throws {
        let image = try #require(SymbolImage(width: 64, height: 64))
        let cairo = image.cairo
        cairo_translate(cairo, 3, 4)
        cairo_scale(cairo, 1.5, 0.5)
        cairo_set_source_rgba(cairo, 0.1, 0.2, 0.3, 0.4)
        cairo_set_line_width(cairo, 7)
        cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_SQUARE)
        var before = cairo_matrix_t()
        cairo_get_matrix(cairo, &before)
        let source = cairo_get_source(cairo)

        SymbolPainter.paint(.share, in: Rect(x: 0, y: 0, width: 32, height: 32), cairo: cairo, color: .red)

        var after = cairo_matrix_t()
        cairo_get_matrix(cairo, &after)
        #expect(
            [after.xx, after.yx, after.xy, after.yy, after.x0, after.y0]
                == [before.xx, before.yx, before.xy, before.yy, before.x0, before.y0])
        #expect(cairo_get_source(cairo) == source)
        var (r, g, b, a) = (0.0, 0.0, 0.0, 0.0)
        cairo_pattern_get_rgba(cairo_get_source(cairo), &r, &g, &b, &a)
        #expect([r, g, b, a] == [0.1, 0.2, 0.3, 0.4])
        #expect(cairo_get_line_width(cairo) == 7)
        #expect(cairo_get_fill_rule(cairo) == CAIRO_FILL_RULE_EVEN_ODD)
        #expect(cairo_get_line_cap(cairo) == CAIRO_LINE_CAP_SQUARE)
        #expect(cairo_status(cairo) == CAIRO_STATUS_SUCCESS)
    }

    /// Writes every symbol to `/tmp/symbols.png` for a visual check:
    /// `WRITE_SYMBOL_SHEET=1 swift test --filter ContainerTests.SymbolPainterTests/contactSheet`.
    @Test(
        "the contact sheet is written on request",
        .enabled(if: ProcessInfo.processInfo.environment["WRITE_SYMBOL_SHEET"] == "1"))
    func contactSheet() throws {
        let (cell, columns) = (112, 8)
        let rows = (SymbolName.allCases.count + columns - 1) / columns
        let sheet = try #require(SymbolImage(width: cell * columns, height: cell * rows))
        cairo_set_source_rgb(sheet.cairo, 0.12, 0.12, 0.14)
        cairo_paint(sheet.cairo)
        for (index, name) in SymbolName.allCases.enumerated() {
            let (x, y) = (Double(index % columns * cell), Double(index / columns * cell))
            // Small and large side by side shows whether the weight holds at button sizes.
            SymbolPainter.paint(
                name, in: Rect(x: x + 4, y: y + 4, width: 80, height: 80), cairo: sheet.cairo, color: .white)
            SymbolPainter.paint(
                name, in: Rect(x: x + 86, y: y + 86, width: 20, height: 20), cairo: sheet.cairo,
                color: .yellow)
        }
        let path = "/tmp/symbols.png"
        #expect(cairo_surface_write_to_png(sheet.surface, path) == CAIRO_STATUS_SUCCESS)
        #expect(FileManager.default.fileExists(atPath: path))
    }
}
