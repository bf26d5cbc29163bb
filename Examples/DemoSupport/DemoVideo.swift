import Foundation
import VideoPlayerWidgets

/// One encoding of a video: a label users pick ("720p") and the file or URL that holds it.
public struct VideoQuality: Hashable, Sendable {
    /// What a quality menu shows.
    public var label: String
    /// The file or URL of this encoding.
    public var url: URL

    /// The encoding `label` stored at `url`.
    public init(label: String, url: URL) {
        self.label = label
        self.url = url
    }
}

/// A comment under a video.
public struct VideoComment: Hashable, Sendable, Identifiable {
    /// Stable within its video.
    public var id: Int
    /// Who wrote it.
    public var author: String
    /// What they wrote.
    public var text: String
    /// How many liked it.
    public var likes: Int

    /// A comment by `author`.
    public init(id: Int, author: String, text: String, likes: Int = 0) {
        self.id = id
        self.author = author
        self.text = text
        self.likes = likes
    }
}

/// A video of the demos' catalogue: what the player plays plus what a page shows around it.
///
/// `MediaItem` carries the title and the channel (as its subtitle); the rest (description, counts,
/// comments, the other encodings) is page data the demos keep beside it.
public struct DemoVideo: Sendable, Identifiable {
    public let id = UUID()
    /// The title.
    public var title: String
    /// The channel that published it.
    public var channel: String
    /// The channel's subscriber count, as written under its name.
    public var subscribers: String
    /// The colour of the channel's avatar circle.
    public var channelColor: Color
    /// Views and age, as written under the title: "12K views · 3 days ago".
    public var stats: String
    /// The text of the description box.
    public var description: String
    /// How many liked and disliked it before the user.
    public var likes: Int
    public var dislikes: Int
    /// The comments, newest first.
    public var comments: [VideoComment]
    /// Its encodings, best first; the player starts with the first.
    public var qualities: [VideoQuality]
    /// A WebVTT or SubRip file of subtitles, if any.
    public var subtitlesURL: URL?
    /// Its length in seconds, when known before opening it.
    public var duration: Double?

    /// A video with page data; `qualities` must not be empty.
    public init(
        title: String, channel: String, subscribers: String = "", channelColor: Color = .gray,
        stats: String = "", description: String = "", likes: Int = 0, dislikes: Int = 0,
        comments: [VideoComment] = [], qualities: [VideoQuality], subtitlesURL: URL? = nil,
        duration: Double? = nil
    ) {
        precondition(!qualities.isEmpty, "a DemoVideo needs at least one encoding")
        self.title = title
        self.channel = channel
        self.subscribers = subscribers
        self.channelColor = channelColor
        self.stats = stats
        self.description = description
        self.likes = likes
        self.dislikes = dislikes
        self.comments = comments
        self.qualities = qualities
        self.subtitlesURL = subtitlesURL
        self.duration = duration
    }

    /// The item the player loads for the encoding at `quality` (clamped), starting at `startPosition`.
    public func item(quality: Int = 0, startPosition: Double = 0) -> MediaItem {
        let index = min(max(quality, 0), qualities.count - 1)
        return MediaItem(
            url: qualities[index].url, title: title, subtitle: channel, startPosition: startPosition,
            externalSubtitleURL: subtitlesURL)
    }
}
