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
    /// Seconds from the load to the first picture shown (to the item opened, for sound alone);
    /// `nil` before then.
    public var startupSeconds: Double?
    /// How many times playback stopped to wait for data (`.playing` to `.buffering`).
    public var stallCount: Int
    /// Seconds spent waiting for data after playback began, in all (the stall going on included).
    public var stallSeconds: Double
    /// Bytes fetched over the network for the item: playlists and segments, or the file read with
    /// range requests (0 for a local file).
    public var bytesFetched: Int
    /// How many times another rendition of a stream took over (the first one not counted).
    public var renditionSwitches: Int
    /// Bits per second the network delivers the segments of a multi-rendition stream at, as
    /// measured from their downloads (`nil` until enough was measured, and for other items).
    public var throughputEstimate: Int?
    /// How much video work is shed because the decoder cannot keep up.
    public var overloadLevel: OverloadLevel
    /// Pictures not decoded at all on the way to a keyframe, the decoder being far behind
    /// (``OverloadLevel/skippingToKeyframes``).
    public var picturesSkipped: Int
    /// How many times the sound ran out while playing: the device was handed fewer samples than it
    /// asked for before the item's sound ended.
    public var audioUnderruns: Int

    /// Statistics with the given values; the defaults are those of an item not yet playing.
    public init(
        framesPresented: Int = 0, framesDropped: Int = 0, avOffset: Double = 0,
        videoDecodeSecondsPerFrame: Double? = nil, bitRate: Int? = nil, startupSeconds: Double? = nil,
        stallCount: Int = 0, stallSeconds: Double = 0, bytesFetched: Int = 0, renditionSwitches: Int = 0,
        throughputEstimate: Int? = nil, overloadLevel: OverloadLevel = .none, picturesSkipped: Int = 0,
        audioUnderruns: Int = 0
    ) {
        self.framesPresented = framesPresented
        self.framesDropped = framesDropped
        self.avOffset = avOffset
        self.videoDecodeSecondsPerFrame = videoDecodeSecondsPerFrame
        self.bitRate = bitRate
        self.startupSeconds = startupSeconds
        self.stallCount = stallCount
        self.stallSeconds = stallSeconds
        self.bytesFetched = bytesFetched
        self.renditionSwitches = renditionSwitches
        self.throughputEstimate = throughputEstimate
        self.overloadLevel = overloadLevel
        self.picturesSkipped = picturesSkipped
        self.audioUnderruns = audioUnderruns
    }
}
