import CFFmpeg
import VideoPlayerRender

/// Decodes one stream of a `MediaProbe` from its first packet to the end.
final class ProbeDecoder {
    let probe: MediaProbe
    let streamIndex: Int
    let codecContext: UnsafeMutablePointer<AVCodecContext>
    private let frame: UnsafeMutablePointer<AVFrame>
    private let packet: UnsafeMutablePointer<AVPacket>

    init(probe: MediaProbe, streamIndex: Int) throws {
        guard let parameters = probe.streams[streamIndex].pointee.codecpar,
            let codec = avcodec_find_decoder(parameters.pointee.codec_id),
            let context = avcodec_alloc_context3(codec)
        else {
            throw PlayerError.unsupportedCodec(
                track: streamIndex, codec: probe.codecName(ofStream: streamIndex))
        }
        codecContext = context
        guard let frame = av_frame_alloc(), let packet = av_packet_alloc() else {
            throw PlayerError.io("out of memory")
        }
        self.frame = frame
        self.packet = packet
        self.probe = probe
        self.streamIndex = streamIndex
        try MediaProbe.check(avcodec_parameters_to_context(context, parameters), "copying parameters")
        context.pointee.pkt_timebase = probe.streams[streamIndex].pointee.time_base
        try MediaProbe.check(avcodec_open2(context, codec, nil), "opening the decoder")
    }

    deinit {
        var doomedFrame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&doomedFrame)
        var doomedPacket: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&doomedPacket)
        var doomedContext: UnsafeMutablePointer<AVCodecContext>? = codecContext
        avcodec_free_context(&doomedContext)
    }

    /// Seconds per tick of the stream's timestamps.
    var timeBase: Double { av_q2d(probe.streams[streamIndex].pointee.time_base) }

    /// Calls `body` with every decoded frame of the stream, in presentation order, draining the decoder.
    func decodeAll(_ body: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        try MediaProbe.check(
            av_seek_frame(probe.context, Int32(streamIndex), 0, cffmpeg_seek_flag_backward()), "rewinding")
        while true {
            let code = av_read_frame(probe.context, packet)
            if code == cffmpeg_error_eof() { break }
            try MediaProbe.check(code, "reading")
            defer { av_packet_unref(packet) }
            guard Int(packet.pointee.stream_index) == streamIndex else { continue }
            try MediaProbe.check(avcodec_send_packet(codecContext, packet), "sending a packet")
            try receiveFrames(body)
        }
        try MediaProbe.check(avcodec_send_packet(codecContext, nil), "draining")
        try receiveFrames(body)
    }

    private func receiveFrames(_ body: (UnsafeMutablePointer<AVFrame>) throws -> Void) throws {
        while true {
            let code = avcodec_receive_frame(codecContext, frame)
            if code == cffmpeg_error_eagain() || code == cffmpeg_error_eof() { return }
            try MediaProbe.check(code, "decoding")
            defer { av_frame_unref(frame) }
            try body(frame)
        }
    }

    /// The first channel's samples of a planar-float audio stream (AAC decodes to that) and the time
    /// of the first sample.
    func firstChannelSamples() throws -> (samples: [Float], start: Double) {
        var samples: [Float] = []
        var start: Double?
        try decodeAll { frame in
            guard frame.pointee.format == AV_SAMPLE_FMT_FLTP.rawValue,
                let plane = frame.pointee.extended_data[0]
            else {
                throw PlayerError.unsupportedFormat("expected planar float audio")
            }
            if start == nil { start = Double(frame.pointee.best_effort_timestamp) * timeBase }
            let count = Int(frame.pointee.nb_samples)
            plane.withMemoryRebound(to: Float.self, capacity: count) { floats in
                samples.append(contentsOf: UnsafeBufferPointer(start: floats, count: count))
            }
        }
        return (samples, start ?? 0)
    }
}
