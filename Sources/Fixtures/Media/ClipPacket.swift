import CFFmpeg
import VideoPlayerRender

/// An `AVPacket` reused for every packet one stream writes, freed with its owner.
final class ClipPacket {
    let packet: UnsafeMutablePointer<AVPacket>

    init() throws(PlayerError) {
        guard let packet = av_packet_alloc() else { throw .encodeFailed("out of memory for a packet") }
        self.packet = packet
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&doomed)
    }
}
