/// A bitmap subtitle of a test clip: a rectangle of one colour, shown from `start` to `end`, placed
/// in the video's pixels (the track's canvas is the video's size).
public struct BitmapSubtitleCue: Hashable, Sendable {
    /// When the picture appears, in seconds.
    public var start: Double
    /// When it disappears, in seconds.
    public var end: Double
    /// The left edge, in the video's pixels.
    public var x: Int
    /// The top edge.
    public var y: Int
    /// The width; the encoders want it even.
    public var width: Int
    /// The height; the encoders want it even.
    public var height: Int
    /// The colour, 0xRRGGBB, opaque.
    public var color: UInt32

    /// A `width`x`height` rectangle of `color` at (`x`, `y`) from `start` to `end`.
    public init(start: Double, end: Double, x: Int, y: Int, width: Int, height: Int, color: UInt32) {
        self.start = start
        self.end = end
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.color = color
    }

    /// The bitmap subtitle formats a test clip can carry.
    public enum Codec: String, Hashable, Sendable {
        /// VobSub, as ripped from DVDs, encoded by libavcodec: each picture states its end.
        case dvd = "dvdsub"
        /// DVB, as broadcast, encoded by libavcodec: a picture shows until an empty page clears it.
        case dvb = "dvbsub"
        /// PGS, as on Blu-ray discs, written by the fixtures (FFmpeg has no encoder): a picture
        /// states no end and shows until an empty display set.
        case pgs
    }
}
