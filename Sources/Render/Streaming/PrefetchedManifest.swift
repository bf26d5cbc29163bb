/// A network DASH manifest (".mpd") read before its item opens: a live one, and an on-demand one
/// whose segments templates, lists or indexes in the files name, play through a ``DASHBridge``;
/// any other is given to libavformat's DASH demuxer from memory, which then does not fetch it
/// again.
struct PrefetchedManifest: Sendable {
    /// The manifest, its segment lists numbered as libavformat's DASH demuxer counts them when the
    /// bridge does not play it (``DASHManifest/segmentListsNumberedFromZero(_:)``).
    var bytes: [UInt8]
    /// The bridge that plays it, when one does.
    var bridge: DASHBridge?
    /// Whether the presentation is live (`type="dynamic"`).
    var isLive = false
    /// Where the manifest was read from: where the redirects, if any, led. Its relative URLs
    /// point there.
    var base: String

    /// What the demuxer opens for the item: the master playlist of the bridge, else the URL the
    /// manifest was read from, which it then reads from memory (``prefetched``).
    ///
    /// NB: not the item's URL when that redirects: given that, libavformat's DASH demuxer resolves
    /// the manifest's relative URLs against it, not against where the redirect led, and fails.
    var opened: String { bridge?.masterURL ?? base }

    /// What the demuxer reads from memory at ``opened``: the manifest, unless the bridge plays it.
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
            } else if parsed.everySegmentIsNamed {
                bridge = try DASHBridge(manifest: parsed, url: location)
            }
        } catch {
            // NB: libavformat reads on-demand manifests the player's reading refuses (a malformed
            // attribute it ignores, say); a live one it cannot follow.
            if DASHManifest.declaresDynamic(bytes) { throw error }
        }
        return PrefetchedManifest(
            bytes: bridge == nil ? DASHManifest.segmentListsNumberedFromZero(bytes) : bytes, bridge: bridge,
            isLive: DASHManifest.declaresDynamic(bytes), base: base)
    }
}
