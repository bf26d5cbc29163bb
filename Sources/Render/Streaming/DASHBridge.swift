import Foundation

/// Plays a DASH presentation whose segments templates, lists or indexes in the files
/// (``readIndexes(of:timeout:interrupt:counter:)``) name through libavformat's HLS demuxer, by
/// serving HLS playlists written from its manifest: a master playlist whose variants are the video
/// representations (with the sound of each audio adaptation set as an audio rendition), and a media
/// playlist per representation listing its segments (for a live one, those available now), with
/// their initialization segment (`EXT-X-MAP`) and dates.
///
/// A segment a list or an index names by byte range (a representation in one file) has a URL of
/// the bridge in the playlist, one per segment, which the network watch opens as that range of
/// the file (``rangedSegment(_:)``): the player's rules know segments by their URLs.
///
/// libavformat's DASH demuxer can neither seek in a live presentation's time-shift buffer nor tell
/// a manifest that stopped growing from one that grows (it fetches it again and again), and it
/// begins a minute behind the edge of a timeline. Through the bridge, a live DASH presentation is
/// followed as a live HLS stream is: at the edge, with its window, its seeks, its quality ladder,
/// and the stall rule. An on-demand one plays as an on-demand HLS ladder of fragmented MP4: a
/// switch fetches each segment once, a representation whose segments fail is failed over, and each
/// connection's bytes are counted when it closes (the DASH demuxer keeps each representation's
/// first connection open, starts a representation again at the segment the other one is in, and
/// ends the item without an error where the segments of the one playing fail).
///
/// The playlists have URLs of their own on the manifest's host, which no request ever reaches:
/// ``NetworkWatch`` answers the demuxer's opens of them, and ``HLSPlaylistFetch`` the player's own
/// reads, from ``serving(_:)``. The manifest is fetched again once its `minimumUpdatePeriod` has
/// passed, when a playlist is asked for.
///
/// A presentation cut into periods (a programme, an advertisement, the programme again) plays on:
/// each playlist lists its representation's segments period after period, with the
/// representation of the same id in each, else the one of the same kind and rank (the sound of the
/// same language), and a new `EXT-X-MAP` where the initialization segment changes. Where a period's
/// media times do not go on from the period before (an advertisement whose times start from 0, the
/// programme after it, whose `presentationTimeOffset` says where it resumes), its segments have URLs
/// of the bridge, which the network watch reads with their times moved onto one time line
/// (``ShiftedSegment``, ``MP4FragmentShift``), as DASH players put each period at its start: the
/// demuxer then reads times that go on, and seeks by them.
///
/// WebVTT text adaptation sets (`text/vtt` segments named by a template or a list, by URL or by
/// byte range, or a text file a representation names alone) are subtitle renditions
/// (`EXT-X-MEDIA:TYPE=SUBTITLES`), which ``SubtitleRenditions`` reads. Their cue times count from
/// the period's start (less the set's `presentationTimeOffset`), as DASH players read them; the
/// bridge serves each segment with the `X-TIMESTAMP-MAP` that puts them on the media's times. Text
/// carried in MP4 (`wvtt`, `stpp`; ``MP4TextTrack``) and TTML files (``TTMLDocument``) are read
/// into WebVTT segments, served the same way.
final class DASHBridge: Sendable {
    /// The manifest's URL, and the URL of the master playlist written from it.
    let manifestURL: String
    let masterURL: String
    private let prefix: String
    /// The representations served, in the order of their playlists: the video ones (each audio
    /// set's first representation instead, when there is no video), then the sound.
    private let entries: [Entry]
    private let state: Locked<State>
    /// Seconds from the presentation's time to the media time the playlists play it at: the
    /// first entry's media time at the start of the period the bridge began in, less that start,
    /// or 0 when that is less (a period whose times start again from 0, after an earlier one
    /// still in a live window, would otherwise give the earlier one times below 0). Each period's
    /// segments are moved onto that time line when their own media times are not on it
    /// (``shiftTicks(of:)``).
    private let timeAnchor: Double
    /// When the manifest was last fetched (on ``MediaPlayer/now``'s clock). Held while it is
    /// fetched again, so that the demuxer's reads and the player's wait for one fetch.
    ///
    /// NB: not a `Locked<Void>`. An empty value has no storage, and ThreadSanitizer records each
    /// access to it at the lock object's first word, which every call of `withLock` reads before
    /// locking (to find the value's type); it reports that as a race.
    private let lastFetch: Locked<Double>
    /// The segment indexes read, by the file and bytes they were read from, the last read at the
    /// end. Held while indexes are read, so that the demuxer's reads and the player's, let go at
    /// once by a fetch of the manifest, fetch each new index once.
    private let indexes = Locked<[(location: String, index: DASHManifest.SegmentIndex)]>([])

    private struct Entry: Sendable {
        /// The representation's id in the period the bridge began in.
        var representationID: String
        var content: DASHManifest.AdaptationSet.Content
        /// Its place among the ``playable(_:in:)`` representations of its kind there.
        var rank: Int
        var isAudioRendition: Bool
        var language: String?
    }

