/// What the demux thread sends a decoder thread.
enum PacketItem: Sendable {
    /// A compressed packet read at seek generation `serial`.
    case packet(Packet, serial: Int)
    /// A seek happened: drop decoder state; with `discardBefore`, drop output ending before that time.
    case flush(serial: Int, discardBefore: Double?)
    /// The demuxer reached the end of the media for generation `serial`: drain the decoder.
    case end(serial: Int)

    /// The compressed bytes a packet holds; markers hold none.
    var byteCount: Int {
        guard case .packet(let packet, _) = self else { return 0 }
        return Int(packet.pointer.pointee.size)
    }
}
