import Foundation

/// The WebVTT subtitle renditions of an HLS master playlist (`EXT-X-MEDIA:TYPE=SUBTITLES`), which
/// libavformat's HLS demuxer leaves out: the player lists them as subtitle tracks of the item and
/// reads the one shown itself, a segment at a time, from the segment at the position to the one
/// that begins ``lookahead`` seconds past it. Each segment is fetched once per item; nothing is
/// fetched for a rendition never shown.
///
/// A live rendition's playlist is read again every target duration. When it is first read, its
/// segments are laid on the item's timeline by their dates and the media's
/// (`EXT-X-PROGRAM-DATE-TIME`), else by taking its live edge for the media's
/// (``LiveTimeline/offset(onto:)``); that only chooses which segments to read, the cues' times come
/// from the segments' `X-TIMESTAMP-MAP`.
@MainActor
final class SubtitleRenditions {
    /// What the renditions report to the player.
    enum Report {
        /// The renditions, as subtitle tracks, and the one the playlist marks `DEFAULT=YES`.
        case found([MediaTrack], default: Int?)
        /// Cues of the rendition of track `index`, read from a segment, in place of cues reported
        /// before that they go on with (`replacing`).
        case cues([SubtitleCue], track: Int, replacing: [SubtitleCue])
        /// The codec name of the rendition of `track`, read from its first segment's
        /// initialization section, when it differs from the one it was listed with.
        case codecRead(String, track: Int)
        /// A playlist or segment that cannot be read or is not WebVTT; the rest go on.
        case failed(PlayerError)
    }

    /// Track indices of the renditions begin here, past those of streams and closed captions.
    nonisolated static let firstTrackIndex = 0x20000
    /// A subtitle segment larger than this is refused.
    nonisolated static let segmentByteLimit = 1 << 20

    private enum Playlist {
        case loading
        /// Its segments, `offset` seconds before the item's timeline; a live one is read again from
        /// `reloadAt` (monotonic seconds) on.
        case read(LiveTimeline, offset: Double, reloadAt: Double)
        case failed
    }

    private let location: String
    private let timeout: Double
    private let lookahead: Double
    private let interrupt: InterruptGuard
    private let counter: ByteCounter
    /// The pictures the renditions' segments name on the server, kept for all of them.
    private let pictures: ServerPictures
    private let origin: Double
    /// Keeps the item's playlists that cannot change, which the player read already.
    private let store: PlaylistStore
    private let report: (Report) -> Void
    /// The playlist URL of each rendition, by track index.
    private var urls: [Int: String] = [:]
    /// The codec name of each rendition's track, by track index: the one its playlist names,
    /// else WebVTT's until a segment shows otherwise.
    private var codecNames: [Int: String] = [:]
    /// The renditions listed as WebVTT only because their playlists name no codec, or both
    /// kinds, in the order listed: their kind is read from their playlists (``probeNextKind()``).
    private var unknownKinds: [Int] = []
    private var playlists: [Int: Playlist] = [:]
    /// The segments read of each rendition, by their sequence numbers.
    private var fetched: [Int: Set<Int>] = [:]
    /// The text tracks of the initialization sections read (text in fragmented MP4), by URL and
    /// byte range.
    private var textTracks: [HLSMediaPlaylist.Initialization: MP4TextTrack] = [:]
    private var known: [Int: [SubtitleCue]] = [:]
    /// The live renditions whose latest reload failed.
    private var reloadFailures: Set<Int> = []
    /// The track shown.
    private(set) var shown: Int?
    /// Whether a playlist or segment is being read: one at a time.
    private var isReading = false
    /// Where the subtitles and the live stream's media stood at the latest ``advance(to:live:)``:
    /// each read that ends goes on from there.
    private var position = 0.0
    private var live: LiveTimeline.Reference?

    /// Renditions of the item at `location` (read with the item's `timeout`, and stopped by its
    /// `interrupt`), whose media time `origin` is position 0; `lookahead` is how far past the
    /// position segments are read, and `counter` counts the bytes; `playlists` keeps the item's
    /// playlists that cannot change.
    init(
        location: String, timeout: Double, lookahead: Double, interrupt: InterruptGuard, counter: ByteCounter,
        origin: Double, playlists: PlaylistStore = PlaylistStore(), report: @escaping (Report) -> Void
    ) {
        self.location = location
        self.timeout = timeout
        self.lookahead = lookahead
        self.interrupt = interrupt
        self.counter = counter
        pictures = HLSPlaylistFetch.pictures(timeout: timeout, interrupt: interrupt, counter: counter)
        self.origin = origin
        self.store = playlists
        self.report = report
    }

