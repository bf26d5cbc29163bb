import FuzzKit
import Testing
import VideoPlayerContainer

@MainActor
@Suite struct TextTests {
    let renderer = SnapshotRenderer(size: Size(width: 200, height: 100))

    @Test func textRendersInkInsideItsFrameAndNowhereElse() throws {
        try Text.checkFontAvailable()
        let host = renderer.makeHost(Text("Hello, player").font(.title).accessibilityIdentifier("t"))
        let frame = try #require(host.frame(ofIdentifier: "t"))
        #expect(frame.width > 60 && frame.height >= 20)
        let ink = try #require(host.snapshot().bounds { $0.a > 0 })
        #expect(ink.width > frame.width / 2)
        #expect(frame.integral.intersection(ink) == ink)
    }

    /// A long-running interface comes to use many sizes; each font file is read once, so they cost
    /// no file descriptor each.
    @Test func fontsOfManySizesHoldNoFileDescriptors() throws {
        try Text.checkFontAvailable()
        _ = renderer.render(Text("warm").font(Font(size: 97)))
        let before = ProcessResources.openFileCount
        for size in 98...129 {
            let image = renderer.render(Text("Size \(size)").font(Font(size: Double(size), weight: .bold)))
            #expect(image.bounds { $0.a > 0 } != nil, "nothing drawn at \(size)")
            _ = renderer.render(Text("Size \(size)").font(Font(size: Double(size))))
        }
        #expect(ProcessResources.openFileCount <= before)
    }

    @Test func aFontMeasuresTextAsATextOfItLaysOut() throws {
        try Text.checkFontAvailable()
        let wide = SnapshotRenderer(size: Size(width: 1_000, height: 200))
        for (text, font) in [
            ("Hello, player", Font.body), ("original sound - maya.moves", .callout), ("W", .title),
        ] {
            let host = wide.makeHost(
                HStack {
                    Text(text).font(font).lineLimit(1).accessibilityIdentifier("t")
                    Spacer()
                })
            let frame = try #require(host.frame(ofIdentifier: "t"))
            #expect(font.size(of: text) == frame.size, "\(text)")
        }
        // Wrapped at a width, it takes more lines; empty text takes no room.
        let line = Font.body.size(of: "one two three four")
        let wrapped = Font.body.size(of: "one two three four", maxWidth: line.width / 2)
        #expect(wrapped.width <= line.width / 2 && wrapped.height >= line.height * 2)
        #expect(Font.body.size(of: "") == .zero)
    }

    @Test func textUsesTheForegroundColour() throws {
        try Text.checkFontAvailable()
        let image = renderer.render(Text("MMMM").font(Font(size: 40, weight: .bold)).foregroundColor(.red))
        #expect(image.bounds { $0.a == 255 } != nil)
        #expect(
            image.bounds { $0.a == 255 && !$0.isClose(to: RGBA(r: 255, g: 59, b: 48), tolerance: 2) } == nil)
    }

    @Test func textWrapsToTheProposedWidthAndHonoursTheLineLimit() throws {
        try Text.checkFontAvailable()
        let words = "one two three four five six"
        let host = renderer.makeHost(
            VStack {
                Text(words).accessibilityIdentifier("single")
                Text(words).frame(width: 60).accessibilityIdentifier("wrapped")
                Text(words).lineLimit(2).frame(width: 60).accessibilityIdentifier("limited")
            })
        let single = try #require(host.frame(ofIdentifier: "single"))
        let wrapped = try #require(host.frame(ofIdentifier: "wrapped"))
        let limited = try #require(host.frame(ofIdentifier: "limited"))
        #expect(single.width > 60)
        #expect(wrapped.height >= single.height * 3)
        #expect(limited.height == single.height * 2)
    }
}
