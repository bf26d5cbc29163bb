import CFFmpeg
import Logging
import Synchronization

/// Watches the connections a network demuxer opens by itself, so that one which fails ends the
/// data there, with that failure, instead of being skipped.
///
/// libavformat's HLS demuxer opens its segments without the read timeout of the playlist (a stalled
/// server blocked it for ever), logs and skips a segment it cannot open (404, 500, refused) or read
/// to its end (connection lost, timeout), and ends the stream when no segment is left: a viewer
/// would see a jump or an early end, and no error. The watch hooks the context's `io_open` and
/// `io_close2`: it gives every connection the read timeout, and after the first failure it records
/// it refuses every later open, so the demuxer skips the rest and ends the data right after what it
/// already read, which still plays.
///
/// A variant or rendition playlist of an HLS master playlist that cannot be fetched while the item
/// opens is another matter: the demuxer leaves that rendition out and the others play, so such a
/// failure is kept in ``playlistFailures`` for the player to report, and refuses nothing. Once it
/// plays, a live rendition's playlist that fails to reload fails that rendition over, as a segment
/// does.
///
/// Some documents it answers from memory (``readInMemory(_:)``): a DASH manifest the player
/// already fetched, the HLS playlists that cannot change it already read, and the playlists and
/// initialization segments of a ``DASHBridge``; and the segments fetched whole a moment before,
/// which a container opened anew asks for again (``KeptSegments``).
///
/// > Important: the owner keeps the watch alive as long as the context (it is the context's
/// > unretained `opaque`). The hooks run on whichever thread libavformat calls them from.
final class NetworkWatch: Sendable {
    let location: String
    private let recorded = Locked<PlayerError?>(nil)
    private let failedPlaylists = Locked<[PlayerError]>([])
    private let handedOver = Locked<PlayerError?>(nil)
    private let isLeft = Atomic<Bool>(false)
    private let segmentsOpened = Locked<[String]>([])
    /// The connections (by address) that fetch the first bytes of a segment only, for the demuxer
    /// to learn a rendition's streams (``RenditionSplice/Admission/prefix(_:)``): no rendition plays
    /// from them, so how they end fails none.
    private let glimpses = Locked<Set<Int>>([])
    /// The segments opened whose URLs are kept: those a live stream begins with.
    private static let segmentsKept = 16
    /// Counts the bytes each connection read, when it closes.
    let fetched: ByteCounter?
    /// Times the segments' downloads and holds back requests while enough is read ahead.
    let meter: SegmentMeter?
    /// Lets another rendition of a ladder take over from one whose segments fail.
    let failover: RenditionFailover?
    /// Keeps a rendition switch from fetching a stretch of media twice.
    let splice: RenditionSplice?
    private let timeout: Double
    /// libavformat's `rw_timeout`: microseconds a read may wait for data.
    private var readTimeout: String { String(Int64(timeout * 1_000_000)) }
    private let interrupt: InterruptGuard?
    /// What interrupts the reads of a document given as the container's own input
    /// (``readInMemory(_:ownInput:)``): `interrupt`, or one of the watch's own.
    private let ownInputGuard: InterruptGuard
    /// A document already fetched, given to the demuxer's first open of its URL instead of fetching
    /// it again (a DASH manifest the player read to learn whether it is live).
    private let prefetched: Locked<(url: String, bytes: [UInt8])?>
    /// The connections (by address) that read from memory (``MemoryInput``).
    private let inMemory = Locked<Set<Int>>([])
    /// The contexts (by address) wrapped around a connection (or around another such context),
    /// which the demuxer reads instead.
    private let wrappedInputs = Locked<[Int: WrappedInput]>([:])

    /// A context that reads a connection on the demuxer's behalf.
    private enum WrappedInput {
        /// A segment with its times moved (``ShiftedInput``).
        case shifted
        /// A glimpse kept at its segment's length (``PaddedInput``).
        case padded
        /// A segment whose bytes are kept once read whole (``KeepingInput``).
        case keeping

