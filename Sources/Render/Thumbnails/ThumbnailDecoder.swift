import CFFmpeg

/// The generator's own demuxer and single-threaded decoder: seeks to the keyframe before a time,
/// decodes that one picture and scales it down.
///
/// An on-demand HLS stream of fragmented-MP4 segments (a DASH presentation the player plays
/// through its bridge too), in which libavformat's HLS demuxer cannot seek, is opened anew for
/// each picture instead, from the media playlist of its largest picture cut before the segment
/// that holds the time (the player's own seeks open it anew the same way).
///
/// > Important: made and used on the generator's thread only; frees its FFmpeg objects in `deinit`
/// > (through the wrappers it holds).
final class ThumbnailDecoder {
    private var source: MediaSource
    private let codec: CodecContext
    private var stream: UnsafeMutablePointer<AVStream>
    /// The media playlist opened anew, cut, for each picture; `nil` when the demuxer seeks.
    private let reopened: String?
    private let interrupt: InterruptGuard
    /// The playlists that cannot change, read once for every picture.
    private let playlists = PlaylistStore()
    /// The item's DASH manifest, when it is one: its bridge, if it has one, serves the playlists
    /// the decoder opens.
    private let manifest: PrefetchedManifest?
    private let width: Int
    private var cache: RecentlyUsed<Int64, Thumbnail>
    private let packet: Packet
    private let frame: FFmpegFrame

    init(location: String, width: Int, cacheCapacity: Int, interrupt: InterruptGuard) throws(PlayerError) {
        // NB: a live stream's positions count from where its window stood when it opened, and
        // libavformat seeks in none: there is no time to make a thumbnail of.
        let live = PlayerError.unsupportedFormat("\(location) is a live stream: no thumbnails are made of it")
        // NB: a network DASH manifest is read first, as the player reads it: a live one is refused
        // before libavformat's DASH demuxer fetches it over and over, and an on-demand one opens as
        // the player opens it (through its bridge, or given to the DASH demuxer from memory).
        let manifest = try PrefetchedManifest.read(location, timeout: 10, interrupt: interrupt, counter: nil)
        if manifest?.isLive == true { throw live }
        self.manifest = manifest
        self.interrupt = interrupt
        let opened = manifest?.opened ?? location
        reopened = try Self.fragmentedPlaylist(of: opened, interrupt: interrupt, playlists: playlists)
        source = try MediaSource(
            location: reopened ?? opened, timeout: 10, interrupt: interrupt, prefetched: manifest?.prefetched,
            name: location, cut: reopened.map { _ in PlaylistCut(time: 0, keptWhole: []) },
            playlists: playlists)
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
        cache = RecentlyUsed(capacity: cacheCapacity)
        // NB: other streams are never read: the demuxer skips their packets.
        source.readOnly([codec.streamIndex])
        // NB: libavformat's DASH demuxer lets go of the representations whose streams are all
        // discarded when it is next asked for a packet; a seek before that moves every one of
        // them, and fetches a segment of each. The packets the probe read ahead are dropped, or
        // they would be read first, without asking the demuxer.
        if source.formatName == "dash" {
            avformat_flush(source.pointer)
            _ = try readPacket()
        }
    }

    /// The media playlist of the largest picture of `location` when it is an on-demand HLS stream
    /// of fragmented-MP4 segments (an `EXT-X-MAP`); `nil` for any other location.
    private static func fragmentedPlaylist(
        of location: String, interrupt: InterruptGuard, playlists: PlaylistStore
    ) throws(PlayerError) -> String? {
        guard isNetworkLocation(location), NetworkWatch.isPlaylist(location) else { return nil }
        let guardian = InterruptGuard(parent: interrupt)
        var url = location
        if case .master(let master) = try playlists.playlist(
            at: location, timeout: 10, interrupt: guardian, counter: nil)
        {
            // NB: by the area of its picture, then by its bit rate.
            let sizes = master.variants.map { ($0.width ?? 0) * ($0.height ?? 0) }
            let rates = master.variants.map { $0.bandwidth ?? 0 }
            guard
                let largest = master.variants.indices.max(by: {
                    (sizes[$0], rates[$0]) < (sizes[$1], rates[$1])
                })
            else { return nil }
            url = master.variantURLs(relativeTo: location)[largest]
        }
        guard
            case .media(let media) = try playlists.playlist(
                at: url, timeout: 10, interrupt: guardian, counter: nil)
        else { return nil }
        return media.isFinished && media.hasInitializationSection ? url : nil
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
        if let reopened {
            source = try MediaSource(
                location: reopened, timeout: 10, interrupt: interrupt, name: source.name,
                cut: PlaylistCut(time: max(0, time), keptWhole: []), playlists: playlists)
            guard let stream = source.stream(codec.streamIndex) else {
                throw .decodeFailed("no picture at \(time) s")
            }
            self.stream = stream
            source.readOnly([codec.streamIndex])
        } else {
            try ffmpegCheck(
                av_seek_frame(source.pointer, Int32(codec.streamIndex), target, cffmpeg_seek_flag_backward()),
                location: source.location, operation: "seeking for a thumbnail")
        }
        avcodec_flush_buffers(codec.pointer)
        let found = try reopened == nil ? readPacket() : readKeyframe(atOrBefore: target)
        guard found else { throw .decodeFailed("no picture at \(time) s") }
        let key = Self.time(of: packet)
        if let hit = cache.value(for: key) { return hit }
        let made = try decodeFirstPicture(readingOn: reopened == nil)
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

    private static func time(of packet: Packet) -> Int64 {
        packet.pointer.pointee.pts != cffmpeg_nopts_value()
            ? packet.pointer.pointee.pts : packet.pointer.pointee.dts
    }

    /// Reads into `packet` the last keyframe at or before `target` (in the stream's time base) of
    /// those from the segment the container opened at, else the first one after it; `false` when
    /// there is none. Reads up to the first packet decoded after `target`.
    private func readKeyframe(atOrBefore target: Int64) throws(PlayerError) -> Bool {
        guard let candidate = Packet() else { throw .io("out of memory") }
        var found = false
        while try readPacket() {
            let decoded =
                packet.pointer.pointee.dts != cffmpeg_nopts_value()
                ? packet.pointer.pointee.dts : Self.time(of: packet)
            // NB: by decoding time, no keyframe read later is at or before the target.
            if found, decoded > target { break }
            guard packet.pointer.pointee.flags & AV_PKT_FLAG_KEY != 0 else { continue }
            av_packet_unref(candidate.pointer)
            av_packet_move_ref(candidate.pointer, packet.pointer)
            found = true
            if Self.time(of: candidate) > target { break }
        }
        guard found else { return false }
        av_packet_unref(packet.pointer)
        av_packet_move_ref(packet.pointer, candidate.pointer)
        return true
    }

    /// Feeds packets from the one in `packet` until the decoder gives a picture, then scales it;
    /// without `readingOn`, that one only (a keyframe, whose picture the decoder gives when drained).
    private func decodeFirstPicture(readingOn: Bool = true) throws(PlayerError) -> Thumbnail {
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
            hasPacket = readingOn ? try readPacket() : false
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
