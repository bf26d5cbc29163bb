import CFFmpeg

/// The generator's own demuxer and single-threaded decoder: seeks to the keyframe before a time,
/// decodes that one picture and scales it down.
///
/// > Important: made and used on the generator's thread only; frees its FFmpeg objects in `deinit`
/// > (through the wrappers it holds).
final class ThumbnailDecoder {
    private let source: MediaSource
    private let codec: CodecContext
    private let stream: UnsafeMutablePointer<AVStream>
    private let width: Int
    private var cache: ThumbnailCache
    private let packet: Packet
    private let frame: FFmpegFrame

    init(location: String, width: Int, cacheCapacity: Int, interrupt: InterruptGuard) throws(PlayerError) {
        // NB: a live stream's positions count from where its window stood when it opened, and
        // libavformat seeks in none: there is no time to make a thumbnail of.
        let live = PlayerError.unsupportedFormat("\(location) is a live stream: no thumbnails are made of it")
        // NB: a network DASH manifest is read first, as the player reads it: a live one is refused
        // before libavformat's DASH demuxer fetches it over and over, and an on-demand one is given
        // to that demuxer from memory. Not through the player's bridge: libavformat's HLS demuxer
        // cannot seek in segments of fragmented MP4, the DASH demuxer can.
        let manifest = try PrefetchedManifest.read(location, timeout: 10, interrupt: interrupt, counter: nil)
        if manifest?.isLive == true { throw live }
        source = try MediaSource(
            location: location, timeout: 10, interrupt: interrupt, prefetched: manifest?.bytes)
        if source.formatName == "hls", source.duration == nil { throw live }
        let index = Int(av_find_best_stream(source.pointer, AVMEDIA_TYPE_VIDEO, -1, -1, nil, 0))
        guard index >= 0, let stream = source.stream(index) else {
            throw .unsupportedFormat("no video stream in \(location)")
        }
        self.stream = stream
        codec = try CodecContext(source: source, streamIndex: index, threads: 1)
        guard let packet = Packet(), let frame = FFmpegFrame() else { throw .io("out of memory") }
        self.packet = packet
        self.frame = frame
        self.width = max(16, width)
        cache = ThumbnailCache(capacity: cacheCapacity)
        // Other streams are never read: the demuxer skips their packets.
        for other in 0..<source.streamCount where other != index {
            source.stream(other)?.pointee.discard = AVDISCARD_ALL
        }
    }

    /// How many pictures this decoder made (cache hits excluded).
    private(set) var decodedCount = 0

    /// The picture of the keyframe at or before `time` seconds, from the cache when it was made before.
    func thumbnail(at time: Double) throws(PlayerError) -> Thumbnail {
        let base = codec.timeBase
        let target = Int64(
            ((max(0, time) + codec.origin) * Double(base.den) / Double(max(base.num, 1))).rounded())
        if let indexed = avformat_index_get_entry_from_timestamp(
            stream, target, cffmpeg_seek_flag_backward()),
            let hit = cache.value(for: indexed.pointee.timestamp)
        {
            return hit
        }
        try ffmpegCheck(
            av_seek_frame(source.pointer, Int32(codec.streamIndex), target, cffmpeg_seek_flag_backward()),
            location: source.location, operation: "seeking for a thumbnail")
        avcodec_flush_buffers(codec.pointer)
        guard try readPacket() else { throw .decodeFailed("no picture at \(time) s") }
        let key =
            packet.pointer.pointee.pts != cffmpeg_nopts_value()
            ? packet.pointer.pointee.pts : packet.pointer.pointee.dts
        if let hit = cache.value(for: key) { return hit }
        let made = try decodeFirstPicture()
        decodedCount += 1
        cache.insert(made, for: key)
        return made
    }

    /// Reads the next packet of the video stream into `packet`; `false` at the end.
    private func readPacket() throws(PlayerError) -> Bool {
        while true {
            av_packet_unref(packet.pointer)
            let code = av_read_frame(source.pointer, packet.pointer)
            if code == cffmpeg_error_eof() { return false }
            try ffmpegCheck(code, location: source.location, operation: "reading for a thumbnail")
            if packet.streamIndex == codec.streamIndex { return true }
        }
    }

    /// Feeds packets from the one in `packet` until the decoder gives a picture, then scales it.
    private func decodeFirstPicture() throws(PlayerError) -> Thumbnail {
        var hasPacket = true
        while true {
            let sent = avcodec_send_packet(codec.pointer, hasPacket ? packet.pointer : nil)
            if sent < 0, sent != cffmpeg_error_eagain(), sent != cffmpeg_error_eof() {
                throw .decodeFailed("thumbnail: \(ffmpegErrorString(sent))")
            }
            frame.unref()
            let received = avcodec_receive_frame(codec.pointer, frame.pointer)
            if received >= 0 { return try scaled() }
            if received != cffmpeg_error_eagain() || !hasPacket {
                throw .decodeFailed("thumbnail: \(ffmpegErrorString(received))")
            }
            hasPacket = try readPacket()
        }
    }

    private func scaled() throws(PlayerError) -> Thumbnail {
        let time = codec.seconds(frame.pointer.pointee.best_effort_timestamp) ?? 0
        guard
            let picture = VideoFrame(
                referencing: frame.pointer, time: time, duration: 0, orientation: .upright, serial: 0)
        else { throw .io("out of memory") }
        let display = picture.displaySize
        let height = max(2, Int((Double(width) * display.height / max(display.width, 1)).rounded()) & ~1)
        guard let pixels = picture.rgbaPixels(width: width, height: height) else {
            throw .decodeFailed("thumbnail: cannot convert the picture")
        }
        return Thumbnail(time: time, pixels: pixels)
    }
}