        /// Frees `context` and returns what it read.
        func close(_ context: UnsafeMutablePointer<AVIOContext>) -> UnsafeMutablePointer<AVIOContext>? {
            switch self {
            case .shifted: ShiftedInput.close(context)
            case .padded: PaddedInput.close(context)
            case .keeping: KeepingInput.close(context)
            }
        }
    }
    /// The segment downloads under way (by their connection's address), whose interrupt callbacks
    /// their connections call.
    private let downloads = Locked<[Int: SegmentDownload]>([:])
    /// Where the media playlists are cut, when they are: the watch reads each playlist itself
    /// and gives the demuxer what is left (``HLSMediaPlaylist/trimmed(_:before:)``).
    private let cut: PlaylistCut?
    /// Keeps the playlists read where they are cut that cannot change.
    private let playlists: PlaylistStore?
    /// The segments fetched whole most recently, which are read from memory when opened again.
    private let keptSegments: KeptSegments?

    /// A watch of `location`'s connections, whose reads time out after `timeout` seconds without data.
    init(
        location: String, timeout: Double, interrupt: InterruptGuard? = nil, fetched: ByteCounter? = nil,
        meter: SegmentMeter? = nil, failover: RenditionFailover? = nil, splice: RenditionSplice? = nil,
        prefetched: (url: String, bytes: [UInt8])? = nil, cut: PlaylistCut? = nil,
        playlists: PlaylistStore? = nil, keptSegments: KeptSegments? = nil
    ) {
        self.location = location
        self.fetched = fetched
        self.meter = meter
        self.failover = failover
        self.splice = splice
        self.timeout = timeout
        self.interrupt = interrupt
        ownInputGuard = interrupt ?? InterruptGuard()
        self.prefetched = Locked(prefetched)
        self.cut = cut
        self.playlists = playlists
        self.keptSegments = keptSegments
    }

    /// The first failure of a connection the demuxer opened, if any.
    var failure: PlayerError? { recorded.withLock { $0 } }

    /// The URLs of the first segments the demuxer opened, in order.
    var openedSegments: [String] { segmentsOpened.withLock { $0 } }

    /// The last failure handed to ``failover``: what a container that could not open with the
    /// rendition taking over failed of, when nothing else failed.
    var failureHandedOver: PlayerError? { handedOver.withLock { $0 } }

    /// The failures to fetch a playlist (an HLS variant's or rendition's), in order.
    var playlistFailures: [PlayerError] { failedPlaylists.withLock { $0 } }

    /// Makes `context` report through this watch; call before `avformat_open_input`.
    func install(on context: UnsafeMutablePointer<AVFormatContext>) {
        context.pointee.opaque = Unmanaged.passUnretained(self).toOpaque()
        context.pointee.io_open = NetworkWatch.open
        context.pointee.io_close2 = NetworkWatch.close
    }

    /// Says that the container is left for another, opened anew, and is not read again: how its
    /// connections end from now on (closed by a seek, or as it is freed) fails nothing.
    ///
    /// Its downloads under way failed or not with the same network as the new container's: a
    /// stall times out all of them at once. One closed only as the container is left would
    /// otherwise fail the rendition the new container is opening with over to yet another, whose
    /// segments it then refuses, and it would fail to open for lack of any, with no network
    /// failure of its own to tell.
    func leave() { isLeft.store(true, ordering: .sequentiallyConsistent) }

    /// Records the failure behind `code` when it is a network one; interruptions are not failures.
    private func record(_ code: Int32, operation: String, url: UnsafePointer<CChar>? = nil) {
        guard code < 0, code != cffmpeg_error_exit(), code != cffmpeg_error_eof() else { return }
        record(
            PlayerError(ffmpegCode: code, location: location, operation: operation),
            url: url.map { String(cString: $0) })
    }

    private func record(_ error: PlayerError, url: String?) {
        guard case .network = error else { return }
        guard !isLeft.load(ordering: .sequentiallyConsistent) else {
            Logger.network.debug("\(url ?? "a connection") of a container left: \(error)")
            return
        }
        Logger.network.notice("\(url ?? "a connection"): \(error)")
        // NB: once the item plays, a playlist that fails is a live rendition's, reloaded.
        if failover?.fetchFailed(error) == true {
            handedOver.withLock { $0 = error }
            return
        }
        if let url, Self.isPlaylist(url) {
            failedPlaylists.withLock { $0.append(error) }
            return
        }
        recorded.withLock { $0 = $0 ?? error }
    }

