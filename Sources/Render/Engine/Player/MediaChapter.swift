/// A named section of an item.
public struct MediaChapter: Hashable, Sendable {
    /// The chapter title ("" when the container names none).
    public var title: String
    /// Start in seconds.
    public var start: Double
    /// End in seconds.
    public var end: Double

    /// Makes a chapter.
    public init(title: String, start: Double, end: Double) {
        self.title = title
        self.start = start
        self.end = end
    }
}
