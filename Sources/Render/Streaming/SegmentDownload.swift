import CFFmpeg
import Synchronization

/// One segment's download, watched while it runs so that it can be given up (``SegmentMeter``'s
/// abandon rule): the interrupt callback of its connection.
///
/// libavformat copies a context's interrupt callback into each connection it opens; the network
/// watch opens a segment with this one instead of the session's. It interrupts when the session's
/// guard does, and once the rule gave the download up: the read then ends as interrupted, and
/// libavformat's HLS demuxer goes on to the next segment, which the watch refuses until the demux
/// thread has had another rendition fetch this one's media.
///
/// The callback runs on the demux thread, before each read of the connection and every 100 ms of
/// a wait for its data; the rule is asked at most every ``checkInterval`` seconds.
final class SegmentDownload: Sendable {
    /// Seconds between two askings of the rule.
    static let checkInterval = 0.05

    let url: String
    /// When it was requested (``SegmentMeter/beforeRequest()``'s time).
    let requestedAt: Double
    /// The seconds the demux thread had waited by then (``SegmentMeter/secondsWaited``).
    let waitedAtRequest: Double
    private let parent: InterruptGuard?
    private let meter: SegmentMeter
    /// The connection once open (its address), and the bytes its answer announced.
    private let connection = Locked<(address: UInt, size: Int?)?>(nil)
    private let lastCheck = Locked(-Double.infinity)
    private let gaveUp = Atomic<Bool>(false)

    init(url: String, requestedAt: Double, parent: InterruptGuard?, meter: SegmentMeter) {
        self.url = url
        self.requestedAt = requestedAt
        waitedAtRequest = meter.secondsWaited
        self.parent = parent
        self.meter = meter
    }

    /// Says that the download's connection opened as `context`.
    func opened(_ context: UnsafeMutablePointer<AVIOContext>) {
        let size = avio_size(context)
        connection.withLock { $0 = (UInt(bitPattern: context), size > 0 ? Int(size) : nil) }
    }

    /// Says that the download's connection is closing: libavformat frees the I/O context before
    /// its connection, whose callback must no longer read it.
    func closing() {
        connection.withLock { $0 = nil }
    }

    /// Whether the rule gave the download up.
    private var isAbandoned: Bool { gaveUp.load(ordering: .sequentiallyConsistent) }

    private var shouldInterrupt: Bool {
        if parent?.interrupts == true || isAbandoned { return true }
        meter.reading()
        guard let (address, size) = connection.withLock({ $0 }),
            let context = UnsafeMutablePointer<AVIOContext>(bitPattern: address)
        else { return false }
        let now = meter.now()
        let due = lastCheck.withLock { last in
            guard now - last >= Self.checkInterval else { return false }
            last = now
            return true
        }
        guard due, meter.shouldAbandon(self, bytesRead: Int(context.pointee.bytes_read), size: size, at: now)
        else { return false }
        gaveUp.store(true, ordering: .sequentiallyConsistent)
        return true
    }

    /// The C callback FFmpeg calls; `opaque` is this download, kept alive by the network watch
    /// while its connection is open.
    var callback: AVIOInterruptCB {
        AVIOInterruptCB(
            callback: { opaque in
                guard let opaque else { return 0 }
                return Unmanaged<SegmentDownload>.fromOpaque(opaque).takeUnretainedValue().shouldInterrupt
                    ? 1 : 0
            },
            opaque: Unmanaged.passUnretained(self).toOpaque())
    }
}