    /// A context reading the document at `url` from memory when the watch has it: the one
    /// prefetched, or a playlist a ``DASHBridge`` writes; `nil` for any other URL.
    ///
    /// The caller closes it with ``MemoryInput/close(_:)``, which `avio_close` cannot do, unless it
    /// is the container's own input (`ownInput`): libavformat closes that one itself with
    /// `avio_close`, so it is a context of libavformat's `data` protocol instead
    /// (``MemoryInput/openWithTimeout(_:timeout:interrupt:name:)``).
    func readInMemory(_ url: String, ownInput: Bool = false) -> Result<
        UnsafeMutablePointer<AVIOContext>, PlayerError
    >? {
        document(at: url)?.flatMap { bytes in
            if ownInput {
                do throws(PlayerError) {
                    return .success(
                        try MemoryInput.openWithTimeout(
                            bytes, timeout: timeout, interrupt: ownInputGuard, name: url))
                } catch {
                    return .failure(error)
                }
            }
            guard let context = MemoryInput.open(bytes) else {
                return .failure(.io("out of memory reading \(url)"))
            }
            return .success(context)
        }
    }

    /// Whether `pb` is where `context` keeps its own input: `avformat_open_input` opens that
    /// through `io_open` when it was given none, and closes it itself, as `avformat_close_input`
    /// does.
    private static func isOwnInput(
        _ pb: UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>,
        of context: UnsafeMutablePointer<AVFormatContext>?
    ) -> Bool {
        guard let context, let offset = MemoryLayout<AVFormatContext>.offset(of: \.pb) else { return false }
        return UnsafeMutableRawPointer(pb) == UnsafeMutableRawPointer(context) + offset
    }

    /// The document at `url` when the watch has it in memory: the one prefetched, a playlist cut
    /// as ``cut`` says, a playlist that cannot change already read (``PlaylistStore``), or a
    /// playlist a ``DASHBridge`` writes; `nil` for any other URL.
    func document(at url: String) -> Result<[UInt8], PlayerError>? {
        var bytes = prefetched.withLock { kept -> [UInt8]? in
            guard let document = kept, document.url == url else { return nil }
            kept = nil
            return document.bytes
        }
        if bytes == nil, let cut, Self.isPlaylist(url), !cut.keptWhole.contains(url) {
            do throws(PlayerError) {
                let guardian = InterruptGuard(parent: interrupt)
                let read =
                    if let playlists {
                        try playlists.read(url, timeout: timeout, interrupt: guardian, counter: fetched)
                    } else {
                        try HLSPlaylistFetch.read(
                            url, timeout: timeout, interrupt: guardian, counter: fetched)
                    }
                let text = String(decoding: read, as: UTF8.self)
                return .success(
                    HLSMediaPlaylist.trimmed(text, before: cut.time).map { Array($0.utf8) } ?? read)
            } catch {
                return .failure(error)
            }
        }
        // NB: what the player read before the container opened (the master playlist and the
        // variants' playlists of an on-demand ladder; those of a live one, just read) is not
        // fetched a second time.
        if bytes == nil, Self.isPlaylist(url), let kept = playlists?.kept(url) ?? playlists?.takeLent(url) {
            bytes = kept
        }
        if bytes == nil, let bridge = DASHBridge.serving(url) {
            let guardian = InterruptGuard(parent: interrupt)
            do throws(PlayerError) {
                bytes = try bridge.document(at: url, timeout: timeout, interrupt: guardian, counter: fetched)
            } catch {
                return .failure(error)
            }
        }
        return bytes.map { .success($0) }
    }

    /// Whether `url` names a playlist (".m3u8", ".m3u"), not a segment.
    static func isPlaylist(_ url: String) -> Bool {
        hasExtension(url, among: ["m3u8", "m3u"])
    }

    /// Whether `url` names a DASH manifest (".mpd").
    static func isManifest(_ url: String) -> Bool {
        hasExtension(url, among: ["mpd"])
    }