    private struct State: Sendable {
        var manifest: DASHManifest
        /// By entry, the last segment listed, with its sequence number, which numbers the
        /// segments across fetches of the manifest and across periods.
        var lastListed: [Int: Listed] = [:]
        /// The URLs of the initialization segments the playlists named, by the name the bridge
        /// gave them ("init-N.mp4").
        var initializationURLs: [String: String] = [:]
        /// The initialization segments fetched, by URL, the last fetched at the end.
        var initializations: [(url: String, bytes: [UInt8])] = []
        var refreshFailure: PlayerError?
        /// Seconds the server's clock is ahead of the machine's
        /// (``synchronizeClock(timeout:interrupt:counter:)``).
        var clockOffset = 0.0

        /// The name the playlists give the initialization segment at `url`.
        mutating func initializationName(of url: String) -> String {
            if let known = initializationURLs.first(where: { $0.value == url }) { return known.key }
            let name = "init-\(initializationURLs.count).mp4"
            initializationURLs[name] = url
            return name
        }
    }

    /// The shortest wait between two fetches of the manifest.
    static let shortestUpdatePeriod = 0.5

    /// A bridge of `manifest`, just read from `url`.
    ///
    /// - Throws: `.unsupportedFormat` when it lists no video or audio representation whose segments
    ///   a template, a list or an index in its file names.
    init(manifest: DASHManifest, url: String) throws(PlayerError) {
        guard let host = Self.origin(of: url) else {
            throw .unsupportedFormat("\(url) is not a URL a DASH presentation can be fetched from")
        }
        let period = manifest.currentPeriod(at: Date().timeIntervalSince1970)
        let video = Self.playable(.video, in: period)
        let audio = Self.playable(.audio, in: period)
        let text = Self.playable(.text, in: period)
        var entries = video.enumerated().map { rank, choice in
            Entry(
                representationID: choice.representation.id, content: .video, rank: rank,
                isAudioRendition: false)
        }
        entries += audio.enumerated().map { rank, choice in
            Entry(
                representationID: choice.representation.id, content: .audio, rank: rank,
                isAudioRendition: !video.isEmpty, language: choice.set.language)
        }
        guard !entries.isEmpty else {
            throw .unsupportedFormat(
                "\(url) lists no video or audio representation whose segments a template, a list or an index names"
            )
        }
        entries += text.enumerated().map { rank, choice in
            Entry(
                representationID: choice.representation.id, content: .text, rank: rank,
                isAudioRendition: false, language: choice.set.language)
        }
        self.entries = entries
        let first = Self.representation(of: entries[0], in: period)?.template
        timeAnchor = max(
            0, (first.map { Double($0.presentationTimeOffset) / Double($0.timescale) } ?? 0) - period.start)
        manifestURL = url
        prefix = "\(host)/vpc-dash-\(UUID().uuidString)/"
        masterURL = prefix + "master.m3u8"
        state = Locked(State(manifest: manifest))
        lastFetch = Locked(MediaPlayer.now)
        Self.bridges.withLock { bridges in
            bridges = bridges.filter { $0.value.bridge != nil }
            bridges[prefix] = WeakBridge(bridge: self)
        }
    }

    /// The representations of `content` in `period` whose segments a template or a list names:
    /// the video ones from the highest bandwidth down; the sound or WebVTT text of each audio or
    /// text set (its highest bandwidth), in the manifest's order.
    private static func playable(
        _ content: DASHManifest.AdaptationSet.Content, in period: DASHManifest.Period
    )
        -> [(set: DASHManifest.AdaptationSet, representation: DASHManifest.Representation)]
    {
        let sets = period.adaptationSets.filter { $0.content == content }
        let choices = sets.map { set in
            (
                set,
                set.representations.filter {
                    $0.template?.findsSegments == true && (content != .text || Self.textCodec(of: $0) != nil)
                }
            )
        }
        if content == .video {
            return choices.flatMap { set, representations in representations.map { (set, $0) } }
                .sorted { $0.1.bandwidth > $1.1.bandwidth }
        }
        return choices.compactMap { set, representations in
            representations.max { $0.bandwidth < $1.bandwidth }.map { (set, $0) }
        }
    }

    /// The format of `representation`'s text as MP4 names it, for files too, when the player
    /// reads it: `wvtt` for WebVTT files, `stpp` for TTML files, the codecs of either carried in
    /// MP4 (`wvtt`, `stpp`...); `nil` for text it does not read.
    private static func textCodec(of representation: DASHManifest.Representation) -> String? {
        switch representation.mimeType {
        case "text/vtt"?: "wvtt"
        case "application/ttml+xml"?: "stpp"
        case "application/mp4"?:
            representation.codecs.flatMap { $0.hasPrefix("wvtt") || $0.hasPrefix("stpp") ? $0 : nil }
        default: nil
        }
    }

