/// A small picture of an item at some time, made by ``ThumbnailGenerator``.
public struct Thumbnail: Sendable {
    /// The time of the picture in seconds: the keyframe at or before the time asked for.
    public var time: Double
    /// The picture, RGBA, as wide as the generator's `width`.
    public var pixels: RGBAPixels

    /// A thumbnail of `pixels` shown at `time`.
    public init(time: Double, pixels: RGBAPixels) {
        self.time = time
        self.pixels = pixels
    }
}
