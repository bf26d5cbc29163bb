import CFFmpeg

/// An owned `AVPacket`, freed in `deinit`.
///
/// > Important: `@unchecked Sendable` because a packet has one owner at a time: the demux thread
/// > fills it, hands it through a queue and never touches it again.
final class Packet: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVPacket>

    init?() {
        guard let packet = av_packet_alloc() else { return nil }
        pointer = packet
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVPacket>? = pointer
        av_packet_free(&doomed)
    }

    var streamIndex: Int { Int(pointer.pointee.stream_index) }
}
