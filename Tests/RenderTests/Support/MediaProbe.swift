import CFFmpeg
import Foundation
import VideoPlayerRender

/// Opens a media file (or URL) with libavformat so tests can check what an encoder or server produced:
/// streams, packets and, through `ProbeDecoder`, decoded pictures and sound.
final class MediaProbe {
    /// One demuxed packet, copied out of FFmpeg.
    struct Packet {
        var streamIndex: Int
        /// Presentation time in seconds (`nil` when the packet has none).
        var time: Double?
        var duration: Double
        var isKeyframe: Bool
        var data: [UInt8]
    }

    let context: UnsafeMutablePointer<AVFormatContext>

    init(_ location: String) throws {
        var context: UnsafeMutablePointer<AVFormatContext>?
        try Self.check(avformat_open_input(&context, location, nil, nil), "opening \(location)")
        guard let context else { throw PlayerError.io("no context for \(location)") }
        self.context = context
        try Self.check(avformat_find_stream_info(context, nil), "probing \(location)")
    }

    convenience init(_ url: URL) throws { try self.init(url.path) }

    deinit {
        var doomed: UnsafeMutablePointer<AVFormatContext>? = context
        avformat_close_input(&doomed)
    }

    /// The container's duration in seconds.
    var duration: Double { Double(context.pointee.duration) / Double(cffmpeg_time_base()) }

    /// When stream `index` starts, in seconds; Matroska shifts every stream by the audio encoder's
    /// delay because it cannot store negative timestamps.
    func startTime(ofStream index: Int) -> Double {
        Double(streams[index].pointee.start_time) * av_q2d(streams[index].pointee.time_base)
    }

    /// The streams in file order.
    var streams: [UnsafeMutablePointer<AVStream>] {
        (0..<Int(context.pointee.nb_streams)).compactMap { context.pointee.streams[$0] }
    }

    /// The codec parameters of stream `index` (a copy).
    func parameters(ofStream index: Int) -> AVCodecParameters {
        streams[index].pointee.codecpar.map(\.pointee) ?? AVCodecParameters()
    }

    /// The index of the first stream of `type`.
    func streamIndex(of type: AVMediaType) -> Int? {
        streams.indices.first { parameters(ofStream: $0).codec_type == type }
    }

    /// The codec name of stream `index`, such as "h264" or "subrip".
    func codecName(ofStream index: Int) -> String {
        String(cString: avcodec_get_name(parameters(ofStream: index).codec_id))
    }

    /// Reads every packet to the end of the input, in file order.
    func readPackets() throws -> [Packet] {
        guard let packet = av_packet_alloc() else { throw PlayerError.io("no packet") }
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        defer { av_packet_free(&owned) }
        var packets: [Packet] = []
        while true {
            let code = av_read_frame(context, packet)
            if code == cffmpeg_error_eof() { return packets }
            try Self.check(code, "reading a packet")
            packets.append(copy(packet))
            av_packet_unref(packet)
        }
    }

    private func copy(_ packet: UnsafeMutablePointer<AVPacket>) -> Packet {
        let timeBase = streams[Int(packet.pointee.stream_index)].pointee.time_base
        let seconds = { (value: Int64) in Double(value) * av_q2d(timeBase) }
        let pts = packet.pointee.pts
        let size = Int(packet.pointee.size)
        return Packet(
            streamIndex: Int(packet.pointee.stream_index),
            time: pts == cffmpeg_nopts_value() ? nil : seconds(pts),
            duration: seconds(packet.pointee.duration),
            isKeyframe: packet.pointee.flags & cffmpeg_pkt_flag_key() != 0,
            data: packet.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    }

    static func check(_ code: Int32, _ what: String) throws {
        guard code >= 0 else { throw PlayerError.io("\(what) failed with \(code)") }
    }
}
