import VideoPlayerWidgets

/// Where every danmaku flies: its lane, and where it is at any media time.
///
/// Each comment crosses the area right to left in `duration` seconds, so a longer text moves
/// faster. A comment takes the first lane whose previous comment it can never touch: that one's
/// tail must have cleared the right edge by `gap` when the new one enters, and if the new one is
/// faster it must still be `gap` behind when the old one's tail leaves at the left edge (both move
/// at constant speeds, so those two instants are the only ones to check). A comment with no such
/// lane is dropped, as Bilibili does in a crowd, unless the viewer sent it: that one takes the lane
/// that frees up first, even if it overlaps.
struct DanmakuLayout {
    /// One comment in its lane.
    struct Placement: Hashable {
        let comment: DanmakuComment
        let lane: Int
        let width: Double
        /// Points per second, leftwards.
        let speed: Double
    }

    /// Size of the area the comments cross.
    let areaWidth: Double
    let laneHeight: Double
    let duration: Double
    let gap: Double
    private(set) var placements: [Placement] = []
    /// Comments that found no free lane.
    private(set) var dropped: [DanmakuComment] = []

    /// Lays `comments` (sorted by time) out in `lanes` lanes; `width` gives each text's width.
    init(
        comments: [DanmakuComment], width: (DanmakuComment) -> Double, areaWidth: Double, lanes: Int,
        laneHeight: Double, duration: Double = 7, gap: Double = 24
    ) {
        self.areaWidth = areaWidth
        self.laneHeight = laneHeight
        self.duration = duration
        self.gap = gap
        var lastInLane = [Placement?](repeating: nil, count: max(0, lanes))
        for comment in comments {
            let textWidth = width(comment)
            let placement = { (lane: Int) in
                Placement(
                    comment: comment, lane: lane, width: textWidth, speed: (areaWidth + textWidth) / duration)
            }
            let free = lastInLane.indices.first { canFollow(lastInLane[$0], with: placement($0)) }
            let crowded =
                comment.isOwn
                ? lastInLane.indices.min {
                    earliestFollow(lastInLane[$0], with: placement($0))
                        < earliestFollow(lastInLane[$1], with: placement($1))
                } : nil
            guard let lane = free ?? crowded else {
                dropped.append(comment)
                continue
            }
            lastInLane[lane] = placement(lane)
            placements.append(placement(lane))
        }
    }

    /// Whether `next` can enter a lane whose last comment is `previous` without ever touching it.
    private func canFollow(_ previous: Placement?, with next: Placement) -> Bool {
        next.comment.time >= earliestFollow(previous, with: next)
    }

    /// The first media time at which `next` could enter after `previous` without touching it.
    private func earliestFollow(_ previous: Placement?, with next: Placement) -> Double {
        guard let previous else { return -.infinity }
        let start = previous.comment.time
        let clearedRightEdge = start + (previous.width + gap) / previous.speed
        let stillBehindAtExit = start + duration - (areaWidth - gap) / next.speed
        return max(clearedRightEdge, stillBehindAtExit)
    }

    /// The frame of `placement` at media time `time`.
    func frame(of placement: Placement, at time: Double) -> Rect {
        Rect(
            x: areaWidth - placement.speed * (time - placement.comment.time),
            y: Double(placement.lane) * laneHeight, width: placement.width, height: laneHeight)
    }

    /// The comments on screen at `time`, with their frames.
    func visible(at time: Double) -> [(placement: Placement, frame: Rect)] {
        placements.lazy
            .filter { $0.comment.time <= time && time < $0.comment.time + duration }
            .map { ($0, frame(of: $0, at: time)) }
    }
}
