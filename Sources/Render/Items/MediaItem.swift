import Foundation

/// One thing to play: a file, an http(s)/HLS URL, or a URL resolved later by an async loader.
public struct MediaItem: Sendable, Identifiable {
    /// Where the media comes from.
    public enum Source: Sendable {
        /// A local file path or any URL libavformat can open, as a string.
        case location(String)
        /// A URL produced on demand (signed URLs, API look-ups); resolved when the item loads.
        case loader(@Sendable () async throws -> URL)
    }

    /// A unique identity, distinct for two items with the same URL.
    public let id = UUID()
    /// Where the media comes from.
    public var source: Source
    /// The title a UI shows.
    public var title: String?
    /// A secondary line a UI shows.
    public var subtitle: String?
    /// A picture representing the item.
    public var artworkURL: URL?
    /// Where playback starts, in seconds.
    public var startPosition: Double
    /// A WebVTT, SubRip, ASS/SSA or TTML file shown as the item's subtitles: a local file, or
    /// one at an HTTP or HTTPS URL, which the player fetches.
    public var externalSubtitleURL: URL?
    /// Seconds the item's sound is heard after its picture (negative: before), to correct a file
    /// or a device that is out of step; kept with the item, so the queue remembers each item's own.
    ///
    /// The player clamps it to ``MediaPlayer/audioDelayRange`` and changes it with
    /// ``MediaPlayer/setAudioDelay(_:)``.
    public var audioDelay = 0.0
    /// Seconds the item's subtitles show after the time their cues name (negative: before); kept
    /// with the item, as ``audioDelay`` is.
    ///
    /// The player clamps it to ``MediaPlayer/subtitleDelayRange`` and changes it with
    /// ``MediaPlayer/setSubtitleDelay(_:)``.
    public var subtitleDelay = 0.0

    /// An item read from `url` (file, http, https or an HLS playlist).
    public init(
        url: URL, title: String? = nil, subtitle: String? = nil, artworkURL: URL? = nil,
        startPosition: Double = 0, externalSubtitleURL: URL? = nil
    ) {
        self.init(
            source: .location(url.isFileURL ? url.path : url.absoluteString), title: title,
            subtitle: subtitle,
            artworkURL: artworkURL, startPosition: startPosition, externalSubtitleURL: externalSubtitleURL)
    }

    /// An item read from a local file path.
    public init(
        path: String, title: String? = nil, subtitle: String? = nil, artworkURL: URL? = nil,
        startPosition: Double = 0, externalSubtitleURL: URL? = nil
    ) {
        self.init(
            source: .location(path), title: title, subtitle: subtitle, artworkURL: artworkURL,
            startPosition: startPosition, externalSubtitleURL: externalSubtitleURL)
    }

    /// An item whose URL an async loader produces when the item is about to play.
    ///
    /// > Important: the loader runs off the main actor; an error it throws fails the item.
    public init(
        loader: @escaping @Sendable () async throws -> URL, title: String? = nil, subtitle: String? = nil,
        artworkURL: URL? = nil, startPosition: Double = 0, externalSubtitleURL: URL? = nil
    ) {
        self.init(
            source: .loader(loader), title: title, subtitle: subtitle, artworkURL: artworkURL,
            startPosition: startPosition, externalSubtitleURL: externalSubtitleURL)
    }

    private init(
        source: Source, title: String?, subtitle: String?, artworkURL: URL?, startPosition: Double,
        externalSubtitleURL: URL?
    ) {
        self.source = source
        self.title = title
        self.subtitle = subtitle
        self.artworkURL = artworkURL
        self.startPosition = max(0, startPosition)
        self.externalSubtitleURL = externalSubtitleURL
    }

    /// The path or URL string to open; runs the loader when there is one.
    func resolveLocation() async throws -> String {
        switch source {
        case .location(let location): return location
        case .loader(let load):
            let url = try await load()
            return url.isFileURL ? url.path : url.absoluteString
        }
    }
}
