import Testing

@testable import VideoPlayerContainer

/// Layout caches stay bounded however many sizes a long-lived interface goes through.
@MainActor
@Suite struct SizeCacheTests {
    /// A feature panel squeezing the player proposes a new width every animation frame to nodes whose
    /// content does not change; each kept every size it was asked for, for as long as it lived.
    @Test func aNodeKeepsABoundedNumberOfSizesWhenTheHostResizesEveryFrame() {
        let host = SnapshotRenderer(size: Size(width: 400, height: 100)).makeHost(
            HStack {
                Text("Title").lineLimit(1)
                Spacer()
                VStack { Color.red.frame(width: 10, height: 10) }
            }.padding(4))
        host.update()
        for step in 0..<500 {
            host.resize(to: Size(width: 200 + Double(step) * 0.37, height: 100))
            host.update()
        }
        var largest = 0
        var nodes = [host.tree.root as Node]
        while let node = nodes.popLast() {
            largest = max(largest, node.cachedSizeCount)
            nodes += node.children
        }
        #expect(largest > 0)
        #expect(largest <= Node.sizeCacheLimit)
    }
}
