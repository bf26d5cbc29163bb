import CFFmpeg
import Synchronization

/// Times the segments a network demuxer fetches, for the throughput estimate, and holds back the
/// next segment while enough is read ahead.
///
/// The network watch calls it from libavformat's `io_open` and `io_close2` hooks, which run on the
/// demux thread. A segment is held back before its request is sent, not in the middle of its
/// download: data that arrives while the demuxer waits would fill the sockets' buffers and make the
/// next reads look instant.
///
/// Each time a segment's connection closes, the bytes all open connections read since the last
/// measure, over the time since then, make a measure: the demuxer reads the connections of a
/// rendition's picture and of its sound (or of two renditions, while they switch) in turns, so the
/// time of one connection is partly spent reading the others. The time the demux thread spent
/// waiting (for room in its queues, or for the next request to be let through) is left out, as is
/// the time no segment was being fetched.
///
/// So is the time from a segment's end to a playlist's request, with no segment read in between,
/// while other connections stay open: libavformat's HLS demuxer, at the end of a live playlist's
/// segment, waits for the playlist to list the next one (up to a target duration) before it reads
/// any other connection. With two renditions open (sound apart from the picture, or two while
/// they switch), that wait would count as the other's download time, and a fast network would
/// look as slow as the stream.
///
/// > Important: `Sendable` through its locks; the hold and the estimate are read from other threads.
/// > The connections' counts are read on the demux thread, in the hooks, while they are open.
final class SegmentMeter: Sendable {
    private struct State {
        /// The connections open (by their `AVIOContext`'s address) and the bytes each had read at
        /// the last measure.
        var open: [UInt: Int] = [:]
        /// When the time measured next began, and the seconds waited by then.
        var markedAt = 0.0
        var waitedAtMark = 0.0
        /// Bytes of connections that closed since the last measure.
        var closedBytes = 0
        /// Seconds the demux thread waited, in all.
        var waited = 0.0
        var estimator = ThroughputEstimator()
        /// When the latest measure ended.
        var latestEnd: Double?
        /// When the demux thread last stopped reading segments with connections still open (a
        /// segment's end, a playlist's request), and ``activity`` then; `nil` once a segment opens.
        var idle: (since: Double, activity: Int)?
    }

    private let state = Locked(State())
    /// Counts the reads of segment connections (their interrupt callbacks): an idle time is one
    /// in which it did not change.
    private let activity = Atomic<Int>(0)
    private let hold = Locked<(@Sendable () -> Void)?>(nil)
    /// The clock the downloads are timed with.
    let now: @Sendable () -> Double
    /// What says whether a segment download under way is given up, and for which rendition.
    private let abandonRule = Locked<AbandonRule?>(nil)
    /// The download given up, until the demux thread takes it.
    private let abandoned = Locked<Abandonment?>(nil)
    /// The switch held for the next segment request, and what says whether a request is it.
    private let held = Locked<(switch: HeldSwitch?, rule: HeldSwitchRule?)>((nil, nil))

    /// A segment download given up: the rendition to fetch its segment from instead, where the
    /// segment begins on the media's timeline, and why that rendition (``Quality/auto`` chose it,
    /// or it was chosen by hand while the one playing fetched slowly).
    struct Abandonment: Equatable, Sendable {
        var rendition: Rendition.ID
        var segmentStart: Double
        var reason = RenditionChangeReason.adaptive
        /// Whether the segment was given up before it was requested, for a switch held until the
        /// rendition playing asked for it (``holdSwitch(_:)``): nothing of it was fetched.
        var beforeRequest = false
    }

    /// A switch of rendition that waits for the next segment the rendition playing requests
    /// (``holdSwitch(_:)``).
    struct HeldSwitch: Equatable, Sendable {
        var playing: Rendition.ID
        var next: Rendition.ID
    }

    /// Says whether the segment at `url`, about to be requested, is given up for the switch
    /// `held`, and from where the rendition it switches to fetches.
    typealias HeldSwitchRule = @Sendable (_ url: String, _ held: HeldSwitch) -> Abandonment?

    /// Says whether the download of the segment at `url` is given up, after `seconds` (waits of
    /// the demux thread left out) in which it read `bytesRead` of the `size` bytes its answer
    /// announced (when it did).
    typealias AbandonRule =
        @Sendable (_ url: String, _ seconds: Double, _ bytesRead: Int, _ size: Int?) -> Abandonment?

    init(clock now: @escaping @Sendable () -> Double = monotonicSeconds) {
        self.now = now
    }

    /// Makes every later segment request wait for `wait` to return; `nil` requests at once.
    func holdSegments(with wait: (@Sendable () -> Void)?) {
        hold.withLock { $0 = wait }
    }

    /// Lets `rule` give segment downloads up while they run (``SegmentDownload``); `nil` never does.
    func abandonDownloads(when rule: AbandonRule?) {
        abandonRule.withLock { $0 = rule }
    }

