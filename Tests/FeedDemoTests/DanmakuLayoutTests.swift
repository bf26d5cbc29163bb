import Testing
import VideoPlayerWidgets

@testable import BilibiliDemo

@MainActor
@Suite("Danmaku layout")
struct DanmakuLayoutTests {
    @Test func theFileFormatReadsTimedColouredLinesAndSkipsBadOnes() {
        let (comments, skipped) = DanmakuComment.parse(
            "# time\tcolour\ttext\n2.5\tFF0000\tlater\n1\tFFFFFF\tfirst\nnot a line\n3\tZZZZZZ\tbad colour\n")
        #expect(comments.map(\.text) == ["first", "later"])
        #expect(comments.first?.time == 1)
        #expect(comments.last?.color == Color(hex: 0xFF0000))
        #expect(skipped == [4, 5])
    }

    @Test func aCrowdDropsOthersCommentsButNeverTheViewers() {
        let comments = [
            DanmakuComment(time: 1, color: .white, text: "first", id: 1),
            DanmakuComment(time: 1, color: .white, text: "crowded out", id: 2),
            DanmakuComment(time: 1, color: .white, text: "mine", id: 3, isOwn: true),
        ]
        let layout = DanmakuLayout(
            comments: comments, width: { _ in 100 }, areaWidth: 640, lanes: 1, laneHeight: 32)
        #expect(layout.dropped.map(\.text) == ["crowded out"])
        #expect(layout.visible(at: 1.5).map(\.placement.comment.text) == ["first", "mine"])
    }

    @Test func commentsInTheSampleNeverOverlapOverFortySeconds() {
        let comments = DanmakuComment.parse(BilibiliSamples.sampleText()).comments
        let font = Font(size: 22, weight: .bold)
        let widths = Dictionary(uniqueKeysWithValues: comments.map { ($0.id, font.size(of: $0.text).width) })
        #expect(widths.values.allSatisfy { $0 > 10 })
        let layout = DanmakuLayout(
            comments: comments, width: { widths[$0.id] ?? 0 }, areaWidth: 1280, lanes: 6, laneHeight: 32)
        var mostInOneLane = 0
        for step in 0...800 {
            let visible = layout.visible(at: Double(step) * 0.05)
            for (index, first) in visible.enumerated() {
                for second in visible[(index + 1)...] {
                    let overlap = first.frame.intersection(second.frame)
                    #expect(
                        overlap.map { $0.width <= 0 || $0.height <= 0 } ?? true,
                        "\(first.placement.comment.text) and \(second.placement.comment.text) overlap")
                }
            }
            let lanes = Dictionary(grouping: visible, by: \.placement.lane)
            mostInOneLane = max(mostInOneLane, lanes.values.map(\.count).max() ?? 0)
        }
        // The lanes really are shared, and six lanes cannot hold all 240 comments.
        #expect(mostInOneLane >= 3)
        #expect(!layout.dropped.isEmpty)
        #expect(layout.placements.count > 120)
    }

    @Test func aFasterCommentWaitsUntilItCannotCatchUp() {
        let short = DanmakuComment(time: 0, color: .white, text: "a", id: 0)
        let long = DanmakuComment(time: 1, color: .white, text: "b", id: 1)
        let widths = [0: 50.0, 1: 600.0]
        let layout = DanmakuLayout(
            comments: [short, long], width: { widths[$0.id] ?? 0 }, areaWidth: 1000, lanes: 2, laneHeight: 30)
        // The short one cleared the right edge long before 1 s, but the long, faster one would catch
        // it before it leaves: it goes to the second lane.
        #expect(layout.placements.map(\.lane) == [0, 1])
    }
}
