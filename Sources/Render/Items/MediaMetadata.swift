/// What a media file says about itself: its container's tags, such as a title set by the tool that
/// made it or a music file's artist and album.
public struct MediaMetadata: Hashable, Sendable {
    /// The work's title.
    public var title: String?
    /// Who made it: a music file's artist, a video's author.
    public var artist: String?
    /// The album or collection it belongs to.
    public var album: String?

    /// Tags with the given values; empty by default.
    public init(title: String? = nil, artist: String? = nil, album: String? = nil) {
        self.title = title
        self.artist = artist
        self.album = album
    }
}
