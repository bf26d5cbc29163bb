import CFFmpeg
import VideoPlayerRender

/// One encoded stream of a clip: an `AVCodecContext` (freed in `deinit`) feeding its `AVStream`.
final class ClipStreamEncoder {
    let codecContext: UnsafeMutablePointer<AVCodecContext>
    let stream: UnsafeMutablePointer<AVStream>
    // Keeps the format context, and so `stream`, alive as long as this encoder.
    private let muxer: ClipMuxer
    private let packet: ClipPacket

    /// Opens `codec` on a new stream of `muxer`.
    ///
    /// - Parameters:
    ///   - configure: sets the codec parameters (size, rates, time base) before the codec opens.
    ///   - options: private options of the codec (such as libx264's "preset").
    init(
        muxer: ClipMuxer, codec: UnsafePointer<AVCodec>, options: [(String, String)] = [],
        configure: (UnsafeMutablePointer<AVCodecContext>) -> Void
    ) throws(PlayerError) {
        guard let context = avcodec_alloc_context3(codec) else {
            throw .encodeFailed("out of memory for an encoder")
        }
        codecContext = context
        self.muxer = muxer
        packet = try ClipPacket()
        stream = try muxer.addStream()
        configure(context)
        if muxer.needsGlobalHeader {
            context.pointee.flags |= cffmpeg_codec_flag_global_header()
        }
        let location = muxer.location
        for (key, value) in options {
            try ffmpegCheck(
                av_opt_set(context.pointee.priv_data, key, value, 0), location: location,
                operation: "setting \(key)=\(value)")
        }
        let name = String(cString: codec.pointee.name)
        try ffmpegCheck(avcodec_open2(context, codec, nil), location: location, operation: "opening \(name)")
        try ffmpegCheck(
            avcodec_parameters_from_context(stream.pointee.codecpar, context), location: location,
            operation: "describing the \(name) stream")
        stream.pointee.time_base = context.pointee.time_base
    }

    /// Encodes `frame` and writes every packet the encoder hands back; `nil` drains the encoder.
    func encode(_ frame: UnsafeMutablePointer<AVFrame>?) throws(PlayerError) {
        let location = muxer.location
        try ffmpegCheck(avcodec_send_frame(codecContext, frame), location: location, operation: "encoding")
        while true {
            let code = avcodec_receive_packet(codecContext, packet.packet)
            if code == cffmpeg_error_eagain() || code == cffmpeg_error_eof() { return }
            try ffmpegCheck(code, location: location, operation: "encoding")
            // NB: FFmpeg 5.1's libx264 wrapper leaves the duration unset; one frame is one tick.
            if packet.packet.pointee.duration == 0, codecContext.pointee.codec_type == AVMEDIA_TYPE_VIDEO {
                packet.packet.pointee.duration = 1
            }
            av_packet_rescale_ts(packet.packet, codecContext.pointee.time_base, stream.pointee.time_base)
            packet.packet.pointee.stream_index = stream.pointee.index
            try muxer.write(packet.packet)
        }
    }

    /// The largest encoded subtitle: a whole 4K canvas of one colour compresses far below it.
    private static let subtitleBufferSize = 4 * 1024 * 1024

    /// Encodes a subtitle encoder's one rectangle `rect` (`nil`: an empty display), shown from
    /// `start` to `end` seconds; returns the packet's bytes.
    ///
    /// > Important: what `rect` points to (pixels, palette, text) must live until it returns.
    func encodeSubtitle(_ rect: UnsafeMutablePointer<AVSubtitleRect>?, start: Double, end: Double)
        throws(PlayerError) -> [UInt8]
    {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.subtitleBufferSize)
        defer { buffer.deallocate() }
        var rects: UnsafeMutablePointer<AVSubtitleRect>? = rect
        let code = withUnsafeMutablePointer(to: &rects) { list -> Int32 in
            var subtitle = AVSubtitle()
            subtitle.pts = Int64((start * 1_000_000).rounded())
            subtitle.end_display_time = UInt32((max(0, end - start) * 1000).rounded())
            if rect != nil {
                subtitle.num_rects = 1
                subtitle.rects = list
            }
            return avcodec_encode_subtitle(codecContext, buffer, Int32(Self.subtitleBufferSize), &subtitle)
        }
        let size = try ffmpegCheck(code, location: muxer.location, operation: "encoding a subtitle")
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    deinit {
        var doomed: UnsafeMutablePointer<AVCodecContext>? = codecContext
        avcodec_free_context(&doomed)
    }
}