    /// Whether `url` names a segment: neither a playlist nor a DASH manifest (".mpd").
    static func isSegment(_ url: String) -> Bool {
        !hasExtension(url, among: ["m3u8", "m3u", "mpd"])
    }

    private static func hasExtension(_ url: String, among extensions: [String]) -> Bool {
        let path = (url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url).lowercased()
        return extensions.contains { path.hasSuffix("." + $0) }
    }

    private static func watch(of context: UnsafeMutablePointer<AVFormatContext>?) -> NetworkWatch? {
        guard let opaque = context?.pointee.opaque else { return nil }
        return Unmanaged<NetworkWatch>.fromOpaque(opaque).takeUnretainedValue()
    }

    typealias OpenFunction =
        @convention(c) (
            UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?,
            UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?
        ) -> Int32
    typealias CloseFunction =
        @convention(c) (
            UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<AVIOContext>?
        ) -> Int32

    /// libavformat's own `io_open` and `io_close2`, which the hooks call to do the work.
    private static let defaults: (open: OpenFunction, close: CloseFunction)? = {
        guard let scratch = avformat_alloc_context() else { return nil }
        defer { avformat_free_context(scratch) }
        guard let open = scratch.pointee.io_open, let close = scratch.pointee.io_close2 else { return nil }
        return (open, close)
    }()

