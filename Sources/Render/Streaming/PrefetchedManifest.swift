/// A network DASH manifest (".mpd") read before its item opens: a live one, and an on-demand one
/// whose segments templates name, play through a ``DASHBridge``; any other is given to
/// libavformat's DASH demuxer from memory, which then does not fetch it again.
struct PrefetchedManifest: Sendable {
    var bytes: [UInt8]
    /// The bridge that plays it, when one does.
    var bridge: DASHBridge?
    /// Whether the presentation is live (`type="dynamic"`).
    var isLive = false
    /// Whether a redirect led the manifest elsewhere, where its relative URLs point.
    var isRedirected = false

    /// What the demuxer opens for the item at `location`: the master playlist of the bridge, else
    /// `location`.
    func opened(for location: String) -> String { bridge?.masterURL ?? location }

    /// What the demuxer reads from memory: the manifest, unless the bridge plays it or a redirect
    /// led it elsewhere (read from memory, its URLs would be taken as relative to the one asked
    /// for, so the demuxer fetches it itself).
    var prefetched: [UInt8]? { bridge == nil && !isRedirected ? bytes : nil }

    /// Reads the manifest at `location` when it is a network DASH manifest; `nil` for anything
    /// else.
    ///
    /// - Throws: the failure to fetch it, and that of a live manifest that cannot be read (an
    ///   on-demand one the player cannot read goes to libavformat's DASH demuxer, which may).
    static func read(
        _ location: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?
    ) throws(PlayerError) -> PrefetchedManifest? {
        guard isNetworkLocation(location), NetworkWatch.isManifest(location) else { return nil }
        let (bytes, base) = try HLSPlaylistFetch.fetch(
            location, timeout: timeout, interrupt: InterruptGuard(parent: interrupt),
            limit: DASHManifest.byteLimit, counter: counter, operation: "loading the manifest")
        var bridge: DASHBridge?
        do throws(PlayerError) {
            let parsed = try DASHManifest(parsing: String(decoding: bytes, as: UTF8.self), location: base)
            if parsed.isDynamic {
                bridge = try DASHBridge(manifest: parsed, url: location)
                bridge?.synchronizeClock(
                    timeout: timeout, interrupt: InterruptGuard(parent: interrupt), counter: counter)
            } else if parsed.templatesNameEverySegment {
                bridge = try DASHBridge(manifest: parsed, url: location)
            }
        } catch {
            // NB: libavformat reads on-demand manifests the player's reading refuses (segments
            // addressed by SegmentBase or SegmentList, say); a live one it cannot follow.
            if DASHManifest.declaresDynamic(bytes) { throw error }
        }
        return PrefetchedManifest(
            bytes: bytes, bridge: bridge, isLive: DASHManifest.declaresDynamic(bytes),
            isRedirected: base != location)
    }
}
