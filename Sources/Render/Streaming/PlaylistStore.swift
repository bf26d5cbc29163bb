/// The HLS playlists of an item that cannot change, as fetched: master playlists, and media
/// playlists that end (`EXT-X-ENDLIST`), by URL. Every later read of one, the player's own and the
/// demuxer's when the container opens anew (a seek, a switch or a failover in a stream of
/// fragmented-MP4 segments, a loop), is answered from here, so that each is fetched once and
/// parsed once.
///
/// A live media playlist, which grows, is fetched at each read, but the demuxer's first read of
/// one while the container opens is answered with the one the player read just before
/// (``lending(_:)``). The playlists of a ``DASHBridge`` are written in memory already.
final class PlaylistStore: Sendable {
    private struct Kept {
        var bytes: [UInt8]
        /// The playlist, once a reader asked for it parsed.
        var parsed: HLSPlaylist?
    }

    private let kept = Locked<[String: Kept]>([:])
    /// While the container opens (``lending(_:)``): the live playlists the player read, by URL,
    /// until the demuxer reads each.
    private let lent = Locked<[String: [UInt8]]?>(nil)
    /// The live playlists the player read in the latest ``lending(_:)``, by URL, until it reads
    /// each again (``playlist(at:timeout:interrupt:counter:readWhileOpening:)``).
    private let readWhileOpening = Locked<[String: [UInt8]]>([:])

    /// The bytes of the playlist at `url`: those kept, else fetched (counted by `counter`) and kept
    /// when the playlist cannot change.
    ///
    /// - Throws: the failure to fetch it.
    func read(
        _ url: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?
    ) throws(PlayerError) -> [UInt8] {
        if let known = kept(url) { return known }
        let bytes = try HLSPlaylistFetch.read(url, timeout: timeout, interrupt: interrupt, counter: counter)
        if DASHBridge.serving(url) == nil, Self.cannotChange(bytes) {
            kept.withLock { $0[url] = Kept(bytes: bytes) }
        } else {
            let lending = lent.withLock { lent in
                lent?[url] = bytes
                return lent != nil
            }
            if lending { readWhileOpening.withLock { $0[url] = bytes } }
        }
        return bytes
    }

    /// Runs `body`, in which the player reads a live ladder's playlists and then opens the container
    /// with them (as the item opens, or opens anew for a seek or a switch), and has each live
    /// playlist the player reads there answer the demuxer's next read of it, once
    /// (``takeLent(_:)``), instead of a second fetch. The demuxer then starts from the very window
    /// the player chose its segment and the splice its segments from, and a ladder opens with one
    /// fetch per variant fewer. Its later reloads are fetched.
    func lending<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let outer = lent.withLock { lent in
            defer { if lent == nil { lent = [:] } }
            return lent != nil
        }
        if !outer { forgetReadWhileOpening() }
        defer { if !outer { lent.withLock { $0 = nil } } }
        return try body()
    }

    /// Forgets the live playlists the player read in the latest ``lending(_:)``: the container
    /// opened again since, with playlists of its own.
    func forgetReadWhileOpening() { readWhileOpening.withLock { $0 = [:] } }

    /// The live playlist at `url` the player read in ``lending(_:)``, once; `nil` otherwise.
    func takeLent(_ url: String) -> [UInt8]? {
        lent.withLock { $0?.removeValue(forKey: url) }
    }

    /// The playlist at `url` (``read(_:timeout:interrupt:counter:)``), parsed. With
    /// `readWhileOpening`, a live playlist the player read in the latest ``lending(_:)`` is not
    /// fetched again, once: the copy the demuxer opened with is the window it began in.
    ///
    /// - Throws: the failure to fetch it, `.unsupportedFormat` for text that is not a playlist.
    func playlist(
        at url: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?,
        readWhileOpening: Bool = false
    ) throws(PlayerError) -> HLSPlaylist {
        if let known = parsedPlaylist(at: url) { return known }
        let opened = readWhileOpening ? self.readWhileOpening.withLock { $0.removeValue(forKey: url) } : nil
        let bytes: [UInt8]
        if let opened {
            bytes = opened
        } else {
            bytes = try read(url, timeout: timeout, interrupt: interrupt, counter: counter)
        }
        let playlist = try HLSPlaylist(parsing: String(decoding: bytes, as: UTF8.self), location: url)
        kept.withLock { $0[url]?.parsed = playlist }
        return playlist
    }

    /// The bytes of the playlist at `url` when it is kept; `nil` otherwise. Nothing is fetched.
    func kept(_ url: String) -> [UInt8]? {
        kept.withLock { $0[url]?.bytes }
    }

    /// The playlist at `url` when it is kept and a reader asked for it parsed; `nil` otherwise.
    func parsedPlaylist(at url: String) -> HLSPlaylist? {
        kept.withLock { $0[url]?.parsed }
    }

    /// Whether `bytes` are a playlist that cannot change: a master playlist, or a media playlist
    /// that ends.
    static func cannotChange(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        return text.contains("#EXT-X-STREAM-INF") || text.contains("#EXT-X-ENDLIST")
    }
}
