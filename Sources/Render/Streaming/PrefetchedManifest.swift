/// A network DASH manifest (".mpd") read before its item opens: a live one plays through a
/// ``DASHLiveBridge``; an on-demand one is given to libavformat's DASH demuxer from memory, which
/// then does not fetch it again.
struct PrefetchedManifest: Sendable {
    var bytes: [UInt8]
    /// The bridge that plays it, when it is live.
    var bridge: DASHLiveBridge?

    /// What the demuxer opens for the item at `location`: the master playlist of the bridge, else
    /// `location`.
    func opened(for location: String) -> String { bridge?.masterURL ?? location }

    /// What the demuxer reads from memory: the manifest, unless the bridge plays it.
    var prefetched: [UInt8]? { bridge == nil ? bytes : nil }

    /// Reads the manifest at `location` when it is a network DASH manifest; `nil` for anything
    /// else.
    ///
    /// - Throws: the failure to fetch it, and that of a live manifest that cannot be read (an
    ///   on-demand one the player cannot read goes to libavformat's DASH demuxer, which may).
    static func read(
        _ location: String, timeout: Double, interrupt: InterruptGuard, counter: ByteCounter?
    ) throws(PlayerError) -> PrefetchedManifest? {
        guard isNetworkLocation(location), NetworkWatch.isManifest(location) else { return nil }
        let bytes = try HLSPlaylistFetch.read(
            location, timeout: timeout, interrupt: InterruptGuard(parent: interrupt),
            limit: DASHManifest.byteLimit, counter: counter, operation: "loading the manifest")
        var bridge: DASHLiveBridge?
        do throws(PlayerError) {
            let parsed = try DASHManifest(parsing: String(decoding: bytes, as: UTF8.self), location: location)
            if parsed.isDynamic {
                bridge = try DASHLiveBridge(manifest: parsed, url: location)
                bridge?.synchronizeClock(
                    timeout: timeout, interrupt: InterruptGuard(parent: interrupt), counter: counter)
            }
        } catch {
            // NB: libavformat reads on-demand manifests the player's reading refuses (segments
            // addressed by SegmentBase or SegmentList, say); a live one it cannot follow.
            if DASHManifest.declaresDynamic(bytes) { throw error }
        }
        return PrefetchedManifest(bytes: bytes, bridge: bridge)
    }
}