    /// Stops every read; nothing is reported after this.
    func close() { interrupt.abort() }

    /// Whether `track` is one of the renditions.
    func lists(_ track: Int) -> Bool { urls[track] != nil }

    /// Reports the subtitle renditions of `master`, the item's master playlist read already, else
    /// reads it first; nothing when it has none.
    func discover(in master: HLSMasterPlaylist?) {
        if let master { return list(master) }
        let (location, timeout, interrupt, counter) = (location, timeout, interrupt, counter)
        read { [store] () throws(PlayerError) -> HLSPlaylist in
            try store.playlist(at: location, timeout: timeout, interrupt: interrupt, counter: counter)
        } then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(.master(let master)): self.list(master)
            case .success(.media): break
            case .failure(let error): self.report(.failed(error))
            }
        }
    }

    /// Shows the rendition of `track` (`nil`: none); returns the cues of it read already.
    @discardableResult
    func show(_ track: Int?) -> [SubtitleCue] {
        shown = track.flatMap { lists($0) ? $0 : nil }
        return shown.flatMap { known[$0] } ?? []
    }

    /// Reads what the rendition shown needs at `position`: its playlist (again, when it is live and
    /// due), else the next segment not read yet from the one at the position to ``lookahead`` past
    /// it; `live` is where the media stands, for a live item.
    func advance(to position: Double, live: LiveTimeline.Reference? = nil) {
        self.position = position
        self.live = live ?? self.live
        advanceShown()
        if !isReading { probeNextKind() }
    }

    private func advanceShown() {
        guard !isReading, let track = shown, let url = urls[track] else { return }
        switch playlists[track] {
        case nil:
            readPlaylist(of: track, at: url)
        case .read(let timeline, let offset, let reloadAt):
            if !timeline.isFinished, monotonicSeconds() >= reloadAt {
                return readPlaylist(of: track, at: url)
            }
            let done = fetched[track, default: []]
            guard
                let next = timeline.segments.first(where: {
                    $0.end + offset > position && $0.start + offset <= position + lookahead
                        && !done.contains($0.sequence)
                }),
                let segment = timeline.segment(ofSequence: next.sequence)
            else { return }
            readSegment(segment, of: track, listedIn: url)
        case .loading, .failed:
            return
        }
    }

    private func list(_ master: HLSMasterPlaylist) {
        guard urls.isEmpty else { return }
        // NB: one group only, that of the first variant naming one: ladders often repeat a group
        // per variant.
        let group = master.variants.lazy.compactMap(\.subtitlesGroup).first
        let renditions = master.renditions.filter {
            $0.kind == .subtitles && $0.uri != nil && (group == nil || $0.groupID == group)
        }
        let variant = master.variants.first { $0.subtitlesGroup == group }
        var tracks: [MediaTrack] = []
        var chosen: Int?
        for (offset, rendition) in renditions.enumerated() {
            guard let uri = rendition.uri else { continue }
            let index = Self.firstTrackIndex + offset
            urls[index] = HLSPlaylistFetch.resolve(uri, against: location)
            let codec =
                Self.textCodecName(in: rendition.codecs)
                ?? variant.flatMap { Self.textCodecName(in: $0.codecs) }
            codecNames[index] = codec ?? "webvtt"
            if codec == nil { unknownKinds.append(index) }
            tracks.append(
                MediaTrack(
                    index: index, kind: .subtitle, codecName: codec ?? "webvtt", language: rendition.language,
                    title: rendition.name, isSupported: true))
            if rendition.isDefault, chosen == nil { chosen = index }
        }
        guard !tracks.isEmpty else { return }
        report(.found(tracks, default: chosen))
    }

    /// The codec name, as FFmpeg names it, of the one kind of text that `codecs` (RFC 6381) list:
    /// "webvtt" for `wvtt`, "ttml" for `stpp` (TTML and IMSC); `nil` when they list none, or both.
    nonisolated static func textCodecName(in codecs: [String]) -> String? {
        let names = Set(
            codecs.compactMap { code -> String? in
                let format = code.split(separator: ".").first.map(String.init)
                return format.flatMap(MP4TextTrack.Format.init(rawValue:)).map(textCodecName(of:))
            })
        return names.count == 1 ? names.first : nil
    }

    /// The codec name, as FFmpeg names it, of text carried in MP4 as `format`.
    nonisolated static func textCodecName(of format: MP4TextTrack.Format) -> String {
        switch format {
        case .webVTT: "webvtt"
        case .ttml: "ttml"
        }
    }

    /// Reads the kind of text of the next rendition listed as WebVTT for want of a codec, when
    /// nothing else is read and it is not shown (the one shown shows its kind when its first
    /// segment is read): text in fragmented MP4 when its playlist names an initialization section
    /// (then read, and kept for its segments), else WebVTT. A playlist or section that cannot be
    /// read leaves the rendition as listed: showing it reports the failure.
    private func probeNextKind() {
        unknownKinds.removeAll { $0 == shown || fetched[$0] != nil }
        guard !unknownKinds.isEmpty, let url = urls[unknownKinds[0]] else { return }
        let track = unknownKinds.removeFirst()
        let known = textTracks
        let (timeout, interrupt, counter) = (timeout, interrupt, counter)
        read { () throws(PlayerError) -> (HLSMediaPlaylist.Initialization, MP4TextTrack)? in
            let playlist = try HLSPlaylistFetch.mediaPlaylist(
                at: url, timeout: timeout, interrupt: interrupt, counter: counter)
            guard let map = playlist.segments.first?.initialization else { return nil }
            let section = HLSMediaPlaylist.Initialization(
                uri: HLSPlaylistFetch.resolve(map.uri, against: url), byteRange: map.byteRange)
            if let textTrack = known[section] { return (section, textTrack) }
            let bytes = try HLSPlaylistFetch.read(
                section.uri, timeout: timeout, interrupt: interrupt, limit: Self.segmentByteLimit,
                counter: counter, operation: "loading a subtitle segment", range: section.byteRange)
            return (section, try MP4TextTrack(initialization: bytes, location: section.uri))
        } then: { [weak self] result in
            guard let self, case .success(let read?) = result else { return }
            let (section, textTrack) = read
            self.textTracks[section] = textTrack
            self.noteCodec(of: textTrack, for: track)
        }
    }

    /// Reports the codec of `textTrack`, the text of `track`, when it was listed with another.
    private func noteCodec(of textTrack: MP4TextTrack, for track: Int) {
        let codec = Self.textCodecName(of: textTrack.format)
        guard codecNames[track] != codec else { return }
        codecNames[track] = codec
        report(.codecRead(codec, track: track))
    }

    private func readPlaylist(of track: Int, at url: String) {
        let earlier = playlists[track]
        if earlier == nil { playlists[track] = .loading }
        let (timeout, interrupt, counter) = (timeout, interrupt, counter)
        read { () throws(PlayerError) -> HLSMediaPlaylist in
            try HLSPlaylistFetch.mediaPlaylist(
                at: url, timeout: timeout, interrupt: interrupt, counter: counter)
        } then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let playlist):
                self.reloadFailures.remove(track)
                self.playlists[track] = self.following(playlist, after: earlier)
            case .failure(let error):
                guard case .read(let timeline, let offset, _)? = earlier else {
                    self.playlists[track] = .failed
                    return self.report(.failed(error))
                }
                // A live playlist that fails to reload is tried again every target duration; the
                // app hears of the first failure in a row.
                let retryAt = monotonicSeconds() + timeline.targetDuration
                self.playlists[track] = .read(timeline, offset: offset, reloadAt: retryAt)
                if self.reloadFailures.insert(track).inserted { self.report(.failed(error)) }
            }
        }
    }

    /// A playlist read, added to what was read of it before: an on-demand one on the item's
    /// timeline, a live one laid on it the first time by the dates of its segments and the media's,
    /// else by their live edges (``LiveTimeline/offset(onto:)``), then kept there.
    private func following(_ playlist: HLSMediaPlaylist, after earlier: Playlist?) -> Playlist {
        let reloadAt = monotonicSeconds() + playlist.targetDuration
        guard case .read(var timeline, let offset, _)? = earlier else {
            let timeline = LiveTimeline(playlist)
            let offset = playlist.isLive ? live.map { timeline.offset(onto: $0) } ?? 0 : 0
            return .read(timeline, offset: offset, reloadAt: reloadAt)
        }
        timeline.update(with: playlist)
        return .read(timeline, offset: offset, reloadAt: reloadAt)
    }

    /// Reads `segment` of the playlist of `track` at `playlistURL`: WebVTT, or text in fragmented
    /// MP4 after its initialization section, which is read once.
    private func readSegment(_ segment: HLSMediaPlaylist.Segment, of track: Int, listedIn playlistURL: String)
    {
        fetched[track, default: []].insert(segment.sequence)
        let url = HLSPlaylistFetch.resolve(segment.uri, against: playlistURL)
        let section = segment.initialization.map {
            HLSMediaPlaylist.Initialization(
                uri: HLSPlaylistFetch.resolve($0.uri, against: playlistURL), byteRange: $0.byteRange)
        }
        let known = section.flatMap { textTracks[$0] }
        let (timeout, interrupt, counter, origin, pictures) = (timeout, interrupt, counter, origin, pictures)
        read { () throws(PlayerError) -> (cues: [SubtitleCue], track: MP4TextTrack?) in
            func fetch(_ url: String, range: ClosedRange<Int64>?) throws(PlayerError) -> [UInt8] {
                try HLSPlaylistFetch.read(
                    url, timeout: timeout, interrupt: interrupt, limit: Self.segmentByteLimit,
                    counter: counter, operation: "loading a subtitle segment", range: range)
            }
            // The text a DASH presentation's bridge serves is read with its pictures.
            if let bridge = DASHBridge.serving(url),
                let cues = try bridge.cues(
                    at: url, origin: origin, pictures: pictures, timeout: timeout, interrupt: interrupt,
                    counter: counter)
            {
                return (cues, nil)
            }
            let bytes = try fetch(url, range: segment.byteRange)
            guard let section else {
                return (try HLSWebVTTSegment.cues(in: bytes, origin: origin, location: url), nil)
            }
            let textTrack: MP4TextTrack
            if let known {
                textTrack = known
            } else {
                textTrack = try MP4TextTrack(
                    initialization: try fetch(section.uri, range: section.byteRange), location: section.uri)
            }
            return (
                try HLSWebVTTSegment.cues(
                    in: bytes, of: textTrack, origin: origin, location: url, pictures: .fetching(pictures)),
                textTrack
            )
        } then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let (cues, textTrack)):
                if let section, let textTrack {
                    self.textTracks[section] = textTrack
                    // A playlist that names no codec (or both kinds) was listed as WebVTT.
                    self.noteCodec(of: textTrack, for: track)
                }
                self.add(cues, to: track)
            case .failure(let error):
                self.report(.failed(error))
            }
        }
    }

    /// Adds `cues`, read from a segment of `track`, to those known of it, and reports the new
    /// ones. A cue that spans segments is in each of them: whole in each WebVTT segment (read once
    /// here), or cut at their boundary in fragmented MP4, whose pieces are joined into one cue that
    /// replaces the piece known already.
    private func add(_ cues: [SubtitleCue], to track: Int) {
        var known = self.known[track, default: []]
        var new: [SubtitleCue] = []
        var replaced: [SubtitleCue] = []
        for cue in cues where !known.contains(where: { $0.isReadAgain(as: cue) }) {
            guard let index = known.firstIndex(where: { $0.isContinued(by: cue) }) else {
                known.append(cue)
                new.append(cue)
                continue
            }
            let piece = known[index]
            known[index].end = cue.end
            if let reported = new.firstIndex(of: piece) {
                new[reported] = known[index]
            } else {
                replaced.append(piece)
                new.append(known[index])
            }
        }
        self.known[track] = known
        guard !new.isEmpty else { return }
        report(.cues(new, track: track, replacing: replaced))
    }

    /// Runs `work` off the main actor, one read at a time (``isReading``), then `done` with its
    /// result on it, unless closed meanwhile, then goes on from where the position stands.
    private func read<Value: Sendable>(
        _ work: @escaping @Sendable () throws(PlayerError) -> Value,
        then done: @escaping @MainActor (Result<Value, PlayerError>) -> Void
    ) {
        isReading = true
        let interrupt = interrupt
        Task { [weak self] in
            let result = await Task.detached { () -> Result<Value, PlayerError> in
                do throws(PlayerError) {
                    return .success(try work())
                } catch {
                    return .failure(error)
                }
            }.value
            guard !interrupt.isAborted, let self else { return }
            self.isReading = false
            done(result)
            self.advance(to: self.position)
        }
    }
}
