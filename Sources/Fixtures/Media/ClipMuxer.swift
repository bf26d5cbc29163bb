import CFFmpeg
import VideoPlayerRender

/// The output file of `TestMedia.encode`: an `AVFormatContext` whose container follows the file
/// extension, closed and freed in `deinit` when writing stops half-way.
///
/// Muxers that write several files (HLS, DASH) close their segment files without looking at the
/// error of the last writes (FFmpeg 5.1), so a full disk would leave a truncated segment behind
/// and no error. The muxer's `io_close2` goes through ``closeFile``, which keeps the first failure
/// for ``finish()`` to throw.
final class ClipMuxer {
    let context: UnsafeMutablePointer<AVFormatContext>
    /// The path written, also used to name it in errors.
    let location: String
    /// The first failure to write a file the muxer opened itself, as an FFmpeg error code.
    private var fileFailure: Int32?

    init(path: String) throws(PlayerError) {
        var context: UnsafeMutablePointer<AVFormatContext>?
        let code = avformat_alloc_output_context2(&context, nil, nil, path)
        guard code >= 0, let context else {
            throw .encodeFailed("no container matches the extension of \(path)")
        }
        self.context = context
        location = path
        context.pointee.opaque = Unmanaged.passUnretained(self).toOpaque()
        context.pointee.io_close2 = ClipMuxer.closeFile
    }

    /// Closes a file the muxer opened, recording the failure of its last writes (which closing
    /// flushes) on the muxer that `opaque` points to.
    private static let closeFile:
        @convention(c) (UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<AVIOContext>?) -> Int32 =
            { context, pb in
                let code = avio_close(pb)
                if code < 0, let opaque = context?.pointee.opaque {
                    let muxer = Unmanaged<ClipMuxer>.fromOpaque(opaque).takeUnretainedValue()
                    if muxer.fileFailure == nil { muxer.fileFailure = code }
                }
                return code
            }

    /// The short name of the container, such as "mp4" or "matroska".
    var formatName: String {
        guard let format = context.pointee.oformat else { return "" }
        return String(cString: format.pointee.name)
    }

    /// Whether codecs must put their setup data in the stream header (MP4, Matroska) instead of
    /// repeating it in the bitstream.
    var needsGlobalHeader: Bool {
        guard let format = context.pointee.oformat else { return false }
        return format.pointee.flags & cffmpeg_fmt_globalheader() != 0
    }

    /// Adds a stream; the muxer owns it.
    func addStream() throws(PlayerError) -> UnsafeMutablePointer<AVStream> {
        guard let stream = avformat_new_stream(context, nil) else {
            throw .encodeFailed("cannot add a stream to \(location)")
        }
        return stream
    }

    /// Attaches a font file (a Matroska attachment: a stream without packets whose private data is
    /// the file), before the header is written.
    func attach(_ font: SubtitleFont) throws(PlayerError) {
        guard formatName.contains("matroska") else {
            throw .invalidArgument("attached fonts need a Matroska (.mkv) file, not \(formatName)")
        }
        let stream = try addStream()
        guard let parameters = stream.pointee.codecpar else {
            throw .encodeFailed("no codec parameters for the font \(font.name)")
        }
        parameters.pointee.codec_type = AVMEDIA_TYPE_ATTACHMENT
        parameters.pointee.codec_id = AV_CODEC_ID_TTF
        try Self.setPrivateData(font.data, of: parameters, what: "the font \(font.name)")
        av_dict_set(&stream.pointee.metadata, "filename", font.name, 0)
        av_dict_set(&stream.pointee.metadata, "mimetype", "font/ttf", 0)
    }