    /// Asks the abandon rule about `download`, at `now`; says whether it was given up.
    func shouldAbandon(_ download: SegmentDownload, bytesRead: Int, size: Int?, at now: Double) -> Bool {
        guard abandoned.withLock({ $0 == nil }), let rule = abandonRule.withLock({ $0 }) else { return false }
        let waited = secondsWaited - download.waitedAtRequest
        let seconds = now - download.requestedAt - waited
        guard let abandonment = rule(download.url, seconds, bytesRead, size) else { return false }
        abandoned.withLock { $0 = abandonment }
        return true
    }

    /// Lets `rule` say which segment request a held switch takes over (``holdSwitch(_:)``).
    func takeOverRequests(when rule: HeldSwitchRule?) {
        held.withLock { $0.rule = rule }
    }

    /// Holds a switch from the rendition playing to another until the rendition playing requests
    /// a segment that `rule` (``takeOverRequests(when:)``) gives to the other: that segment is
    /// then given up before it is requested (``abandonsRequest(of:)``). `nil` lets it go.
    func holdSwitch(_ held: HeldSwitch?) {
        self.held.withLock { $0.switch = held }
    }

    /// Says whether the segment at `url`, about to be requested, is given up for the switch held;
    /// the switch is then no longer held, and the demux thread takes the abandonment
    /// (``takeAbandoned()``).
    func abandonsRequest(of url: String) -> Bool {
        let (waiting, rule) = held.withLock { ($0.switch, $0.rule) }
        guard abandoned.withLock({ $0 == nil }), let waiting, let rule, let abandonment = rule(url, waiting)
        else { return false }
        held.withLock { $0.switch = nil }
        abandoned.withLock { $0 = abandonment }
        return true
    }

    /// Whether a download was given up and the demux thread has not taken it yet: segments are
    /// refused meanwhile.
    var hasAbandoned: Bool { abandoned.withLock { $0 != nil } }

    /// The download given up, if any; segments are let through again.
    func takeAbandoned() -> Abandonment? {
        abandoned.withLock { kept in
            defer { kept = nil }
            return kept
        }
    }

    /// Seconds the demux thread waited so far.
    var secondsWaited: Double { state.withLock { $0.waited } }

    /// The estimator as it stands: the estimate, the latest measure, how many were counted.
    var estimator: ThroughputEstimator { state.withLock { $0.estimator } }

    /// Adds `seconds` the demux thread waited.
    func waited(_ seconds: Double) {
        state.withLock { $0.waited += seconds }
    }

    /// Says that a segment connection is being read (its interrupt callback ran).
    func reading() {
        activity.add(1, ordering: .relaxed)
    }

    /// Called before a playlist (or manifest) is requested: the time since the demux thread last
    /// read a segment, when none was read since and connections are open, was a wait, and so is
    /// the request until the next read.
    func beforePlaylistRequest() {
        let (end, count) = (now(), activity.load(ordering: .relaxed))
        state.withLock { state in
            guard !state.open.isEmpty, let idle = state.idle, idle.activity == count else { return }
            state.waited += end - idle.since
            state.idle = (end, count)
        }
    }

    /// Called before a segment is requested: waits while the hold says so; returns when it is
    /// requested.
    func beforeRequest() -> Double {
        if let wait = hold.withLock({ $0 }) {
            let began = now()
            wait()
            waited(now() - began)
        }
        return now()
    }

    /// Called once the connection `connection` requested at `start` (from ``beforeRequest()``) opened.
    func opened(_ connection: UnsafeMutablePointer<AVIOContext>, requestedAt start: Double) {
        state.withLock { state in
            if state.open.isEmpty {
                // Nothing was fetched since the last measure: the time measured begins here.
                state.markedAt = start
                state.waitedAtMark = state.waited
            }
            state.open[UInt(bitPattern: connection)] = 0
            state.idle = nil
        }
    }

    /// Called when `connection` is about to close: a measure of what all the open connections read.
    func closing(_ connection: UnsafeMutablePointer<AVIOContext>) {
        let (end, count) = (now(), activity.load(ordering: .relaxed))
        state.withLock { state in
            guard let marked = state.open.removeValue(forKey: UInt(bitPattern: connection)) else { return }
            state.idle = (end, count)
            state.closedBytes += Int(connection.pointee.bytes_read) - marked
            let pending = state.open.map { Self.bytesRead(by: $0.key) - $0.value }
            let bytes = state.closedBytes + pending.reduce(0, +)
            guard bytes >= ThroughputEstimator.minimumSampleBytes else {
                // Too few bytes to tell a rate yet: they count with the next measure while another
                // connection goes on; once none does, the time measured ends here, so they are
                // left out.
                if state.open.isEmpty { state.closedBytes = 0 }
                return
            }
            let seconds = end - state.markedAt - (state.waited - state.waitedAtMark)
            let span = state.latestEnd.map { end - $0 } ?? seconds
            state.estimator.add(bytes: bytes, seconds: seconds, span: span)
            state.latestEnd = end
            state.markedAt = end
            state.waitedAtMark = state.waited
            state.closedBytes = 0
            for address in Array(state.open.keys) { state.open[address] = Self.bytesRead(by: address) }
        }
    }

    private static func bytesRead(by address: UInt) -> Int {
        UnsafeMutablePointer<AVIOContext>(bitPattern: address).map { Int($0.pointee.bytes_read) } ?? 0
    }
}
