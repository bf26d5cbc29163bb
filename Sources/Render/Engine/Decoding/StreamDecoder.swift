import CFFmpeg

/// What a decoder thread does with the frames it decodes (convert, filter, queue them).
protocol DecodedFrameHandler: AnyObject {
    /// Takes a decoded frame of generation `serial`; `false` stops the thread (the player closed).
    ///
    /// Output before `discardBefore` (an exact seek's target) is dropped, and so is output outside
    /// `pass` when the item loops.
    func handle(
        _ frame: UnsafeMutablePointer<AVFrame>, serial: Int, discardBefore: Double?, pass: LoopPass?
    ) -> Bool
    /// The last frame of a looping item's pass came: output held back from that pass goes out
    /// now, before the next pass's first frame. `false` stops the thread (the player closed).
    func endPass(serial: Int) -> Bool
    /// A seek happened: forget any state built from earlier frames.
    func reset(serial: Int)
    /// No more frames will come for generation `serial`; with `padTo`, output ending before that
    /// time is made up to it.
    func finish(serial: Int, padTo: Double?)
}

/// Runs one decoder on its own thread: pops packets, decodes, and passes frames to a handler.
///
/// Corrupt packets are counted and skipped; `decodedFrames == 0 && failures > 0` at the end means
/// nothing could be decoded.
final class StreamDecoder: Sendable {
    let packets: BoundedQueue<PacketItem>
    private let counters = Locked((decoded: 0, failures: 0, lastError: ""))
    private let decodeTime = Locked(0.0)

    init(packetCapacity: Int) {
        packets = BoundedQueue(capacity: packetCapacity) { $0.byteCount }
    }

    /// How many frames decoded, how many packets failed, and FFmpeg's words for the last failure.
    var statistics: (decoded: Int, failures: Int, lastError: String) { counters.withLock { $0 } }

    /// Seconds the decoder thread spent inside libavcodec's send and receive calls, in all.
    var decodeSeconds: Double { decodeTime.withLock { $0 } }

    /// Runs one libavcodec call and adds its duration to ``decodeSeconds``.
    private func timed(_ call: () -> Int32) -> Int32 {
        let start = monotonicSeconds()
        let code = call()
        let elapsed = monotonicSeconds() - start
        decodeTime.withLock { $0 += elapsed }
        return code
    }

    /// The thread body: returns when the packet queue is aborted or the handler asks to stop.
    ///
    /// With a `governor` (the video's), decoding work is shed while the pictures come out late,
    /// as the handler tells it (``VideoPipeline``, of the pictures it shows).
    ///
    /// > Important: `codec`, `handler` and `governor` must be used by this thread only.
    func run(codec: CodecContext, handler: some DecodedFrameHandler, governor: DecodeGovernor? = nil) {
        guard let frame = FFmpegFrame() else { return }
        var serial = -1
        var discardBefore: Double?
        // The looping pass of the packet sent last.
        var pass: LoopPass?
        while let item = packets.pop() {
            switch item {
            case .flush(let newSerial, let target):
                avcodec_flush_buffers(codec.pointer)
                serial = newSerial
                discardBefore = target
                handler.reset(serial: newSerial)
                governor?.reset()
            case .packet(let packet, let packetSerial, let packetPass):
                guard packetSerial == serial, governor?.admits(packet, codec: codec) ?? true else { continue }
                if let previous = pass, let packetPass, packetPass.start != previous.start {
                    // A looping item's next pass: the last one's held-back frames come out first,
                    // then the pass is decoded from a fresh state, as the first one was (Opus only
                    // sounds right from the state its encoder started in).
                    avcodec_send_packet(codec.pointer, nil)
                    guard drain(codec, frame, handler, governor, serial, discardBefore, previous),
                        handler.endPass(serial: serial)
                    else { return }
                    avcodec_flush_buffers(codec.pointer)
                }
                pass = packetPass
                record(timed { avcodec_send_packet(codec.pointer, packet.pointer) })
                guard drain(codec, frame, handler, governor, serial, discardBefore, pass) else { return }
            case .end(let endSerial, let padTo):
                guard endSerial == serial else { continue }
                avcodec_send_packet(codec.pointer, nil)
                guard drain(codec, frame, handler, governor, serial, discardBefore, pass) else { return }
                handler.finish(serial: serial, padTo: padTo)
                // NB: after draining, the codec only accepts packets again once flushed.
                avcodec_flush_buffers(codec.pointer)
            }
        }
    }

    private func drain(
        _ codec: CodecContext, _ frame: FFmpegFrame, _ handler: some DecodedFrameHandler,
        _ governor: DecodeGovernor?, _ serial: Int, _ discardBefore: Double?, _ pass: LoopPass?
    ) -> Bool {
        while true {
            let code = timed { avcodec_receive_frame(codec.pointer, frame.pointer) }
            if code == cffmpeg_error_eagain() || code == cffmpeg_error_eof() { return true }
            guard code >= 0 else {
                record(code)
                return true
            }
            counters.withLock { $0.decoded += 1 }
            governor?.decoded(by: codec)
            let keepGoing = handler.handle(
                frame.pointer, serial: serial, discardBefore: discardBefore, pass: pass)
            frame.unref()
            guard keepGoing else { return false }
        }
    }

    private func record(_ code: Int32) {
        guard code < 0, code != cffmpeg_error_eagain(), code != cffmpeg_error_eof() else { return }
        let message = ffmpegErrorString(code)
        counters.withLock {
            $0.failures += 1
            $0.lastError = message
        }
    }
}
