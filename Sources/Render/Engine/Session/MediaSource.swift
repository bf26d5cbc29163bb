import CFFmpeg

/// An opened container: the `AVFormatContext` and the guard that interrupts its blocking I/O.
///
/// > Important: `@unchecked Sendable` because after `init` only the demux thread reads packets and
/// > seeks; other threads only read immutable stream parameters. Freed in `deinit`.
final class MediaSource: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<AVFormatContext>
    let location: String
    /// The location as the app named it, which errors name: `location`, or the DASH manifest a
    /// ``DASHBridge`` plays from `location`.
    let name: String
    let interrupt: InterruptGuard
    /// Watches the connections the demuxer opens itself; `nil` for a local file.
    private let watch: NetworkWatch?
    /// The context the container is read from when its document is in memory (a DASH manifest
    /// already fetched, a playlist of a ``DASHBridge``), which the source frees.
    private let input: UnsafeMutablePointer<AVIOContext>?

    /// Opens `location` (path or URL) and reads the stream information. Blocks on I/O.
    ///
    /// - Parameter timeout: seconds a network read may stall before it fails with a timeout.
    /// - Parameter fetched: counts the bytes the connections of a network location read.
    /// - Parameter meter: times the segments of a network location and holds them back.
    /// - Parameter failover: lets another rendition take over from one whose segments fail.
    /// - Parameter splice: keeps a rendition switch from fetching a stretch of media twice.
    /// - Parameter demuxerOptions: options of the demuxer, such as the HLS demuxer's
    ///   `live_start_index`.
    /// - Parameter prefetched: `location`'s document, already fetched: the demuxer reads it from
    ///   memory.
    /// - Parameter name: what errors call the location, when not `location`.
    /// - Parameter cut: where on an HLS stream's timeline its media playlists are cut
    ///   (``HLSMediaPlaylist/trimmed(_:before:)``), so that the demuxer begins at the segment
    ///   holding that time.
    /// - Parameter playlists: keeps the playlists that cannot change, which the demuxer then reads
    ///   from memory where the media playlists are cut.
    /// - Parameter probing: the streams the probe reads, when not all: the others are discarded
    ///   once the container's header is read. An HLS demuxer then reads nothing more of a variant
    ///   whose streams are all discarded, where it would read its next segments for the probe.
    ///   Their parameters stay those the header told.
    /// - Parameter keptSegments: the segments fetched whole most recently, which the demuxer reads
    ///   from memory when it opens them again.
    init(
        location: String, timeout: Double, interrupt: InterruptGuard, fetched: ByteCounter? = nil,
        meter: SegmentMeter? = nil, failover: RenditionFailover? = nil, splice: RenditionSplice? = nil,
        demuxerOptions: [String: String] = [:], prefetched: [UInt8]? = nil, name: String? = nil,
        cut: PlaylistCut? = nil, playlists: PlaylistStore? = nil, probing: Set<Int>? = nil,
        keptSegments: KeptSegments? = nil
    ) throws(PlayerError) {
        self.location = location
        let name = name ?? location
        self.name = name
        self.interrupt = interrupt
        let network = isNetworkLocation(location)
        watch =
            network
            ? NetworkWatch(
                location: name, timeout: timeout, interrupt: interrupt, fetched: fetched, meter: meter,
                failover: failover, splice: splice, prefetched: prefetched.map { (location, $0) },
                cut: cut, playlists: playlists, keptSegments: keptSegments)
            : nil
        guard var context = avformat_alloc_context() else {
            throw PlayerError.io("out of memory opening \(location)")
        }
        context.pointee.interrupt_callback = interrupt.callback
        watch?.install(on: context)
        switch watch?.document(at: location) {
        case .success(let bytes)?:
            // NB: a context of libavformat's "data" protocol, not a custom one: the DASH and HLS
            // demuxers give the connections they open themselves the read timeout of their input's
            // protocol, and a custom context has none. libavformat leaves a context given before
            // opening to its owner.
            do {
                input = try MemoryInput.openWithTimeout(
                    bytes, timeout: timeout, interrupt: interrupt, name: name)
            } catch {
                avformat_free_context(context)
                throw error
            }
            context.pointee.pb = input
        case .failure(let error)?:
            avformat_free_context(context)
            throw error
        case nil:
            input = nil
        }
        var options: OpaquePointer?
        let microseconds = String(Int64(timeout * 1_000_000))
        if network {
            av_dict_set(&options, "rw_timeout", microseconds, 0)
            av_dict_set(&options, "timeout", microseconds, 0)
            av_dict_set(&options, "reconnect", "0", 0)
            // NB: the HLS demuxer closes a segment's connection (where the watch sees how it ended)
            // only when it does not keep it alive for the next segment, and opens segments one at a
            // time (where the watch can refuse the next) only without a second connection.
            av_dict_set(&options, "http_persistent", "0", 0)
            av_dict_set(&options, "http_multiple", "0", 0)
        }
        for (key, value) in demuxerOptions { av_dict_set(&options, key, value, 0) }
        interrupt.setDeadline(after: network ? timeout * 2 : nil)
        var opened: UnsafeMutablePointer<AVFormatContext>? = context
        let code = avformat_open_input(&opened, location, nil, &options)
        av_dict_free(&options)
        interrupt.setDeadline(after: nil)
        guard code >= 0, let opened else {
            var input = input
            avio_closep(&input)
            throw MediaSource.error(
                for: code, location: name, interrupt: interrupt, watch: watch, operation: "opening")
        }
        context = opened
        pointer = context
        formatName = String(cString: context.pointee.iformat.pointee.name)
        if let probing { readOnly(probing) }
        interrupt.setDeadline(after: network ? timeout * 2 : nil)
        let found = avformat_find_stream_info(context, nil)
        interrupt.setDeadline(after: nil)
        guard found >= 0 else {
            throw MediaSource.error(
                for: found, location: name, interrupt: interrupt, watch: watch,
                operation: "reading stream information")
        }
    }

    deinit {
        watch?.leave()
        var doomed: UnsafeMutablePointer<AVFormatContext>? = pointer
        avformat_close_input(&doomed)
        var input = input
        avio_closep(&input)
    }

    /// What a failed libavformat call while opening means: the network failure recorded meanwhile (a
    /// timeout when the call outlived its deadline, a segment or a playlist the watch saw fail, or
    /// one a failover took over from without a rendition that worked), else the code's own meaning.
    private static func error(
        for code: Int32, location: String, interrupt: InterruptGuard, watch: NetworkWatch?, operation: String
    ) -> PlayerError {
        if let failure = interrupt.failure ?? watch?.failure ?? watch?.playlistFailures.first
            ?? watch?.failureHandedOver
        {
            return failure
        }
        // NB: data that ends before anything could be read (an empty file, a playlist without
        // segments) is no media, not a network fault.
        if code == cffmpeg_error_eof() {
            return .unsupportedFormat("\(location) ended before any media could be read (\(operation))")
        }
        return PlayerError(ffmpegCode: code, location: location, operation: operation)
    }

    /// The network failure behind a read or seek that returned `code`, or `nil` when it failed for
    /// another reason (the end of the data, damaged data, a local file).
    ///
    /// A demuxer may report a broken connection or a skipped segment as the end of the data, so the
    /// failures recorded meanwhile and the context's own I/O error count first.
    func networkFailure(after code: Int32, operation: String) -> PlayerError? {
        guard let watch, !interrupt.isAborted else { return nil }
        if let failure = interrupt.failure ?? watch.failure { return failure }
        let ioError = pointer.pointee.pb?.pointee.error ?? 0
        let cause = ioError < 0 && ioError != cffmpeg_error_exit() ? ioError : code
        guard cause != cffmpeg_error_eof() else { return nil }
        let error = PlayerError(ffmpegCode: cause, location: name, operation: operation)
        if case .network = error { return error }
        return nil
    }

    /// Whether the location is read over the network.
    var isNetwork: Bool { watch != nil }

    /// Whether the container's own document is read from memory (``input``), not from a
    /// connection.
    var readsFromMemory: Bool { input != nil }

    /// Moves the container to the keyframe at or before `timestamp` (`av_seek_frame`), in the time
    /// base of stream `stream` (of `AV_TIME_BASE` when -1); returns libavformat's code.
    ///
    /// Input that cannot be sought (a pipe) can still go forward by reading on, or back within what
    /// libavformat kept; a demuxer that could do neither may answer success without moving, which is
    /// reported here as the failure it is (`ESPIPE`, "Illegal seek").
    func seek(stream: Int32, to timestamp: Int64) -> Int32 {
        watch?.splice?.containerMoved()
        let input = pointer.pointee.pb
        let readFrom = input.map { avio_tell($0) }
        let code = av_seek_frame(pointer, stream, timestamp, cffmpeg_seek_flag_backward())
        if code >= 0, let input, input.pointee.seekable == 0, avio_tell(input) == readFrom {
            return cffmpeg_error_espipe()
        }
        return code
    }

    /// Whether the container is a byte stream whose timestamps may jump (MPEG-TS, MPEG-PS), which
    /// is read from its first byte again to start over, as ffplay seeks in one: sought by a
    /// time, it resumes at the packet found and drops the rest of any packet begun before it,
    /// such as the first keyframe.
    var startsOverByByte: Bool {
        let format = pointer.pointee.iformat.pointee
        return format.flags & cffmpeg_fmt_ts_discont() != 0 && format.flags & cffmpeg_fmt_no_byte_seek() == 0
            && formatName != "ogg"
    }

    /// Moves the container to its first byte, to be read from its start again; returns
    /// libavformat's code.
    func seekToFirstByte() -> Int32 {
        watch?.splice?.containerMoved()
        return av_seek_frame(pointer, -1, 0, cffmpeg_seek_flag_byte())
    }

    /// Closes the connections an HLS container holds open, once it is left for another that opens
    /// anew: until it is freed, after that one opened, a download it was in the middle of (one
    /// given up, the read-ahead before a seek) would go on sharing the link with the new one's.
    /// libavformat's HLS demuxer closes every playlist's connection when it seeks, before reading
    /// anything: it is sought to its first segment. The container is not read again, so how those
    /// connections ended fails nothing (``NetworkWatch/leave()``).
    func closeConnections() {
        guard isNetwork, formatName == "hls" else { return }
        watch?.leave()
        // NB: a quarter of a second in: the demuxer refuses a time before the first packet it
        // read, which may lie after the earliest sample.
        let first = pointer.pointee.start_time
        let inside = (first == cffmpeg_nopts_value() ? 0 : first) + Int64(cffmpeg_time_base() / 4)
        _ = av_seek_frame(pointer, -1, inside, cffmpeg_seek_flag_backward())
    }

    /// Playlists of the stream (an HLS variant's or rendition's) that could not be fetched: the
    /// demuxer left their renditions out.
    var playlistFailures: [PlayerError] { watch?.playlistFailures ?? [] }

    var streamCount: Int { Int(pointer.pointee.nb_streams) }

    /// Lets the demuxer read `streams` only: it skips the others' packets, and an HLS demuxer
    /// fetches nothing more of a variant whose streams are all discarded.
    func readOnly(_ streams: Set<Int>) {
        for index in 0..<streamCount {
            stream(index)?.pointee.discard = streams.contains(index) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
    }

    /// The presentation time of `packet` in seconds from the container's start, `nil` without one.
    func mediaTime(of packet: Packet) -> Double? {
        let pts = packet.pointer.pointee.pts
        guard pts != cffmpeg_nopts_value(), let stream = stream(packet.streamIndex) else { return nil }
        return Double(pts) * av_q2d(stream.pointee.time_base) - startTime
    }

    /// The stream at `index`, or `nil` outside the container's range.
    func stream(_ index: Int) -> UnsafeMutablePointer<AVStream>? {
        guard index >= 0, index < streamCount, let streams = pointer.pointee.streams else { return nil }
        return streams[index]
    }

    /// The media's duration in seconds on the item's timeline, when the container states one: from
    /// the timeline's start, before the container's when it was opened past it (``timelineShift``).
    var duration: Double? {
        if let knownDuration { return knownDuration }
        let value = pointer.pointee.duration
        guard value != cffmpeg_nopts_value(), value > 0 else { return nil }
        return Double(value) / Double(cffmpeg_time_base()) + timelineShift
    }

    /// The container's timestamp, in `AV_TIME_BASE` units, of `time` seconds on the item's
    /// timeline, clamped to what its 64-bit timestamps hold.
    func timestamp(at time: Double) -> Int64 {
        // NB: a seek sent before the duration is known is clamped to no finite end; converting a
        // time past what the container's 64-bit timestamps hold would trap.
        let timeBase = Double(cffmpeg_time_base())
        let latest = Double(Int64.max / 2) / timeBase
        return Int64((min(max(time + startTime, -latest), latest) * timeBase).rounded())
    }

    /// The time of the first sample in seconds (0 when unknown), less ``timelineShift``.
    var startTime: Double { containerStartTime - timelineShift }

    /// The time of the first sample in seconds as the container has it (0 when unknown).
    var containerStartTime: Double {
        let value = pointer.pointee.start_time
        guard value != cffmpeg_nopts_value() else { return 0 }
        return Double(value) / Double(cffmpeg_time_base())
    }

    /// Where the first sample lies on the item's timeline: 0, except for a live stream, whose
    /// timeline begins at the start of its playlist's window (see ``LiveTimeline``).
    ///
    /// > Important: set on the demux thread before the decoders open, never after.
    var timelineShift = 0.0

    /// The duration an on-demand stream opened anew keeps from its first opening, which saw the
    /// whole of its playlists (libavformat's HLS demuxer adds up its first variant's).
    ///
    /// > Important: set on the demux thread before the container is read, never after.
    var knownDuration: Double?

    /// The demuxer's short name, such as "hls" or "mov,mp4,m4a,3gp,3g2,mj2": read once, as the
    /// container opens (the demux thread asks for it with every packet of a looping item).
    let formatName: String

    /// The URLs of the first segments the demuxer opened, in order.
    var openedSegments: [String] { watch?.openedSegments ?? [] }

    /// The container's chapters.
    var chapters: [MediaChapter] {
        guard let chapters = pointer.pointee.chapters else { return [] }
        return (0..<Int(pointer.pointee.nb_chapters)).compactMap { index in
            guard let chapter = chapters[index] else { return nil }
            let base = chapter.pointee.time_base
            let scale = Double(base.num) / Double(max(base.den, 1))
            return MediaChapter(
                title: metadata(chapter.pointee.metadata, "title") ?? "",
                start: Double(chapter.pointee.start) * scale, end: Double(chapter.pointee.end) * scale)
        }
    }

    /// Font files attached to the container (Matroska attachments with a font's codec or MIME type),
    /// up to ``fontBytesLimit`` bytes together.
    var fonts: [SubtitleFont] {
        var fonts: [SubtitleFont] = []
        var total = 0
        for index in 0..<streamCount {
            guard let stream = stream(index), let parameters = stream.pointee.codecpar,
                parameters.pointee.codec_type == AVMEDIA_TYPE_ATTACHMENT,
                let bytes = parameters.pointee.extradata,
                parameters.pointee.extradata_size > 0
            else { continue }
            let mime = metadata(stream.pointee.metadata, "mimetype")?.lowercased() ?? ""
            let id = parameters.pointee.codec_id
            guard
                id == AV_CODEC_ID_TTF || id == AV_CODEC_ID_OTF || mime.contains("font")
                    || mime.contains("truetype")
                    || mime.contains("opentype")
            else { continue }
            let size = Int(parameters.pointee.extradata_size)
            guard total + size <= Self.fontBytesLimit else { break }
            total += size
            let name = metadata(stream.pointee.metadata, "filename") ?? "attachment-\(index)"
            fonts.append(
                SubtitleFont(name: name, data: Array(UnsafeBufferPointer(start: bytes, count: size))))
        }
        return fonts
    }

    /// Bytes of attached fonts read at most: a film's fonts are a few megabytes.
    static let fontBytesLimit = 64 * 1024 * 1024

    /// The container's tags (title, artist, album).
    var metadata: MediaMetadata {
        let tags = pointer.pointee.metadata
        return MediaMetadata(
            title: metadata(tags, "title"), artist: metadata(tags, "artist"), album: metadata(tags, "album"))
    }

    /// Every stream as a track description.
    var tracks: [MediaTrack] {
        (0..<streamCount).compactMap { index in
            guard let stream = stream(index), let parameters = stream.pointee.codecpar else { return nil }
            let kind: TrackKind =
                switch parameters.pointee.codec_type {
                case AVMEDIA_TYPE_VIDEO: .video
                case AVMEDIA_TYPE_AUDIO: .audio
                case AVMEDIA_TYPE_SUBTITLE: .subtitle
                case AVMEDIA_TYPE_DATA: .data
                case AVMEDIA_TYPE_ATTACHMENT: .attachment
                default: .unknown
                }
            return MediaTrack(
                index: index, kind: kind,
                codecName: String(cString: avcodec_get_name(parameters.pointee.codec_id)),
                language: metadata(stream.pointee.metadata, "language"),
                title: metadata(stream.pointee.metadata, "title"),
                isSupported: MediaSource.isDecodable(parameters.pointee, kind: kind))
        }
    }

    /// Whether a decoder exists and the parameters describe something it can open.
    static func isDecodable(_ parameters: AVCodecParameters, kind: TrackKind) -> Bool {
        guard avcodec_find_decoder(parameters.codec_id) != nil else { return false }
        switch kind {
        case .audio: return parameters.sample_rate > 0 && parameters.ch_layout.nb_channels > 0
        case .video: return parameters.width > 0 && parameters.height > 0
        case .subtitle: return true
        default: return false
        }
    }

    /// The rotation and mirror the stream's display matrix asks for.
    func orientation(ofStream index: Int) -> VideoOrientation {
        guard let stream = stream(index),
            let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, nil)
        else { return .upright }
        return data.withMemoryRebound(to: Int32.self, capacity: 9) { VideoOrientation(displayMatrix: $0) }
    }

    private func metadata(_ dictionary: OpaquePointer?, _ key: String) -> String? {
        guard let entry = av_dict_get(dictionary, key, nil, 0), let value = entry.pointee.value else {
            return nil
        }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }
}

extension VideoOrientation {
    /// The turn and mirror of a display matrix (FFmpeg's layout: nine 32-bit values, the 2x2 part in
    /// 16.16 fixed point), to the nearest quarter turn; upright when it holds no rotation.
    package init(displayMatrix matrix: UnsafePointer<Int32>) {
        let counterClockwise = av_display_rotation_get(matrix)
        guard counterClockwise.isFinite else {
            self = .upright
            return
        }
        // The 2x2 part's determinant is negative when the matrix mirrors the picture. FFmpeg's angle
        // is that of the picture's x axis; mirroring first reverses that axis, so the turn that
        // follows the mirror is half a turn more.
        let determinant = Double(matrix[0]) * Double(matrix[4]) - Double(matrix[1]) * Double(matrix[3])
        let mirrored = determinant < 0
        self.init(
            rotationDegrees: Int((-counterClockwise).rounded()) + (mirrored ? 180 : 0), mirrored: mirrored)
    }
}
