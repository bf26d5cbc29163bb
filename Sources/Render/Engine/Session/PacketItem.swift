/// One time through a looping item, on the session's continuous timeline: the demuxer goes on
/// from the start at the end, shifting the timestamps of each pass by the length of those before.
struct LoopPass: Sendable, Equatable {
    /// Where the pass begins: the media's own time 0 of the pass. Decoded sound before it (or
    /// before `priming` after it) is codec priming.
    var start: Double
    /// Where the pass ends, when the container says how long the media is: decoded output at or
    /// after it is codec padding, and the next pass's first samples take its place.
    var end: Double?
    /// Seconds of codec priming the pass's sound begins with, which its container does not take
    /// off (AAC in MPEG-TS, or in the fragmented MP4 segments of an HLS stream), after the
    /// first pass: the sound heard goes on from the end of the pass before.
    var priming = 0.0

    /// Where the sound heard of the pass begins.
    var soundStart: Double { start + priming }
}

/// What the demux thread sends a decoder thread.
enum PacketItem: Sendable {
    /// A compressed packet read at seek generation `serial`, in `pass` when the item loops.
    case packet(Packet, serial: Int, pass: LoopPass?)
    /// A seek happened: drop decoder state; with `discardBefore`, drop output ending before that time.
    case flush(serial: Int, discardBefore: Double?)
    /// The demuxer reached the end of the media for generation `serial`: drain the decoder. With
    /// `padTo`, output that ends before that time is made up to it (silence for sound).
    case end(serial: Int, padTo: Double? = nil)

    /// The compressed bytes a packet holds; markers hold none.
    var byteCount: Int {
        guard case .packet(let packet, _, _) = self else { return 0 }
        return Int(packet.pointer.pointee.size)
    }
}