    /// Gives a stream `bytes` as its private data (FFmpeg's `extradata`, zero-padded as it requires):
    /// an ASS track's script header, an attachment's file.
    static func setPrivateData(
        _ bytes: [UInt8], of parameters: UnsafeMutablePointer<AVCodecParameters>, what: String
    ) throws(PlayerError) {
        let padding = Int(AV_INPUT_BUFFER_PADDING_SIZE)
        guard let extradata = av_mallocz(bytes.count + padding)?.assumingMemoryBound(to: UInt8.self) else {
            throw .encodeFailed("cannot allocate \(what)")
        }
        extradata.update(from: bytes, count: bytes.count)
        parameters.pointee.extradata = extradata
        parameters.pointee.extradata_size = Int32(bytes.count)
    }

    /// Sets the container's title, artist and album tags (before the header is written).
    func setTags(_ tags: MediaMetadata) {
        for (key, value) in [("title", tags.title), ("artist", tags.artist), ("album", tags.album)] {
            if let value { av_dict_set(&context.pointee.metadata, key, value, 0) }
        }
    }

    /// Creates the file and writes the container header; streams are fixed from here on.
    ///
    /// - Parameter options: the muxer's private options, such as `hls_time` for an HLS playlist.
    func writeHeader(options: [String: String] = [:]) throws(PlayerError) {
        // NB: muxers that write several files (HLS) open them themselves.
        if !writesOwnFiles {
            try ffmpegCheck(
                avio_open(&context.pointee.pb, location, cffmpeg_io_flag_write()), location: location,
                operation: "creating the file")
        }
        var dictionary: OpaquePointer?
        defer { av_dict_free(&dictionary) }
        for (key, value) in options { av_dict_set(&dictionary, key, value, 0) }
        try ffmpegCheck(
            avformat_write_header(context, &dictionary), location: location, operation: "writing the header")
    }

    /// Whether the muxer opens its output files itself (no `pb` to open or close).
    private var writesOwnFiles: Bool {
        guard let format = context.pointee.oformat else { return false }
        return format.pointee.flags & cffmpeg_fmt_nofile() != 0
    }

    /// Writes one packet, interleaved by time with the other streams; takes the packet's data.
    func write(_ packet: UnsafeMutablePointer<AVPacket>) throws(PlayerError) {
        try ffmpegCheck(
            av_interleaved_write_frame(context, packet), location: location, operation: "writing a packet")
    }

    /// Writes `bytes` as one subtitle packet of `stream`, a keyframe shown from `start` to `end`
    /// seconds (times in whole milliseconds; an `end` at `start` states no duration), through
    /// `packet`, which it reuses.
    func writeSubtitle(
        _ bytes: [UInt8], start: Double, end: Double, stream: UnsafeMutablePointer<AVStream>,
        packet: ClipPacket
    ) throws(PlayerError) {
        try ffmpegCheck(
            av_new_packet(packet.packet, Int32(bytes.count)), location: location,
            operation: "allocating a subtitle packet")
        packet.packet.pointee.data?.update(from: bytes, count: bytes.count)
        let milliseconds = AVRational(num: 1, den: 1000)
        let (first, last) = (Int64((start * 1000).rounded()), Int64((end * 1000).rounded()))
        packet.packet.pointee.pts = av_rescale_q(first, milliseconds, stream.pointee.time_base)
        packet.packet.pointee.dts = packet.packet.pointee.pts
        packet.packet.pointee.duration = av_rescale_q(
            max(0, last - first), milliseconds, stream.pointee.time_base)
        packet.packet.pointee.flags |= cffmpeg_pkt_flag_key()
        packet.packet.pointee.stream_index = stream.pointee.index
        try write(packet.packet)
    }

    /// Writes the buffered packets and the trailer, then closes the file.
    func finish() throws(PlayerError) {
        try ffmpegCheck(av_write_trailer(context), location: location, operation: "writing the trailer")
        if let fileFailure {
            try ffmpegCheck(fileFailure, location: location, operation: "writing a segment file")
        }
        guard !writesOwnFiles else { return }
        try ffmpegCheck(avio_closep(&context.pointee.pb), location: location, operation: "closing the file")
    }

    deinit {
        if context.pointee.pb != nil {
            avio_closep(&context.pointee.pb)
        }
        avformat_free_context(context)
    }
}
