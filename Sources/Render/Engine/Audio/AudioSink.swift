/// The sample format the engine renders: interleaved 32-bit float.
public struct AudioOutputFormat: Hashable, Sendable {
    /// Frames per second.
    public var sampleRate: Int
    /// Interleaved channels (the engine downmixes any input layout to this count).
    public var channels: Int

    /// Makes a format.
    public init(sampleRate: Int, channels: Int) {
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Float32 stereo at 48 kHz, what the engine asks a device for.
    public static let standard = AudioOutputFormat(sampleRate: 48_000, channels: 2)

    /// What the engine asks a device for to play sound of `channels` channels: 5.1 for surround
    /// sound (six channels or more), which a device without six channels answers with fewer and
    /// the sound is mixed down to them; stereo otherwise.
    public static func preferred(forChannels channels: Int) -> AudioOutputFormat {
        AudioOutputFormat(sampleRate: standard.sampleRate, channels: channels >= 6 ? 6 : standard.channels)
    }
}

/// Fills a buffer of interleaved float samples; silence where there is nothing to play.
public typealias AudioRenderCallback = @Sendable (UnsafeMutableBufferPointer<Float>) -> Void

/// Where rendered audio goes: a device (SDL) or, in tests, a recorder.
///
/// > Important: the sink calls the render callback on its own real-time thread; the callback never
/// > blocks. `close()` returns only after the last callback has returned.
public protocol AudioSink: AnyObject, Sendable {
    /// Opens the output, paused; returns the format actually obtained: a device may give another
    /// rate, or (asked for surround sound) fewer channels.
    func open(preferred: AudioOutputFormat, render: @escaping AudioRenderCallback) throws(PlayerError)
        -> AudioOutputFormat
    /// Seconds between a sample being rendered and being heard.
    var latency: Double { get }
    /// Stops or starts pulling samples.
    func setPaused(_ paused: Bool)
    /// Stops pulling samples for good.
    func close()
}
