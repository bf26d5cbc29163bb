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

/// An owned scratch `AVFrame` a decoder thread reuses, freed in `deinit`.
///
/// > Important: used by the thread that created it only; never shared.
final class FFmpegFrame {
    let pointer: UnsafeMutablePointer<AVFrame>

    init?() {
        guard let frame = av_frame_alloc() else { return nil }
        pointer = frame
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVFrame>? = pointer
        av_frame_free(&doomed)
    }

    func unref() { av_frame_unref(pointer) }
}