    /// The representation that plays `entry`'s part in `period`: the one of its id, else the sound
    /// of its language, else the one of its kind and rank (or the last of its kind).
    private static func representation(of entry: Entry, in period: DASHManifest.Period)
        -> DASHManifest.Representation?
    {
        if let same = period.representation(entry.representationID) { return same }
        let choices = playable(entry.content, in: period)
        if let language = entry.language, let spoken = choices.first(where: { $0.set.language == language }) {
            return spoken.representation
        }
        return choices.isEmpty ? nil : choices[min(entry.rank, choices.count - 1)].representation
    }

    private struct WeakBridge: @unchecked Sendable {
        weak var bridge: DASHBridge?
    }

    /// The bridges alive, by the prefix of their playlists' URLs.
    private static let bridges = Locked<[String: WeakBridge]>([:])

    /// The bridge whose playlist `url` is, if any.
    static func serving(_ url: String) -> DASHBridge? {
        guard url.contains("/vpc-dash-") else { return nil }
        return bridges.withLock { bridges in
            bridges.first { url.hasPrefix($0.key) }?.value.bridge
        }
    }

    /// The bytes of the document at `url`: a playlist, written from the manifest (fetched again
    /// first when its update period has passed), or a representation's initialization segment.
    ///
    /// libavformat's HLS demuxer fetches a playlist's initialization segment again after each
    /// reload (it tells one from another by the playlist entry that names it), so the bridge
    /// fetches each once and keeps it.
    ///
    /// - Throws: the failure to fetch an initialization segment; `.network(.httpStatus(404))` for
    ///   a URL that names nothing of the bridge.
    func document(
        at url: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?
    ) throws(PlayerError) -> [UInt8] {
        if url == masterURL { return Array(masterPlaylist().utf8) }
        let name = url.hasPrefix(prefix) ? url.dropFirst(prefix.count) : ""
        if name.hasSuffix(".m3u8"), let index = Int(name.dropLast(".m3u8".count)),
            entries.indices.contains(index)
        {
            refreshIfDue(timeout: timeout, interrupt: interrupt, counter: counter)
            try readIndexes(of: entries[index], timeout: timeout, interrupt: interrupt, counter: counter)
            return Array(mediaPlaylist(index).utf8)
        }
        if let source = state.withLock({ $0.initializationURLs[String(name)] }) {
            return try initialization(at: source, timeout: timeout, interrupt: interrupt, counter: counter)
        }
        if let (source, range) = Self.rangedSegment(url) {
            return try HLSPlaylistFetch.read(
                source, timeout: timeout, interrupt: interrupt, limit: Self.initializationLimit,
                counter: counter,
                operation: "loading an initialization segment", range: range)
        }
        throw .network(.httpStatus(404))
    }

    /// The cues of the text segment at `url`, one the bridge lists, on the item's timeline, whose
    /// media time `origin` is position 0: WebVTT at the times of its segment, TTML within them,
    /// and text in MP4 after its initialization segment, TTML's pictures too (subtitles as
    /// images: embedded, or on the server, read from `pictures`); `nil` for a URL that names no
    /// text segment.
    ///
    /// - Throws: the failure to fetch the segment or its initialization segment, as
    ///   ``TTMLDocument/cues(in:location:within:pictures:subsamples:)`` for TTML it cannot read, and
    ///   as ``HLSWebVTTSegment/cues(in:origin:location:)`` for bytes that are not subtitles.
    func cues(
        at url: String, origin: Double, pictures: ServerPictures, timeout: Double, interrupt: InterruptGuard,
        counter: ByteCounter?
    ) throws(PlayerError) -> [SubtitleCue]? {
        guard url.hasPrefix(prefix), let segment = TextSegment(named: url.dropFirst(prefix.count)) else {
            return nil
        }
        let (bytes, track) = try read(segment, timeout: timeout, interrupt: interrupt, counter: counter)
        let timed: [TimedTextCue]
        if let track {
            timed = try track.cues(in: bytes, location: segment.url, pictures: .fetching(pictures))
        } else {
            let text = SubtitleTextDecoding.utf8Bytes(of: Data(bytes))
            switch SubtitleFormat.detect(in: text) {
            case .ttml:
                timed = try TTMLDocument.cues(
                    in: text, location: segment.url, within: segment.seconds, pictures: .fetching(pictures))
            case .webVTT:
                return try HLSWebVTTSegment.cues(
                    in: Self.mapped(webVTT: text, ticks: segment.ticks), origin: origin, location: segment.url
                )
            default:
                // Bytes of another format, for the WebVTT reader to refuse.
                return try HLSWebVTTSegment.cues(in: bytes, origin: origin, location: segment.url)
            }
        }
        return HLSWebVTTSegment.cues(of: timed, mpegTicks: segment.ticks, origin: origin)
    }

