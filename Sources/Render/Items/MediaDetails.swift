/// What an app tells about an item beyond its file and the fields of its `MediaItem` (title,
/// subtitle, artwork): the text a page shows under the video, and chapters of its own. A render
/// service keeps them beside its queue and hands them to the item's trackers
/// (``TrackerReport/details``).
public struct MediaDetails: Hashable, Sendable {
    /// The description a page shows under the video.
    public var description: String?
    /// The chapters the app knows of, in place of the file's when there are any. The render
    /// service keeps them without the chapters whose times are not numbers, or negative, in order
    /// of start, each ending no earlier than it starts.
    public var chapters: [MediaChapter]

    /// Details with a `description` and `chapters` (none: the file's chapters show).
    public init(description: String? = nil, chapters: [MediaChapter] = []) {
        self.description = description
        self.chapters = chapters
    }

    /// These details as the render service keeps them: only the chapters with finite,
    /// non-negative times, in order of start, none ending before it starts.
    package var kept: MediaDetails {
        var kept = self
        kept.chapters =
            chapters.filter { $0.start.isFinite && $0.end.isFinite && $0.start >= 0 }
            .map { MediaChapter(title: $0.title, start: $0.start, end: max($0.start, $0.end)) }
            .sorted { $0.start < $1.start }
        return kept
    }
}
