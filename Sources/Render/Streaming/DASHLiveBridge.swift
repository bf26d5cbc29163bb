import Foundation

/// Plays a live (dynamic) DASH presentation through libavformat's HLS demuxer, by serving HLS
/// playlists written from its manifest: a master playlist whose variants are the video
/// representations (with the sound of each audio adaptation set as an audio rendition), and a
/// live media playlist per representation listing the segments available now, with their
/// initialization segment (`EXT-X-MAP`) and dates.
///
/// libavformat's DASH demuxer can neither seek in a live presentation's time-shift buffer nor tell
/// a manifest that stopped growing from one that grows (it fetches it again and again), and it
/// begins a minute behind the edge of a timeline. Through the bridge, a live DASH presentation is
/// followed as a live HLS stream is: at the edge, with its window, its seeks, its quality ladder,
/// and the stall rule.
///
/// The playlists have URLs of their own on the manifest's host, which no request ever reaches:
/// ``NetworkWatch`` answers the demuxer's opens of them, and ``HLSPlaylistFetch`` the player's own
/// reads, from ``serving(_:)``. The manifest is fetched again once its `minimumUpdatePeriod` has
/// passed, when a playlist is asked for.
///
/// Text adaptation sets are not read: a live DASH presentation plays without its subtitles.
final class DASHLiveBridge: Sendable {
    /// The manifest's URL, and the URL of the master playlist written from it.
    let manifestURL: String
    let masterURL: String
    private let prefix: String
    /// The representations served, in the order of their playlists: the video ones (each audio
    /// set's first representation instead, when there is no video), then the sound.
    private let entries: [Entry]
    private let state: Locked<State>
    /// Held while the manifest is fetched again, so that the demuxer's reads and the player's wait
    /// for one fetch.
    private let refreshing = Locked(())

    private struct Entry: Sendable {
        var representationID: String
        var isAudioRendition: Bool
        var language: String?
    }

    private struct State: Sendable {
        var manifest: DASHManifest
        var loadedAt: Double
        /// By representation, the time and sequence number of the last segment listed, which
        /// number the segments of a template without `$Number$` across fetches of the manifest.
        var lastListed: [String: Listed] = [:]
        /// By entry, the URL of the initialization segment its playlist names last.
        var initializationURLs: [Int: String] = [:]
        /// The initialization segments fetched, by URL.
        var initializations: [String: [UInt8]] = [:]
        var refreshFailure: PlayerError?
        /// Seconds the server's clock is ahead of the machine's (``synchronizeClock(timeout:interrupt:counter:)``).
        var clockOffset = 0.0
    }

    /// The shortest wait between two fetches of the manifest.
    static let shortestUpdatePeriod = 0.5

    /// A bridge of `manifest`, a dynamic one just read from `url`.
    ///
    /// - Throws: `.unsupportedFormat` when it lists no video or audio representation whose segments
    ///   a template names (segments addressed by `SegmentBase` or `SegmentList` are not read).
    init(manifest: DASHManifest, url: String) throws(PlayerError) {
        guard let host = Self.origin(of: url) else {
            throw .unsupportedFormat("\(url) is not a URL a live DASH presentation can be fetched from")
        }
        let period = manifest.currentPeriod(at: Date().timeIntervalSince1970)
        func playable(_ set: DASHManifest.AdaptationSet) -> [DASHManifest.Representation] {
            set.representations.filter { $0.template?.media != nil }
        }
        let video = period.adaptationSets.filter { $0.content == .video }.flatMap(playable)
        let audio = period.adaptationSets.filter { $0.content == .audio }.compactMap { set in
            playable(set).max { $0.bandwidth < $1.bandwidth }.map { (set, $0) }
        }
        var entries = video.map { Entry(representationID: $0.id, isAudioRendition: false) }
        entries += audio.map { set, representation in
            Entry(
                representationID: representation.id, isAudioRendition: !video.isEmpty, language: set.language)
        }
        guard !entries.isEmpty else {
            throw .unsupportedFormat(
                "\(url) lists no video or audio representation whose segments a SegmentTemplate names")
        }
        self.entries = entries
        manifestURL = url
        prefix = "\(host)/vpc-dash-\(UUID().uuidString)/"
        masterURL = prefix + "master.m3u8"
        state = Locked(State(manifest: manifest, loadedAt: MediaPlayer.now))
        Self.bridges.withLock { bridges in
            bridges = bridges.filter { $0.value.bridge != nil }
            bridges[prefix] = WeakBridge(bridge: self)
        }
    }