    /// The bytes of text `segment`, and the MP4 text track they are fragments of when it has an
    /// initialization segment.
    private func read(
        _ segment: TextSegment, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?
    ) throws(PlayerError) -> (bytes: [UInt8], track: MP4TextTrack?) {
        let bytes = try HLSPlaylistFetch.read(
            segment.url, timeout: timeout, interrupt: interrupt, limit: SubtitleRenditions.segmentByteLimit,
            counter: counter, operation: "loading a subtitle segment", range: segment.range)
        guard let name = segment.initialization,
            let initialization = state.withLock({ $0.initializationURLs[name] })
        else { return (bytes, nil) }
        let track = try MP4TextTrack(
            initialization: try self.initialization(
                at: initialization, timeout: timeout, interrupt: interrupt, counter: counter),
            location: initialization)
        return (bytes, track)
    }

    /// Reads the segment index of each representation that plays `entry`'s part and is one file a
    /// `SegmentBase` indexes, the first time its playlist is asked for (in a live presentation,
    /// the first time after each fetch of the manifest, which may point to a new index), and lists
    /// its segments (``DASHManifest/list(_:ofRepresentation:inPeriodAt:)``). The index is read
    /// with the initialization segment when that lies just before it, as packagers put them,
    /// which is then kept as if fetched: one request per representation. An index read before
    /// (the same bytes of the same file) is not fetched again.
    ///
    /// - Throws: the failure to fetch the index, and `.unsupportedFormat` for one the player cannot
    ///   read; the playlist then fails as any that cannot be fetched does.
    private func readIndexes(
        of entry: Entry, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?
    ) throws(PlayerError) {
        try indexes.withLock { (indexes) throws(PlayerError) in
            let manifest = state.withLock { $0.manifest }
            for (place, period) in manifest.periods.enumerated() {
                guard let representation = Self.representation(of: entry, in: period),
                    let template = representation.template, template.list == nil, let index = template.index
                else { continue }
                let location = "\(representation.baseURL) bytes \(index.lowerBound)-\(index.upperBound)"
                let segmentIndex: DASHManifest.SegmentIndex
                if let known = indexes.last(where: { $0.location == location })?.index {
                    segmentIndex = known
                } else {
                    segmentIndex = try fetchIndex(
                        index, of: representation, template: template, timeout: timeout,
                        interrupt: interrupt, counter: counter)
                    indexes.append((location, segmentIndex))
                    indexes = Array(indexes.suffix(Self.indexesKept))
                }
                state.withLock { state in
                    // NB: a live manifest fetched again meanwhile is left to be read on the next ask.
                    guard state.manifest.periods.indices.contains(place),
                        state.manifest.periods[place].representation(representation.id)?.template == template
                    else { return }
                    state.manifest.list(segmentIndex, ofRepresentation: representation.id, inPeriodAt: place)
                }
            }
        }
    }

    /// How many segment indexes are kept: those of each representation of the periods a time-shift
    /// buffer spans.
    static let indexesKept = 32

    /// Fetches and reads the segment index at `index` in the file of `representation`, which
    /// `template` (a `SegmentBase`) indexes, and keeps its initialization segment when it lies
    /// just before the index, fetched with it.
    private func fetchIndex(
        _ index: ClosedRange<Int64>, of representation: DASHManifest.Representation,
        template: DASHManifest.SegmentTemplate, timeout: Double, interrupt: InterruptGuard,
        counter: ByteCounter?
    ) throws(PlayerError) -> DASHManifest.SegmentIndex {
        // The initialization segment, when it is the bytes of the same file just before the index.
        let initialization = template.indexedInitialization.flatMap { $0.url == nil ? $0.range : nil }
        let adjacent = initialization.flatMap { $0.upperBound + 1 == index.lowerBound ? $0 : nil }
        let span = (adjacent?.lowerBound ?? index.lowerBound)...index.upperBound
        let bytes = try HLSPlaylistFetch.read(
            representation.baseURL, timeout: timeout, interrupt: interrupt, limit: DASHManifest.byteLimit,
            counter: counter, operation: "loading a segment index", range: span)
        let skipped = Int(index.lowerBound - span.lowerBound)
        let segmentIndex = try DASHManifest.SegmentIndex(
            parsing: Array(bytes.dropFirst(skipped)), at: index.lowerBound, location: representation.baseURL)
        if let adjacent, bytes.count > skipped {
            let source = prefix + Self.rangedName(of: representation.baseURL, range: adjacent)
            state.withLock { state in
                guard !state.initializations.contains(where: { $0.url == source }) else { return }
                state.initializations.append((source, Array(bytes.prefix(skipped))))
                state.initializations = Array(state.initializations.suffix(Self.initializationsKept))
            }
        }
        return segmentIndex
    }

    /// The longest initialization segment kept.
    static let initializationLimit = 4 * 1024 * 1024
    /// How many initialization segments are kept: those of the periods a time-shift buffer spans.
    static let initializationsKept = 8

