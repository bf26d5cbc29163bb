import Foundation

/// The content of a scroll view moving on its own: a fling after a drag, or an animated `scrollTo`.
struct ScrollMotion {
    /// Seconds in which a fling's speed falls to about a third.
    static let decayTime = 0.35
    /// A fling ends when less than this many points of its glide are left.
    static let restDistance = 0.5

    private enum Kind {
        case fling(start: Double, origin: Point, velocity: Point)
        case animated(AnimatedValue<Point>)
    }

    private let kind: Kind

    /// Glides from `origin` at `velocity` (points per second), slowing down exponentially.
    static func fling(from origin: Point, velocity: Point, at time: Double) -> ScrollMotion {
        ScrollMotion(kind: .fling(start: time, origin: origin, velocity: velocity))
    }

    /// Moves from `origin` to `target` with `animation`.
    static func animated(from origin: Point, to target: Point, animation: Animation, at time: Double)
        -> ScrollMotion
    {
        var value = AnimatedValue(origin)
        _ = value.set(target, animation: animation, at: time)
        return ScrollMotion(kind: .animated(value))
    }

    /// Where the content is at `time`; a finished fling is at the end of its glide.
    func position(at time: Double) -> Point {
        switch kind {
        case .fling(let start, let origin, let velocity):
            let travelled = isFinished(at: time) ? 1 : 1 - exp(-(time - start) / Self.decayTime)
            return Point(
                x: origin.x + velocity.x * Self.decayTime * travelled,
                y: origin.y + velocity.y * Self.decayTime * travelled)
        case .animated(let value):
            return value.value(at: time)
        }
    }

    func isFinished(at time: Double) -> Bool {
        switch kind {
        case .fling(let start, _, let velocity):
            let speed = (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot()
            return speed * Self.decayTime * exp(-(time - start) / Self.decayTime) < Self.restDistance
        case .animated(let value):
            return !value.isRunning(at: time)
        }
    }
}

/// A drag moving a scroll view's content: where it started, and the last moves, for the fling speed.
struct ScrollDrag {
    /// Moves older than this (seconds before the release) do not count towards the fling speed.
    static let velocityWindow = 0.1

    let start: Point
    let startOffset: Point
    private var samples: [(time: Double, point: Point)]

    init(start: Point, startOffset: Point, time: Double) {
        self.start = start
        self.startOffset = startOffset
        samples = [(time, start)]
    }

    /// Adds a move, keeping the moves of the last window and the one just before them.
    mutating func record(_ point: Point, at time: Double) {
        samples.append((time, point))
        while samples.count > 2, time - samples[1].time > Self.velocityWindow { samples.removeFirst() }
    }

    /// The pointer's speed (points per second) over the last moves before `time`; zero after a pause.
    func velocity(at time: Double) -> Point {
        guard let first = samples.first, let last = samples.last, last.time > first.time,
            time - last.time <= Self.velocityWindow
        else { return .zero }
        let seconds = last.time - first.time
        return Point(x: (last.point.x - first.point.x) / seconds, y: (last.point.y - first.point.y) / seconds)
    }
}

/// Where `ScrollViewProxy.scrollTo` asked a scroll view to go.
struct ScrollTarget {
    let id: ElementID
    let anchor: UnitPoint?
    let animation: Animation?
    /// The clock time of the request: a glide runs from then.
    var requestTime: Double?
}
