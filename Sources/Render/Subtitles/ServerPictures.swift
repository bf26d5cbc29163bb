/// The pictures that subtitles name on a server, fetched and decoded once for every document of
/// an item: each segment of a subtitle rendition is a document of its own, and segments name the
/// same picture again (a cue cut at a segment's boundary names it in both). Decoded pictures are
/// kept by their URL, up to ``byteLimit`` bytes of pixels, the least recently used given up
/// first. Two readers that ask for one picture at the same time may each fetch it.
final class ServerPictures: Sendable {
    /// Reads the bytes at an HTTP or HTTPS URL.
    typealias Fetch = @Sendable (_ url: String) throws(PlayerError) -> [UInt8]

    /// The most bytes of decoded pixels kept.
    static let byteLimit = 64 << 20

    private let fetch: Fetch
    private let kept = Locked(
        RecentlyUsed<String, SubtitleImage>(capacity: byteLimit) { $0.pixels.count * 4 })

    /// Pictures read by `fetch`.
    init(fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    /// The picture at `url`, an absolute HTTP or HTTPS URL, which `location` names in errors.
    ///
    /// - Throws: what the fetch throws, and what ``SubtitleImage/init(png:location:)`` throws.
    func picture(at url: String, location: String) throws(PlayerError) -> SubtitleImage {
        if let known = kept.withLock({ $0.value(for: url) }) { return known }
        let picture = try SubtitleImage(png: try fetch(url), location: location)
        kept.withLock { $0.insert(picture, for: url) }
        return picture
    }
}