    /// The initialization segment at `url`, fetched the first time only.
    private func initialization(
        at url: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?
    ) throws(PlayerError) -> [UInt8] {
        if let kept = state.withLock({ $0.initializations.last { $0.url == url }?.bytes }) { return kept }
        let bytes = try HLSPlaylistFetch.read(
            url, timeout: timeout, interrupt: interrupt, limit: Self.initializationLimit, counter: counter,
            operation: "loading an initialization segment")
        state.withLock {
            $0.initializations.append((url, bytes))
            $0.initializations = Array($0.initializations.suffix(Self.initializationsKept))
        }
        return bytes
    }

    /// The name the playlists give the bytes `range` of `url` (a segment of a `SegmentList`): a URL
    /// of the bridge, so that each segment has a URL of its own, which the network watch opens as
    /// that range of `url` (``rangedSegment(_:)``).
    private static func rangedName(of url: String, range: ClosedRange<Int64>) -> String {
        "range/\(Self.name(of: range))/"
            + (url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url)
            + segmentSuffix(of: url)
    }

    /// How the name of a bridge's URL for the segment at `url` ends: "/segment." and the segment's
    /// file extension (else "mp4"). libavformat's HLS demuxer refuses a segment whose URL does not
    /// end with one it knows.
    static func segmentSuffix(of url: String) -> String {
        let path = URLComponents(string: url)?.path ?? ""
        let ext = (path as NSString).pathExtension
        let known =
            !ext.isEmpty && ext.count <= 5 && ext.allSatisfy { $0.isASCII && $0.isLetter || $0.isNumber }
        return "/segment." + (known ? ext : "mp4")
    }

    /// The URL and byte range a bridge's URL of a range (``rangedName(of:range:)``) stands for;
    /// `nil` for any other URL.
    static func rangedSegment(_ url: String) -> (url: String, range: ClosedRange<Int64>)? {
        guard let name = nameInBridge(url) else { return nil }
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "range", let range = Self.range(named: parts[1]),
            let source = parts[2].removingPercentEncoding
        else { return nil }
        return (source, range)
    }

    /// The name a bridge's URL gives after its prefix ("range/...", "shift/..."); `nil` for a URL
    /// of no bridge.
    static func nameInBridge(_ url: String) -> Substring? {
        guard let marker = url.range(of: "/vpc-dash-"),
            let slash = url[marker.upperBound...].firstIndex(of: "/")
        else { return nil }
        return url[url.index(after: slash)...]
    }

    /// How the bridge's URLs write a byte range: "first-last".
    static func name(of range: ClosedRange<Int64>) -> String {
        "\(range.lowerBound)-\(range.upperBound)"
    }

    /// The byte range a name (``name(of:)``) stands for.
    static func range(named name: Substring) -> ClosedRange<Int64>? {
        let bounds = name.split(separator: "-")
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last
        else { return nil }
        return first...last
    }

    /// A text segment as the playlists name it: the bytes `range` of `url` (`nil`: all of them),
    /// the MPEG-TS time (in 90 kHz ticks, as `X-TIMESTAMP-MAP` counts) its cue time 0 has, the
    /// times of the text's media timeline it covers (in milliseconds; a TTML document's text
    /// with no end of its own lasts until the end), and the name of the initialization segment
    /// (``State/initializationName(of:)``) of text carried in MP4.
    struct TextSegment {
        var url: String
        var range: ClosedRange<Int64>?
        var ticks: Int64
        var window: Range<Int64>
        var initialization: String?

        var name: String {
            let bytes = range.map(DASHBridge.name(of:)) ?? "all"
            return
                "text/\(ticks)/\(bytes)/\(window.lowerBound)-\(window.upperBound)/\(initialization ?? "-")/"
                + (url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url)
        }

        /// The window in seconds.
        var seconds: Range<Double> {
            Double(window.lowerBound) / 1000..<Double(window.upperBound) / 1000
        }
    }

    /// The WebVTT `text` (UTF-8) with `X-TIMESTAMP-MAP=MPEGTS:<ticks>,LOCAL:00:00:00.000` in its
    /// header, unless it has one.
    static func mapped(webVTT text: [UInt8], ticks: Int64) -> [UInt8] {
        guard (try? HLSWebVTTSegment.timestampMap(in: text, location: "")) == nil else { return text }
        let line = Array("X-TIMESTAMP-MAP=MPEGTS:\(ticks),LOCAL:00:00:00.000\n".utf8)
        guard let end = text.firstIndex(of: UInt8(ascii: "\n")) else {
            return text + [UInt8(ascii: "\n")] + line
        }
        return Array(text[...end]) + line + text[(end + 1)...]
    }

    /// The times of its representation's media timeline `segment` covers, in milliseconds (at
    /// least one). The one segment of a live period with no end (a file beside the media) grows
    /// with the live edge, and is read once: its window runs on past any live event's end, a year.
    private static func window(
        of segment: DASHManifest.Segment, in representation: DASHManifest.Representation, isLive: Bool
    ) -> Range<Int64> {
        let scale = Double(representation.template?.timescale ?? 1)
        let start = DASHManifest.clamped(Double(segment.time) / scale * 1000)
        if isLive, representation.template?.isOneSegment == true {
            return start..<start &+ 365 * 86_400_000
        }
        let end = DASHManifest.clamped((Double(segment.time) / scale + segment.duration) * 1000)
        return start..<max(end, start &+ 1)
    }

