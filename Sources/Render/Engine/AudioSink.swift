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
}

/// Fills a buffer of interleaved float samples; silence where there is nothing to play.
public typealias AudioRenderCallback = @Sendable (UnsafeMutableBufferPointer<Float>) -> Void

/// Where rendered audio goes: a device (SDL) or, in tests, a recorder.
///
/// > Important: the sink calls the render callback on its own real-time thread; the callback never
/// > blocks. `close()` returns only after the last callback has returned.
public protocol AudioSink: AnyObject, Sendable {
    /// Opens the output, paused; returns the format actually obtained.
    func open(preferred: AudioOutputFormat, render: @escaping AudioRenderCallback) throws(PlayerError)
        -> AudioOutputFormat
    /// Seconds between a sample being rendered and being heard.
    var latency: Double { get }
    /// Stops or starts pulling samples.
    func setPaused(_ paused: Bool)
    /// Stops pulling samples for good.
    func close()
}