    private static let open: OpenFunction = { context, pb, url, flags, options in
        guard let defaults else { return cffmpeg_averror(ENOSYS) }
        let watch = watch(of: context)
        // NB: not AVERROR_EXIT, which the demuxer would take for an interruption and stop at once,
        // dropping what it read but did not return yet.
        if watch?.failure != nil { return cffmpeg_averror(ECANCELED) }
        if let watch, let options { av_dict_set(options, "rw_timeout", watch.readTimeout, 0) }
        if let url, !isSegment(String(cString: url)) { watch?.meter?.beforePlaylistRequest() }
        // NB: a segment of a DASH segment list, which a URL of the bridge names, is a range of
        // another URL, read over the network as any segment is; so is one of a period whose times
        // the bridge moves, read through a context that moves them.
        let shifted = url.flatMap { DASHBridge.shiftedSegment(String(cString: $0)) }
        let ranged =
            shifted.map { shifted in shifted.range.map { (url: shifted.url, range: $0) } }
            ?? url.flatMap { DASHBridge.rangedSegment(String(cString: $0)) }
        // NB: the container's own input read from memory (a playlist lent while it opens anew)
        // is closed by libavformat, not by the watch.
        let ownInput = pb.map { isOwnInput($0, of: context) } ?? false
        if ranged == nil, shifted == nil, let watch, let url, let pb,
            let served = watch.readInMemory(String(cString: url), ownInput: ownInput)
        {
            switch served {
            case .success(let opened):
                if !ownInput { watch.inMemory.withLock { _ = $0.insert(Int(bitPattern: opened)) } }
                pb.pointee = opened
                return 0
            case .failure(let error):
                watch.record(error, url: String(cString: url))
                return cffmpeg_averror(EIO)
            }
        }
        let segment = url.map { String(cString: $0) }.flatMap { isSegment($0) ? $0 : nil }
        // NB: a segment of an HLS playlist's byte ranges (`EXT-X-BYTERANGE`) is a range the demuxer
        // asks for itself, of a URL that other segments share: it is not kept by its URL.
        let keepable = !ownInput && ranged == nil && shifted == nil && !asksForARange(options)
        // The segment whose first bytes only are asked for, if any, and where they end.
        var glimpse: String?
        var glimpseEnd: Int64?
        var keepsLength = false
        if let segment, let watch {
            // NB: the rendition failed over from is skipped to its end at once.
            if watch.failover?.isPending == true { return cffmpeg_averror(ECANCELED) }
            // NB: so is the rendition whose download was given up, as another fetches its media.
            if watch.meter?.hasAbandoned == true { return cffmpeg_averror(ECANCELED) }
            switch watch.splice?.admission(of: segment) ?? .whole {
            case .whole: break
            case .prefix(let bytes, let keeps):
                keepsLength = keeps
                glimpseEnd =
                    ranged.map { min($0.range.upperBound + 1, $0.range.lowerBound + Int64(bytes)) }
                    ?? Int64(bytes)
                glimpse = segment
            // NB: a segment another rendition delivers is skipped as at once.
            case .refused: return cffmpeg_averror(ECANCELED)
            }
            // NB: so is one a held switch gives to another rendition. The demuxer would go on to
            // the next segment, and wait for it at a live edge: its read is given up instead, and
            // the container opens anew with the other rendition.
            if glimpse == nil, watch.meter?.abandonsRequest(of: segment) == true {
                watch.interrupt?.abort()
                return cffmpeg_averror(ECANCELED)
            }
            watch.segmentsOpened.withLock { if $0.count < segmentsKept { $0.append(segment) } }
            // NB: a segment fetched whole a moment ago (before the container opened anew) is read
            // from memory, after the hold that keeps the read-ahead bounded. Not the container's
            // own input (a file over HTTP), which libavformat closes and seeks in itself.
            if keepable, let pb, let kept = watch.keptSegments?.bytes(of: segment) {
                if glimpseEnd == nil { _ = watch.meter?.beforeRequest() }
                let bytes =
                    glimpseEnd.map { KeptSegments.glimpse(of: kept, end: Int($0), keepsLength: keepsLength) }
                    ?? kept
                guard let opened = MemoryInput.open(bytes) else { return cffmpeg_averror(ENOMEM) }
                watch.inMemory.withLock { _ = $0.insert(Int(bitPattern: opened)) }
                pb.pointee = opened
                return 0
            }
        }
        // NB: a glimpse is too short to time, and no rendition plays from it.
        let meter = segment == nil || glimpse != nil ? nil : watch?.meter
        let requested = meter?.beforeRequest()
        // NB: libavformat copies the context's interrupt callback into the connection it opens.
        var download: SegmentDownload?
        let saved = context?.pointee.interrupt_callback
        if let meter, let requested, let segment, let context {
            let watching = SegmentDownload(
                url: segment, requestedAt: requested, parent: watch?.interrupt, meter: meter)
            download = watching
            context.pointee.interrupt_callback = watching.callback
        }
        if let ranged, let options { HLSPlaylistFetch.setRange(ranged.range, in: options) }
        // NB: libavformat's HTTP protocol asks for the bytes before `end_offset` only.
        if let glimpseEnd, let options { av_dict_set(options, "end_offset", String(glimpseEnd), 0) }
        let target = ranged?.url ?? shifted?.url ?? url.map { String(cString: $0) }
        let cookies = options.flatMap { options in
            target.map { HTTPCookieJar.shared.prepare(options, for: $0) }
        }
        let code = defaults.open(context, pb, target, flags, options)
        if download != nil, let context, let saved { context.pointee.interrupt_callback = saved }
        if code >= 0, let opened = pb?.pointee, let target {
            HTTPCookieJar.shared.absorb(from: opened, url: target, sent: cookies ?? [])
        }
        if code >= 0, let download, let opened = pb?.pointee {
            download.opened(opened)
            watch?.downloads.withLock { $0[Int(bitPattern: opened)] = download }
        }
        if let glimpse {
            if code >= 0, let opened = pb?.pointee {
                watch?.glimpses.withLock { _ = $0.insert(Int(bitPattern: opened)) }
            } else {
                watch?.splice?.glimpseFailed(glimpse)
            }
        } else {
            watch?.record(code, operation: "opening a segment", url: url)
        }
        if code >= 0, let meter, let requested, let opened = pb?.pointee {
            meter.opened(opened, requestedAt: requested)
        }
        // NB: the connection stays the one the watch knows by its address; the demuxer reads the
        // contexts wrapped around it.
        if code >= 0, keepsLength, let watch, let pb, let connection = pb.pointee {
            // NB: a range of a file is as long as it; an HTTP range's answer says how long the
            // whole segment is, and the glimpse's boxes do when it does not.
            let length = ranged.map { $0.range.upperBound - $0.range.lowerBound + 1 } ?? avio_size(connection)
            let wrapped = wrap(pb, as: .padded, context: context, watch: watch) {
                PaddedInput.open($0, length: length > 0 ? length : nil)
            }
            if wrapped < 0 { return wrapped }
        }
        if code >= 0, keepable, glimpse == nil, let segment, let watch, let pb,
            let keptSegments = watch.keptSegments
        {
            let wrapped = wrap(pb, as: .keeping, context: context, watch: watch) {
                KeepingInput.open($0, url: segment, segments: keptSegments)
            }
            if wrapped < 0 { return wrapped }
        }
        if code >= 0, let shift = shifted?.shift, let watch, let pb {
            let wrapped = wrap(pb, as: .shifted, context: context, watch: watch) {
                ShiftedInput.open($0, shift: shift)
            }
            if wrapped < 0 { return wrapped }
        }
        return code
    }

