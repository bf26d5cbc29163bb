import Testing
import VideoPlayerContainer

@MainActor
@Suite struct CanvasTests {
    @Test func fillCircleFillsTheDiscAndNothingOutsideIt() {
        let renderer = SnapshotRenderer(size: Size(width: 40, height: 40), context: Context(mode: .test))
        let image = renderer.render(
            Canvas { graphics, _ in
                graphics.fillCircle(center: Point(x: 20, y: 20), radius: 10, color: .pureRed)
            },
            background: .black)
        #expect(image.pixel(x: 20, y: 20).isClose(to: .pureRed))
        #expect(image.pixel(x: 27, y: 20).isClose(to: .pureRed))
        #expect(image.pixel(x: 32, y: 20).isClose(to: RGBA(r: 0, g: 0, b: 0)))
        #expect(image.pixel(x: 28, y: 28).isClose(to: RGBA(r: 0, g: 0, b: 0)))
    }
}

/// The drawing API of `GraphicsContext`: paths filled and stroked with colours and gradients,
/// holes by the even-odd rule, dashes, and text placed by its anchor.
@MainActor
@Suite struct GraphicsContextTests {
    let renderer = SnapshotRenderer(size: Size(width: 100, height: 60), context: Context(mode: .test))
    let black = RGBA(r: 0, g: 0, b: 0)

    func draw(_ body: @escaping @MainActor (GraphicsContext, Size) -> Void) -> RasterImage {
        renderer.render(Canvas(draw: body), background: .black)
    }

    @Test func aFilledTriangleCoversItsInsideOnly() {
        let image = draw { graphics, _ in
            var triangle = Path()
            triangle.addLines([Point(x: 10, y: 50), Point(x: 50, y: 10), Point(x: 90, y: 50)])
            triangle.closeSubpath()
            graphics.fill(triangle, with: .color(.pureRed))
        }
        #expect(image.pixel(x: 50, y: 40).isClose(to: .pureRed))
        #expect(image.pixel(x: 15, y: 15).isClose(to: black))
        #expect(image.pixel(x: 50, y: 55).isClose(to: black))
    }

    @Test func theEvenOddRuleCutsAHoleAndTheWindingRuleDoesNot() {
        var ring = Path(ellipseIn: Rect(x: 10, y: 0, width: 60, height: 60))
        ring.addEllipse(in: Rect(x: 25, y: 15, width: 30, height: 30))
        let holed = draw { graphics, _ in graphics.fill(ring, with: .color(.white), evenOdd: true) }
        let solid = draw { graphics, _ in graphics.fill(ring, with: .color(.white)) }
        #expect(holed.pixel(x: 40, y: 30).isClose(to: black))
        #expect(holed.pixel(x: 17, y: 30).isClose(to: RGBA(r: 255, g: 255, b: 255)))
        #expect(solid.pixel(x: 40, y: 30).isClose(to: RGBA(r: 255, g: 255, b: 255)))
    }

    @Test func aLinearGradientRunsFromItsFirstColourToItsLast() {
        let image = draw { graphics, size in
            graphics.fill(
                Path(Rect(origin: .zero, size: size)),
                with: .linearGradient(
                    Gradient(colors: [.pureRed, Color(red: 0, green: 0, blue: 1)]), startPoint: .zero,
                    endPoint: Point(x: size.width, y: 0)))
        }
        let left = image.pixel(x: 1, y: 30)
        let middle = image.pixel(x: 50, y: 30)
        let right = image.pixel(x: 98, y: 30)
        #expect(left.r > 245 && left.b < 10)
        #expect(right.b > 245 && right.r < 10)
        #expect(abs(Int(middle.r) - 128) < 8 && abs(Int(middle.b) - 128) < 8)
    }

    @Test func aRadialGradientRunsFromItsCentreOutwards() {
        let image = draw { graphics, size in
            graphics.fill(
                Path(Rect(origin: .zero, size: size)),
                with: .radialGradient(
                    Gradient(colors: [.white, .black]), center: Point(x: 50, y: 30), startRadius: 0,
                    endRadius: 30))
        }
        #expect(image.pixel(x: 50, y: 30).r > 245)
        #expect(image.pixel(x: 65, y: 30).r > 100 && image.pixel(x: 65, y: 30).r < 155)
        #expect(image.pixel(x: 90, y: 30).r < 5)
    }

    @Test func aDashedStrokeLeavesGapsAndARoundedRectItsCorners() {
        let image = draw { graphics, _ in
            var line = Path()
            line.addLines([Point(x: 0, y: 10.5), Point(x: 100, y: 10.5)])
            graphics.stroke(line, with: .color(.white), style: StrokeStyle(lineWidth: 3, dash: [10, 10]))
            graphics.fill(
                Path(roundedRect: Rect(x: 20, y: 20, width: 60, height: 36), cornerRadius: 12),
                with: .color(.white))
        }
        #expect(image.pixel(x: 5, y: 10).r > 245)
        #expect(image.pixel(x: 15, y: 10).r < 10)
        #expect(image.pixel(x: 25, y: 10).r > 245)
        #expect(image.pixel(x: 21, y: 21).r < 10)
        #expect(image.pixel(x: 50, y: 38).r > 245)
    }

    @Test func textIsPlacedByItsAnchorAndMeasuredAsDrawn() throws {
        var measured = Size.zero
        let image = draw { graphics, size in
            measured = graphics.measure("72 %", font: .headline)
            graphics.draw(
                "72 %", at: Point(x: size.width / 2, y: size.height / 2), anchor: .center, font: .headline)
        }
        let ink = try #require(image.bounds { $0.r > 128 })
        #expect(abs(ink.midX - 50) <= 2)
        #expect(abs(ink.midY - 30) <= 3)
        #expect(ink.width <= measured.width && ink.width > measured.width * 0.7)
    }
}
