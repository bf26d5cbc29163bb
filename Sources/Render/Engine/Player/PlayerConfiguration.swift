/// Settings fixed when a player is made.
public struct PlayerConfiguration: Sendable {
    /// Seconds a network open or read may stall before failing with `.network(.timeout)`.
    public var networkTimeout: Double = 10
    /// Seconds of media time between `.timeTick` events while playing (at 2x they come twice as
    /// often); `nil` sends none.
    public var timeTickInterval: Double?
    /// Makes the audio output of each item; the default plays through SDL.
    public var audioSink: @Sendable () -> any AudioSink = { SDLAudioSink() }
    /// Whether the next queued item is opened (and its first frame decoded) ahead of time.
    public var preloadsNext = true
    /// Seconds of a network stream read ahead of the position: an HLS or DASH ladder fetches its
    /// next segment once less than this is read; a single stream that is not live reads its packets
    /// this far ahead, within 15 MiB. More rides out longer network dips; less keeps less in memory.
    public var forwardBuffer: Double = 10
    /// Seconds the video decoder spends per picture on top of libavcodec's work, by what it was
    /// told to skip: a machine too slow for the stream, for tests of ``OverloadLevel``.
    package var extraDecodeCost: (@Sendable (DecodeShortcuts) -> Double)?

    /// The default configuration.
    public init() {}

    /// A configuration with the given values.
    public init(
        networkTimeout: Double = 10, timeTickInterval: Double? = nil,
        audioSink: @escaping @Sendable () -> any AudioSink = { SDLAudioSink() }, preloadsNext: Bool = true,
        forwardBuffer: Double = 10
    ) {
        self.networkTimeout = networkTimeout
        self.timeTickInterval = timeTickInterval
        self.audioSink = audioSink
        self.preloadsNext = preloadsNext
        self.forwardBuffer = forwardBuffer
    }
}