    private struct WeakBridge: @unchecked Sendable {
        weak var bridge: DASHLiveBridge?
    }

    /// The bridges alive, by the prefix of their playlists' URLs.
    private static let bridges = Locked<[String: WeakBridge]>([:])

    /// The bridge whose playlist `url` is, if any.
    static func serving(_ url: String) -> DASHLiveBridge? {
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
            return Array(mediaPlaylist(index).utf8)
        }
        if name.hasPrefix("init-"), name.hasSuffix(".mp4"),
            let index = Int(name.dropFirst("init-".count).dropLast(".mp4".count)),
            let source = state.withLock({ $0.initializationURLs[index] })
        {
            return try initialization(at: source, timeout: timeout, interrupt: interrupt, counter: counter)
        }
        throw .network(.httpStatus(404))
    }

    /// The longest initialization segment kept.
    static let initializationLimit = 4 * 1024 * 1024

    /// The initialization segment at `url`, fetched the first time only.
    private func initialization(
        at url: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?
    ) throws(PlayerError) -> [UInt8] {
        if let kept = state.withLock({ $0.initializations[url] }) { return kept }
        let bytes = try HLSPlaylistFetch.read(
            url, timeout: timeout, interrupt: interrupt, limit: Self.initializationLimit, counter: counter,
            operation: "loading an initialization segment")
        state.withLock { $0.initializations[url] = bytes }
        return bytes
    }

    /// The master playlist: a variant per video representation, each with the audio renditions.
    private func masterPlaylist() -> String {
        let manifest = state.withLock { $0.manifest }
        let period = manifest.currentPeriod(at: now)
        var lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"]
        let sounds = entries.indices.filter { entries[$0].isAudioRendition }
        for (order, index) in sounds.enumerated() {
            let entry = entries[index]
            var attributes = [
                "TYPE=AUDIO", "GROUP-ID=\"audio\"", "NAME=\"\(entry.language ?? entry.representationID)\"",
                "DEFAULT=\(order == 0 ? "YES" : "NO")", "AUTOSELECT=YES",
            ]
            if let language = entry.language { attributes.append("LANGUAGE=\"\(language)\"") }
            attributes.append("URI=\"\(prefix)\(index).m3u8\"")
            lines.append("#EXT-X-MEDIA:" + attributes.joined(separator: ","))
        }
        let soundBandwidth =
            sounds.compactMap { period.representation(entries[$0].representationID)?.bandwidth }.max() ?? 0
        let soundCodecs = sounds.first.flatMap { period.representation(entries[$0].representationID)?.codecs }
        for (index, entry) in entries.enumerated() where !entry.isAudioRendition {
            guard let representation = period.representation(entry.representationID) else { continue }
            var attributes = ["BANDWIDTH=\(representation.bandwidth + soundBandwidth)"]
            if let width = representation.width, let height = representation.height {
                attributes.append("RESOLUTION=\(width)x\(height)")
            }
            let codecs = [representation.codecs, soundCodecs].compactMap { $0 }
            if !codecs.isEmpty { attributes.append("CODECS=\"\(codecs.joined(separator: ","))\"") }
            if !sounds.isEmpty { attributes.append("AUDIO=\"audio\"") }
            lines += ["#EXT-X-STREAM-INF:" + attributes.joined(separator: ","), "\(prefix)\(index).m3u8"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The live media playlist of entry `index`'s representation: the segments available now.
    private func mediaPlaylist(_ index: Int) -> String {
        let now = self.now
        let entry = entries[index]
        return state.withLock { state in
            let manifest = state.manifest
            let period = manifest.currentPeriod(at: now)
            guard let representation = period.representation(entry.representationID) else {
                // NB: a later period without the representation: nothing more of it is listed.
                return Self.mediaPlaylist(lines: [], sequence: 0, targetDuration: 1, manifest: manifest)
            }
            let segments = manifest.segments(of: representation, in: period, at: now)
            let numbers = Self.sequenceNumbers(
                of: segments, numbered: representation.template?.media?.contains("$Number") == true,
                after: state.lastListed[representation.id])
            if let last = segments.last, let sequence = numbers.last {
                state.lastListed[representation.id] = Listed(
                    time: last.time, start: last.start, sequence: sequence)
            }
            var lines: [String] = []
            state.initializationURLs[index] = manifest.initializationURL(of: representation)
            if state.initializationURLs[index] != nil {
                lines.append("#EXT-X-MAP:URI=\"\(prefix)init-\(index).mp4\"")
            }
            for segment in segments {
                if let start = manifest.availabilityStart {
                    lines.append("#EXT-X-PROGRAM-DATE-TIME:" + Self.dateText(start + segment.start))
                }
                lines += [String(format: "#EXTINF:%.6f,", segment.duration), segment.url]
            }
            let longest = segments.map(\.duration).max() ?? manifest.maxSegmentDuration ?? 1
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

    /// The last segment listed in a representation's playlist, with its HLS sequence number.
    struct Listed: Equatable, Sendable {
        var time: Int64
        var start: Double
        var sequence: Int
    }

    /// The HLS sequence numbers of `segments`: their own numbers when the template names segments
    /// by them, else numbers that go on from `last`, the last segment listed before (the segments
    /// of a timeline named by time carry no number that lasts when the server cuts the timeline).
    static func sequenceNumbers(of segments: [DASHManifest.Segment], numbered: Bool, after last: Listed?)
        -> [Int]
    {
        guard !numbered, let last, let first = segments.first else { return segments.map(\.number) }
        if let known = segments.firstIndex(where: { $0.time == last.time }) {
            return segments.indices.map { last.sequence + $0 - known }
        }
        // NB: when the window moved past every segment listed before, the numbers skip as many as
        // were missed.
        let missed =
            first.time > last.time ? Int(((first.start - last.start) / first.duration).rounded()) - 1 : 0
        let base = last.sequence + 1 + max(0, missed)
        return segments.indices.map { base + $0 }
    }

    /// Fetches the manifest again when its update period has passed since the last fetch.
    ///
    /// A fetch that fails leaves the playlists as they were, which then list nothing new: the
    /// player's stall rule ends the item if the manifest keeps failing, with that failure
    /// (``refreshFailure``), and one that fails once is not the end of the presentation.
    private func refreshIfDue(timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?) {
        refreshing.withLock { _ in
            let (manifest, loadedAt) = state.withLock { ($0.manifest, $0.loadedAt) }
            guard manifest.isDynamic, let period = manifest.minimumUpdatePeriod,
                MediaPlayer.now - loadedAt >= max(period, Self.shortestUpdatePeriod)
            else { return }
            let updated = Result(catching: { () throws(PlayerError) -> DASHManifest in
                let bytes = try HLSPlaylistFetch.read(
                    manifestURL, timeout: timeout, interrupt: interrupt, limit: DASHManifest.byteLimit,
                    counter: counter, operation: "loading the manifest")
                return try DASHManifest(
                    parsing: String(decoding: bytes, as: UTF8.self), location: manifestURL)
            })
            guard !interrupt.isAborted else { return }
            let now = MediaPlayer.now
            state.withLock {
                $0.loadedAt = now
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

    /// The schemes of `UTCTiming` the bridge reads: the time written in the manifest, or at a URL
    /// as an ISO 8601 date.
    static let clockSchemes = (
        direct: "urn:mpeg:dash:utc:direct:2014",
        fetched: ["urn:mpeg:dash:utc:http-iso:2014", "urn:mpeg:dash:utc:http-xsdate:2014"]
    )

    /// Sets the server's clock from the first of the manifest's `UTCTiming` sources that can be
    /// read, so that segments spaced by a duration are counted as the server counts them however
    /// far the machine's clock is from it. Without one, or when none can be read, the machine's
    /// clock is used, as DASH-IF's guidelines have it.
    func synchronizeClock(timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?) {
        for source in state.withLock({ $0.manifest.clockSources }) {
            var server: Double?
            var local = Date().timeIntervalSince1970
            if source.scheme == Self.clockSchemes.direct {
                server = DASHManifest.seconds(ofDate: source.value)
            } else if Self.clockSchemes.fetched.contains(source.scheme) {
                let url = HLSPlaylistFetch.resolve(
                    source.value.trimmingCharacters(in: .whitespaces), against: manifestURL)
                let asked = Date().timeIntervalSince1970
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
