import Testing

@testable import VideoPlayerContainer

/// The one recognizer of the widget host and the gesture overlay, against a table of pointer
/// sequences on the standard thresholds (double tap 0.3 s, long press 0.5 s, drag 8 points).
@Suite struct PointerRecognizerTests {
    enum Step {
        case down(Double, Double, at: Double)
        case move(Double, Double, at: Double)
        case up(Double, Double, at: Double)
        case advance(to: Double)
    }

    struct Row: CustomTestStringConvertible {
        let name: String
        var drags = true
        var longPresses = false
        var waitsForSecond = false
        let steps: [Step]
        let expected: [String]

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "a click is a tap", steps: [.down(0, 0, at: 0), .up(0, 0, at: 0.1)], expected: ["tap 1"]),
        Row(
            name: "a wobble shorter than the drag distance stays a click",
            steps: [.down(0, 0, at: 0), .move(5, 5, at: 0.05), .up(5, 5, at: 0.1)], expected: ["tap 1"]),
        Row(
            name: "a move as long as the drag distance begins a drag, and the release is no tap",
            steps: [
                .down(0, 0, at: 0), .move(4, 0, at: 0.02), .move(8, 0, at: 0.04), .move(20, 0, at: 0.06),
                .up(21, 0, at: 0.08),
            ],
            expected: ["drag began 8,0", "drag changed 20,0", "drag ended 21,0"]),
        Row(
            name: "where drags are not recognised a long move is still a click", drags: false,
            steps: [.down(0, 0, at: 0), .move(50, 0, at: 0.05), .up(50, 0, at: 0.1)], expected: ["tap 1"]),
        Row(
            name: "two quick clicks that wait for a second make a double tap", waitsForSecond: true,
            steps: [.down(0, 0, at: 0), .up(0, 0, at: 0.1), .down(0, 0, at: 0.2), .up(0, 0, at: 0.25)],
            expected: ["double 1"]),
        Row(
            name: "a click that waits is a tap when the interval ends", waitsForSecond: true,
            steps: [.down(0, 0, at: 0), .up(0, 0, at: 0.1), .advance(to: 0.39), .advance(to: 0.4)],
            expected: ["0.4: tap 1"]),
        Row(
            name: "a second click after the interval is a tap of its own", waitsForSecond: true,
            steps: [
                .down(0, 0, at: 0), .up(0, 0, at: 0.1), .down(0, 0, at: 0.5), .up(0, 0, at: 0.55),
                .advance(to: 1),
            ],
            expected: ["tap 1", "1.0: tap 2"]),
        Row(
            name: "a second click at the very end of the interval is too late", waitsForSecond: true,
            steps: [.down(0, 0, at: 0), .up(0, 0, at: 0), .down(0, 0, at: 0.3), .up(0, 0, at: 0.3)],
            expected: ["tap 1"]),
        Row(
            name: "clicks that do not wait are taps, however quick",
            steps: [.down(0, 0, at: 0), .up(0, 0, at: 0.05), .down(0, 0, at: 0.1), .up(0, 0, at: 0.15)],
            expected: ["tap 1", "tap 2"]),
        Row(
            name: "a press held still becomes a long press, which moves and ends without a tap",
            longPresses: true,
            steps: [
                .down(0, 0, at: 0), .advance(to: 0.49), .advance(to: 0.5), .move(30, 0, at: 0.6),
                .up(30, 0, at: 0.7),
            ],
            expected: ["0.5: long press began 0,0", "long press changed 30,0", "long press ended 30,0"]),
        Row(
            name: "a press that became a drag never becomes a long press", longPresses: true,
            steps: [.down(0, 0, at: 0), .move(10, 0, at: 0.2), .advance(to: 1), .up(10, 0, at: 1)],
            expected: ["drag began 10,0", "drag ended 10,0"]),
        Row(
            name: "a long press whose timer came late begins before the move that found it",
            longPresses: true,
            steps: [.down(0, 0, at: 0), .move(2, 0, at: 0.8), .up(2, 0, at: 0.9)],
            expected: ["long press began 0,0", "long press changed 2,0", "long press ended 2,0"]),
        Row(
            name: "a press released before the long-press time is a click", longPresses: true,
            steps: [.down(0, 0, at: 0), .up(0, 0, at: 0.4), .advance(to: 1)], expected: ["tap 1"]),
        Row(
            name: "a waiting click and a long press are reported in the order they happened",
            longPresses: true, waitsForSecond: true,
            steps: [.down(0, 0, at: 0), .up(0, 0, at: 0.05), .down(50, 0, at: 0.1), .move(51, 0, at: 0.7)],
            expected: ["tap 1", "long press began 50,0", "long press changed 51,0"]),
    ]

    @Test(arguments: rows)
    func recognises(_ row: Row) {
        var recognizer = PointerRecognizer<Int>(thresholds: .standard)
        var clicks = 0
        var log: [String] = []
        func record(_ recognized: [PointerRecognizer<Int>.Recognized], at time: Double? = nil) {
            for item in recognized {
                let stamp = time.map { "\($0): " } ?? ""
                switch item {
                case .tap(let click): log.append("\(stamp)tap \(click)")
                case .doubleTap(let first): log.append("\(stamp)double \(first)")
                case .drag(let phase, let press):
                    log.append("\(stamp)drag \(phase) \(describe(press.location))")
                case .longPress(let phase, let press):
                    log.append("\(stamp)long press \(phase) \(describe(press.location))")
                case .released(let press):
                    clicks += 1
                    record(recognizer.tap(clicks, at: press.time, waitsForSecond: row.waitsForSecond))
                }
            }
        }
        for step in row.steps {
            switch step {
            case .down(let x, let y, let time):
                record(
                    recognizer.pointerDown(
                        at: Point(x: x, y: y), time: time, drag: row.drags, longPress: row.longPresses))
            case .move(let x, let y, let time):
                record(recognizer.pointerMoved(to: Point(x: x, y: y), time: time))
            case .up(let x, let y, let time): record(recognizer.pointerUp(at: Point(x: x, y: y), time: time))
            case .advance(let time): record(recognizer.advance(to: time), at: time)
            }
        }
        #expect(log == row.expected)
    }

    @Test func theDeadlineIsTheLongPressOrTheEndOfTheWaitWhicheverComesFirst() throws {
        var recognizer = PointerRecognizer<Int>(thresholds: .standard)
        #expect(recognizer.deadline == nil)
        _ = recognizer.pointerDown(at: .zero, time: 1, longPress: true)
        #expect(recognizer.deadline == 1.5)
        _ = recognizer.pointerUp(at: .zero, time: 1.25)
        #expect(recognizer.deadline == nil, "a released press no longer becomes a long press")
        _ = recognizer.tap(1, at: 1.25, waitsForSecond: true)
        let waitEnds = try #require(recognizer.deadline)
        #expect(abs(waitEnds - 1.55) < 1e-9)
        _ = recognizer.pointerDown(at: .zero, time: 1.5, longPress: true)
        #expect(recognizer.deadline == waitEnds)
        #expect(recognizer.advance(to: waitEnds) == [.tap(1)])
        #expect(recognizer.deadline == 2)
    }

    @Test func aClickOnSomethingElseEndsTheWaitOfTheFirst() {
        var recognizer = PointerRecognizer<String>(thresholds: .standard)
        #expect(recognizer.tap("play", at: 0, waitsForSecond: true) { $0 == "play" }.isEmpty)
        #expect(
            recognizer.tap("mute", at: 0.1, waitsForSecond: false) { $0 == "mute" } == [
                .tap("play"), .tap("mute"),
            ])
    }

    @Test func dragsReportTheSpeedOfTheLastMove() {
        var recognizer = PointerRecognizer<Int>(thresholds: .standard)
        _ = recognizer.pointerDown(at: .zero, time: 0)
        _ = recognizer.pointerMoved(to: Point(x: 10, y: 0), time: 0.1)
        _ = recognizer.pointerMoved(to: Point(x: 10, y: 30), time: 0.2)
        #expect(recognizer.press?.velocity == Point(x: 0, y: 300))
        #expect(recognizer.press?.translation == Point(x: 10, y: 30))
    }

    @Test func thresholdsOtherThanTheStandardOnesAreHonoured() {
        var recognizer = PointerRecognizer<Int>(
            thresholds: GestureThresholds(doubleTapInterval: 0.5, longPressDuration: 1, dragDistance: 20))
        _ = recognizer.pointerDown(at: .zero, time: 0, longPress: true)
        #expect(recognizer.pointerMoved(to: Point(x: 15, y: 0), time: 0.1).isEmpty)
        #expect(recognizer.advance(to: 0.9).isEmpty)
        #expect(recognizer.pointerMoved(to: Point(x: 20, y: 0), time: 0.95).count == 1)
        _ = recognizer.pointerUp(at: .zero, time: 1)
        _ = recognizer.tap(1, at: 1, waitsForSecond: true)
        #expect(recognizer.tap(2, at: 1.45, waitsForSecond: true) == [.doubleTap(first: 1)])
    }

    private func describe(_ point: Point) -> String {
        "\(Int(point.x)),\(Int(point.y))"
    }
}