    /// Whether the options a demuxer opens a connection with ask for a range of its URL
    /// (libavformat's HTTP protocol's `offset` and `end_offset`).
    private static func asksForARange(_ options: UnsafeMutablePointer<OpaquePointer?>?) -> Bool {
        guard let options, let dictionary = options.pointee else { return false }
        return av_dict_get(dictionary, "offset", nil, 0) != nil
            || av_dict_get(dictionary, "end_offset", nil, 0) != nil
    }

    /// Puts the context `open` makes around the one `pb` holds in its place, as a `kind` the
    /// watch closes in turn. Returns 0, or `ENOMEM` when `open` could not make it: the context
    /// held is then closed, and `pb` holds none.
    private static func wrap(
        _ pb: UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>, as kind: WrappedInput,
        context: UnsafeMutablePointer<AVFormatContext>?, watch: NetworkWatch,
        _ open: (UnsafeMutablePointer<AVIOContext>) -> UnsafeMutablePointer<AVIOContext>?
    ) -> Int32 {
        guard let inner = pb.pointee else { return 0 }
        guard let wrapped = open(inner) else {
            pb.pointee = nil
            closeConnection(context, inner, watch: watch)
            return cffmpeg_averror(ENOMEM)
        }
        watch.wrappedInputs.withLock { $0[Int(bitPattern: wrapped)] = kind }
        pb.pointee = wrapped
        return 0
    }

    /// Closing is where a connection that ended early shows: its context carries the read error.
    private static let close: CloseFunction = { context, pb in
        guard let pb, let watch = watch(of: context) else { return defaults?.close(context, pb) ?? 0 }
        if watch.inMemory.withLock({ $0.remove(Int(bitPattern: pb)) != nil }) {
            MemoryInput.close(pb)
            return 0
        }
        return closeConnection(context, pb, watch: watch)
    }

    /// Closes `pb`, a connection libavformat's own `io_open` opened, after recording how it ended
    /// and what it read; a context wrapped around one is freed first, then what it read closed.
    @discardableResult
    private static func closeConnection(
        _ context: UnsafeMutablePointer<AVFormatContext>?, _ pb: UnsafeMutablePointer<AVIOContext>,
        watch: NetworkWatch
    ) -> Int32 {
        if let kind = watch.wrappedInputs.withLock({ $0.removeValue(forKey: Int(bitPattern: pb)) }) {
            guard let inner = kind.close(pb) else { return 0 }
            return closeConnection(context, inner, watch: watch)
        }
        // NB: a glimpse of a segment shorter than the bytes asked for ends with EIO: libavformat's
        // HTTP protocol takes it for a body cut short.
        let glimpse = watch.glimpses.withLock { $0.remove(Int(bitPattern: pb)) != nil }
        if !glimpse { watch.record(pb.pointee.error, operation: "reading a segment") }
        // NB: kept until the connection is closed: its interrupt callback holds it unretained.
        let download = watch.downloads.withLock { $0.removeValue(forKey: Int(bitPattern: pb)) }
        download?.closing()
        watch.fetched?.add(Int(pb.pointee.bytes_read))
        watch.meter?.closing(pb)
        return withExtendedLifetime(download) { defaults?.close(context, pb) ?? 0 }
    }
}