    /// The MPEG-TS ticks the cue time 0 of a text segment in `run` stands for: the media time the
    /// playlists play the start of its period at (``timeAnchor``), less the text's
    /// `presentationTimeOffset`, within 2^33 ticks.
    private func textTicks(of run: DASHManifest.PeriodSegments) -> Int64 {
        let template = run.representation.template
        let offset = template.map { Double($0.presentationTimeOffset) / Double($0.timescale) } ?? 0
        let seconds = run.period.start + timeAnchor - offset
        let wrap = Int64(1) << 33
        let ticks = Int64((seconds * HLSWebVTTSegment.ticksPerSecond).rounded()) % wrap
        return ticks < 0 ? ticks + wrap : ticks
    }

    /// How far the media times of `run`'s segments are moved to put them on the playlists' time
    /// line (``timeAnchor``), in units of its template's time scale: 0 when its period's media
    /// times are on it already (those of a presentation whose media times go on from period to
    /// period, and those of the period the bridge began in).
    private func shiftTicks(of run: DASHManifest.PeriodSegments) -> Int64 {
        guard let template = run.representation.template else { return 0 }
        let target = ((run.period.start + timeAnchor) * Double(template.timescale)).rounded()
        guard target.magnitude < 0x1p62 else { return 0 }
        return Int64(target) &- template.presentationTimeOffset
    }

