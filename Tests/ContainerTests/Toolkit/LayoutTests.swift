import Testing
import VideoPlayerContainer

@MainActor
@Suite struct LayoutTests {
    func frames(_ widget: some Widget, size: Size = Size(width: 300, height: 200), ids: [String]) -> [String:
        Rect]
    {
        let host = SnapshotRenderer(size: size).makeHost(widget)
        var result: [String: Rect] = [:]
        for id in ids { result[id] = host.frame(ofIdentifier: id) }
        return result
    }

    @Test func hStackPlacesFixedChildrenWithSpacingCentredInTheHost() {
        let f = frames(
            HStack(spacing: 10) {
                Color.red.frame(width: 40, height: 20).accessibilityIdentifier("a")
                Color.blue.frame(width: 60, height: 40).accessibilityIdentifier("b")
            }.accessibilityIdentifier("stack"), ids: ["a", "b", "stack"])
        #expect(f["stack"] == Rect(x: 95, y: 80, width: 110, height: 40))
        #expect(f["a"] == Rect(x: 95, y: 90, width: 40, height: 20))
        #expect(f["b"] == Rect(x: 145, y: 80, width: 60, height: 40))
    }

    @Test func spacerPushesChildrenToTheEdgesAndAlignmentIsHonoured() {
        let f = frames(
            HStack(alignment: .top, spacing: 0) {
                Color.red.frame(width: 40, height: 20).accessibilityIdentifier("a")
                Spacer()
                Color.blue.frame(width: 60, height: 40).accessibilityIdentifier("b")
            }.frame(maxWidth: .infinity), ids: ["a", "b"])
        #expect(f["a"] == Rect(x: 0, y: 80, width: 40, height: 20))
        #expect(f["b"] == Rect(x: 240, y: 80, width: 60, height: 40))
    }

    @Test func flexibleChildrenShareWhatFixedOnesLeave() {
        let f = frames(
            HStack(spacing: 10) {
                Color.red.frame(width: 80).accessibilityIdentifier("fixed")
                Color.green.accessibilityIdentifier("flexA")
                Color.blue.frame(maxWidth: 50).accessibilityIdentifier("capped")
            }, ids: ["fixed", "flexA", "capped"])
        // 300 - 2×10 spacing - 80 fixed = 200; the capped colour takes 50, the other the remaining 150.
        #expect(f["fixed"] == Rect(x: 0, y: 0, width: 80, height: 200))
        #expect(f["capped"] == Rect(x: 250, y: 0, width: 50, height: 200))
        #expect(f["flexA"] == Rect(x: 90, y: 0, width: 150, height: 200))
    }

    @Test func vStackWithPaddingAndLeadingAlignment() {
        let f = frames(
            VStack(alignment: .leading, spacing: 5) {
                Color.red.frame(width: 100, height: 30).accessibilityIdentifier("wide")
                Color.blue.frame(width: 20, height: 10).padding(4).accessibilityIdentifier("padded")
            }.padding(EdgeInsets(top: 10, leading: 20, bottom: 0, trailing: 0)).accessibilityIdentifier(
                "all"),
            ids: ["wide", "padded", "all"])
        // Content 100×53 plus insets: 120×63, centred in 300×200.
        #expect(f["all"] == Rect(x: 90, y: 68.5, width: 120, height: 63))
        #expect(f["wide"] == Rect(x: 110, y: 78.5, width: 100, height: 30))
        #expect(f["padded"] == Rect(x: 110, y: 113.5, width: 28, height: 18))
    }

    @Test func zStackAlignsChildrenAtEachOfNineAlignments() {
        let cases: [(Alignment, Point)] = [
            (.topLeading, Point(x: 0, y: 0)), (.top, Point(x: 40, y: 0)), (.topTrailing, Point(x: 80, y: 0)),
            (.leading, Point(x: 0, y: 40)), (.center, Point(x: 40, y: 40)), (.trailing, Point(x: 80, y: 40)),
            (.bottomLeading, Point(x: 0, y: 80)), (.bottom, Point(x: 40, y: 80)),
            (.bottomTrailing, Point(x: 80, y: 80)),
        ]
        for (alignment, origin) in cases {
            let f = frames(
                ZStack(alignment: alignment) {
                    Color.gray.frame(width: 100, height: 100)
                    Color.red.frame(width: 20, height: 20).accessibilityIdentifier("small")
                }.frame(width: 100, height: 100, alignment: .topLeading), size: Size(width: 100, height: 100),
                ids: ["small"])
            #expect(f["small"]?.origin == origin, "alignment \(alignment)")
        }
    }

    @Test func frameAlignsSmallerContentAndFixesItsOwnSize() {
        let f = frames(
            Color.red.frame(width: 30, height: 10).accessibilityIdentifier("inner")
                .frame(width: 100, height: 50, alignment: .bottomTrailing).accessibilityIdentifier("outer"),
            ids: ["inner", "outer"])
        #expect(f["outer"] == Rect(x: 100, y: 75, width: 100, height: 50))
        #expect(f["inner"] == Rect(x: 170, y: 115, width: 30, height: 10))
    }

    @Test func minimumFrameGrowsContentAndMaxInfinityFillsTheProposal() {
        let f = frames(
            VStack(spacing: 0) {
                Text("").frame(minWidth: 50, minHeight: 20).accessibilityIdentifier("min")
                Color.red.frame(height: 10).frame(maxWidth: .infinity).accessibilityIdentifier("full")
            }, ids: ["min", "full"])
        #expect(f["min"]?.size == Size(width: 50, height: 20))
        #expect(f["full"]?.size == Size(width: 300, height: 10))
    }
}
