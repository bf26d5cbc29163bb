/// How playback of the current item is going, for a statistics overlay: what mpv's stats page and
/// a browser's "stats for nerds" show.
public struct PlaybackStatistics: Hashable, Sendable {
    /// Pictures shown so far.
    public var framesPresented: Int
    /// Pictures dropped because they were late.
    public var framesDropped: Int
    /// How far the picture shown last lagged the clock when it became current (seconds; positive
    /// means late).
    public var avOffset: Double
    /// Mean seconds libavcodec took per decoded picture (`nil` before the first).
    public var videoDecodeSecondsPerFrame: Double?
    /// Bits per second of the file, when the container states it or FFmpeg can estimate it.
    public var bitRate: Int?

    /// Statistics with the given values; the defaults are those of an item not yet playing.
    public init(
        framesPresented: Int = 0, framesDropped: Int = 0, avOffset: Double = 0,
        videoDecodeSecondsPerFrame: Double? = nil, bitRate: Int? = nil
    ) {
        self.framesPresented = framesPresented
        self.framesDropped = framesDropped
        self.avOffset = avOffset
        self.videoDecodeSecondsPerFrame = videoDecodeSecondsPerFrame
        self.bitRate = bitRate
    }
}