    /// The media time scale of each track of the initialization segment the playlists name `name`
    /// (``State/initializationName(of:)``), by track id, once it was fetched; empty before.
    func trackTimescales(ofInitialization name: String) -> [UInt64: UInt64] {
        state.withLock { state in
            guard let url = state.initializationURLs[name],
                let bytes = state.initializations.last(where: { $0.url == url })?.bytes
            else { return [:] }
            return Dictionary(
                MP4Boxes.trackTimescales(inInitialization: bytes).map { ($0.id, $0.timescale) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// The master playlist: a variant per video representation, each with the audio renditions.
    private func masterPlaylist() -> String {
        let manifest = state.withLock { $0.manifest }
        let period = manifest.currentPeriod(at: now)
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"]
        let sounds = entries.indices.filter { entries[$0].isAudioRendition }
        let texts = entries.indices.filter { entries[$0].content == .text }
        for (group, members) in [("AUDIO", sounds), ("SUBTITLES", texts)] {
            for (order, index) in members.enumerated() {
                let entry = entries[index]
                var attributes = [
                    "TYPE=\(group)", "GROUP-ID=\"\(group.lowercased())\"",
                    "NAME=\"\(entry.language ?? entry.representationID)\"",
                    "DEFAULT=\(order == 0 ? "YES" : "NO")", "AUTOSELECT=YES",
                ]
                if let language = entry.language { attributes.append("LANGUAGE=\"\(language)\"") }
                if entry.content == .text,
                    let codec = Self.representation(of: entry, in: period).flatMap(Self.textCodec(of:))
                {
                    attributes.append("CODECS=\"\(codec)\"")
                }
                attributes.append("URI=\"\(prefix)\(index).m3u8\"")
                lines.append("#EXT-X-MEDIA:" + attributes.joined(separator: ","))
            }
        }
        let soundBandwidth =
            sounds.compactMap { Self.representation(of: entries[$0], in: period)?.bandwidth }.max() ?? 0
        let soundCodecs = sounds.first.flatMap { Self.representation(of: entries[$0], in: period)?.codecs }
        for (index, entry) in entries.enumerated() where !entry.isAudioRendition && entry.content != .text {
            guard let representation = Self.representation(of: entry, in: period) else { continue }
            var attributes = ["BANDWIDTH=\(representation.bandwidth + soundBandwidth)"]
            if let width = representation.width, let height = representation.height {
                attributes.append("RESOLUTION=\(width)x\(height)")
            }
            let codecs = [representation.codecs, soundCodecs].compactMap { $0 }
            if !codecs.isEmpty { attributes.append("CODECS=\"\(codecs.joined(separator: ","))\"") }
            if !sounds.isEmpty { attributes.append("AUDIO=\"audio\"") }
            if !texts.isEmpty { attributes.append("SUBTITLES=\"subtitles\"") }
            lines += ["#EXT-X-STREAM-INF:" + attributes.joined(separator: ","), "\(prefix)\(index).m3u8"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The media playlist of entry `index`: its segments (those available now, when live), period
    /// after period.
    private func mediaPlaylist(_ index: Int) -> String {
        let now = self.now
        let entry = entries[index]
        return state.withLock { state in
            let manifest = state.manifest
            let runs = manifest.segments(at: now) { Self.representation(of: entry, in: $0) }
            let numbers = Self.sequenceNumbers(of: runs, after: state.lastListed[index])
            if let run = runs.last, let last = run.segments.last, let sequence = numbers.last {
                state.lastListed[index] = Listed(
                    periodStart: run.period.start, segment: last, sequence: sequence)
            }
            var lines: [String] = []
            var initialization: String?
            for run in runs {
                let ticks = entry.content == .text ? textTicks(of: run) : nil
                let shift = entry.content == .text ? 0 : shiftTicks(of: run)
                let source = manifest.initialization(of: run.representation).map { url, range in
                    range.map { prefix + Self.rangedName(of: url, range: $0) } ?? url
                }
                let initializationName = source.map { state.initializationName(of: $0) }
                if let initializationName, source != initialization, entry.content != .text {
                    lines.append("#EXT-X-MAP:URI=\"\(prefix)\(initializationName)\"")
                }
                initialization = source
                for segment in run.segments {
                    if let start = manifest.availabilityStart {
                        lines.append("#EXT-X-PROGRAM-DATE-TIME:" + Self.dateText(start + segment.start))
                    }
                    let url =
                        ticks.map {
                            prefix
                                + TextSegment(
                                    url: segment.url, range: segment.range, ticks: $0,
                                    window: Self.window(
                                        of: segment, in: run.representation,
                                        isLive: manifest.isDynamic && manifest.end(of: run.period) == nil),
                                    initialization: initializationName
                                ).name
                        }
                        ?? (shift == 0
                            ? nil
                            : prefix
                                + ShiftedSegment(
                                    url: segment.url, range: segment.range, ticks: shift,
                                    timescale: run.representation.template?.timescale ?? 1,
                                    initialization: initializationName
                                ).name)
                        ?? segment.range.map { prefix + Self.rangedName(of: segment.url, range: $0) }
                        ?? segment.url
                    lines += [String(format: "#EXTINF:%.6f,", segment.duration), url]
                }
            }
            let longest =
                runs.flatMap { $0.segments.map(\.duration) }.max() ?? manifest.maxSegmentDuration ?? 1
            return Self.mediaPlaylist(
                lines: lines, sequence: numbers.first ?? 0, targetDuration: Int(longest.rounded(.up)),
                manifest: manifest)
        }
    }

    private static func mediaPlaylist(
        lines: [String], sequence: Int, targetDuration: Int, manifest: DASHManifest
    ) -> String {
        var header = [
            "#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-TARGETDURATION:\(max(1, targetDuration))",
            "#EXT-X-MEDIA-SEQUENCE:\(sequence)",
        ]
        if let delay = manifest.suggestedPresentationDelay {
            header.append("#EXT-X-SERVER-CONTROL:HOLD-BACK=\(delay)")
        }
        let footer = manifest.isDynamic ? [] : ["#EXT-X-ENDLIST"]
        return (header + lines + footer).joined(separator: "\n") + "\n"
    }

    /// The last segment listed in an entry's playlist, with its HLS sequence number.
    struct Listed: Equatable, Sendable {
        /// The start of its period.
        var periodStart: Double
        var segment: DASHManifest.Segment
        var sequence: Int
    }

    /// The HLS sequence numbers of the segments of `runs`, which go on from `last`, the last
    /// segment listed before: by its place among them when it is still listed; else, in its
    /// period, by the segments' own numbers when the template names segments by them; else by
    /// the time between them (the segments of a timeline named by time carry no number that lasts
    /// when the server cuts the timeline, and each period numbers its own). The first listing
    /// begins at the first segment's own number.
    static func sequenceNumbers(of runs: [DASHManifest.PeriodSegments], after last: Listed?) -> [Int] {
        let listed = runs.flatMap { run in run.segments.map { (run, $0) } }
        guard let (firstRun, first) = listed.first else { return [] }
        let base: Int
        if let last {
            if let known = listed.firstIndex(where: {
                $0.0.period.start == last.periodStart && $0.1.time == last.segment.time
            }) {
                base = last.sequence - known
            } else if firstRun.period.start == last.periodStart,
                firstRun.representation.template?.media?.contains("$Number") == true
            {
                base = last.sequence + first.number - last.segment.number
            } else {
                // NB: when the window moved past every segment listed before, the numbers skip as
                // many as were missed.
                let missed =
                    first.start > last.segment.start
                    ? Int(((first.start - last.segment.start) / first.duration).rounded()) - 1 : 0
                base = last.sequence + 1 + max(0, missed)
            }
        } else {
            base = first.number
        }
        return listed.indices.map { base + $0 }
    }

    /// Fetches the manifest again when its update period has passed since the last fetch.
    ///
    /// A fetch that fails leaves the playlists as they were, which then list nothing new: the
    /// player's stall rule ends the item if the manifest keeps failing, with that failure
    /// (``refreshFailure``), and one that fails once is not the end of the presentation.
    private func refreshIfDue(timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?) {
        lastFetch.withLock { loadedAt in
            let manifest = state.withLock { $0.manifest }
            guard manifest.isDynamic, let period = manifest.minimumUpdatePeriod,
                MediaPlayer.now - loadedAt >= max(period, Self.shortestUpdatePeriod)
            else { return }
            let updated = Result(catching: { () throws(PlayerError) -> DASHManifest in
                let (bytes, base) = try HLSPlaylistFetch.fetch(
                    manifestURL, timeout: timeout, interrupt: interrupt, limit: DASHManifest.byteLimit,
                    counter: counter, operation: "loading the manifest")
                return try DASHManifest(parsing: String(decoding: bytes, as: UTF8.self), location: base)
            })
            guard !interrupt.isAborted else { return }
            loadedAt = MediaPlayer.now
            state.withLock {
                switch updated {
                case .success(let manifest):
                    $0.manifest = manifest
                    $0.refreshFailure = nil
                case .failure(let error):
                    $0.refreshFailure = error
                }
            }
        }
    }

    /// The time now on the server's clock, in seconds since 1970: the machine's, until
    /// ``synchronizeClock(timeout:interrupt:counter:)`` learned better.
    private var now: Double { Date().timeIntervalSince1970 + state.withLock { $0.clockOffset } }

    /// The schemes of `UTCTiming` the bridge reads: the time written in the manifest, at a URL as
    /// an ISO 8601 date, or in the `Date` header of a URL's answer to `HEAD`.
    static let clockSchemes = (
        direct: "urn:mpeg:dash:utc:direct:2014",
        fetched: ["urn:mpeg:dash:utc:http-iso:2014", "urn:mpeg:dash:utc:http-xsdate:2014"],
        head: "urn:mpeg:dash:utc:http-head:2014"
    )

    /// Sets the server's clock from the first of the manifest's `UTCTiming` sources that can be
    /// read, so that segments spaced by a duration are counted as the server counts them however
    /// far the machine's clock is from it. Without one, or when none can be read, the machine's
    /// clock is used, as DASH-IF's guidelines have it.
    func synchronizeClock(timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?) {
        for source in state.withLock({ $0.manifest.clockSources }) {
            var server: Double?
            var local = Date().timeIntervalSince1970
            let url = HLSPlaylistFetch.resolve(
                source.value.trimmingCharacters(in: .whitespaces), against: manifestURL)
            let asked = Date().timeIntervalSince1970
            if source.scheme == Self.clockSchemes.direct {
                server = DASHManifest.seconds(ofDate: source.value)
            } else if source.scheme == Self.clockSchemes.head {
                // NB: the header counts whole seconds, stamped before the answer came: taking the
                // second it names when the answer came keeps the segments counted from running
                // ahead of the server's.
                guard let told = HTTPServerDate.read(url, timeout: timeout, interrupt: interrupt) else {
                    continue
                }
                local = Date().timeIntervalSince1970
                server = told
            } else if Self.clockSchemes.fetched.contains(source.scheme) {
                guard
                    let bytes = try? HLSPlaylistFetch.read(
                        url, timeout: timeout, interrupt: interrupt, limit: 256, counter: counter,
                        operation: "reading the server's time")
                else { continue }
                // NB: the server read its clock half way through the request, most likely.
                local = (asked + Date().timeIntervalSince1970) / 2
                server = DASHManifest.seconds(
                    ofDate: String(decoding: bytes, as: UTF8.self).trimmingCharacters(
                        in: .whitespacesAndNewlines))
            }
            guard let server else { continue }
            state.withLock { $0.clockOffset = server - local }
            return
        }
    }

    /// Why the manifest's last fetch failed, when it did.
    var refreshFailure: PlayerError? { state.withLock { $0.refreshFailure } }

    /// "scheme://host:port" of `url`.
    private static func origin(of url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme,
            let host = components.host
        else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    /// `seconds` since 1970 as an ISO 8601 date in UTC with milliseconds.
    static func dateText(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        let milliseconds = Int(((seconds - seconds.rounded(.down)) * 1000).rounded(.down))
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1,
            Int(parts.tm_mday), Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), milliseconds)
    }
}

// NB: an extension, so that the segment keeps its memberwise initializer.
extension DASHBridge.TextSegment {
    /// The segment `name` names; `nil` for any other name.
    init?(named name: Substring) {
        let parts = name.split(separator: "/", maxSplits: 5, omittingEmptySubsequences: false)
        guard parts.count == 6, parts[0] == "text", let ticks = Int64(parts[1]),
            let url = parts[5].removingPercentEncoding
        else { return nil }
        let times = parts[3].split(separator: "-").compactMap { Int64($0) }
        guard times.count == 2, times[0] < times[1] else { return nil }
        var range: ClosedRange<Int64>?
        if parts[2] != "all" {
            guard let named = DASHBridge.range(named: parts[2]) else { return nil }
            range = named
        }
        self.init(
            url: url, range: range, ticks: ticks, window: times[0]..<times[1],
            initialization: parts[4] == "-" ? nil : String(parts[4]))
    }
}
