/// Where the passes of a looping item begin on its session's timeline, which runs on across passes
/// (the demuxer shifts each pass's timestamps), and which pass the clock is in.
struct LoopTimeline {
    /// The seek generation the starts belong to; a seek starts a new timeline at pass 0.
    private var serial = -1
    /// Starts of the passes read ahead and of the one playing, in order.
    private var starts: [Double] = []
    /// The start of the pass the clock was last found in (0 for the first).
    private var current = 0.0

    /// Records that the pass beginning at `start` of generation `serial` was read.
    mutating func add(_ start: Double, serial: Int) {
        if serial != self.serial { self = LoopTimeline(serial: serial) }
        starts.append(start)
    }

    /// The start of the pass `time` lies in, on generation `serial`'s timeline.
    func passStart(at time: Double, serial: Int) -> Double {
        guard serial == self.serial else { return 0 }
        return starts.last { $0 <= time + 1e-6 } ?? 0
    }

    /// Follows the clock to `time`; `true` when it entered a new pass.
    mutating func enter(at time: Double, serial: Int) -> Bool {
        let start = passStart(at: time, serial: serial)
        guard serial == self.serial, start > current else { return false }
        current = start
        starts.removeAll { $0 < start }
        return true
    }

    private init(serial: Int) {
        self.serial = serial
    }

    init() {}
}
