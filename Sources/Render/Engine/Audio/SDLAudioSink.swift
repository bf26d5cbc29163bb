import CSDL2

/// Plays rendered audio on the default SDL audio device through SDL's pull callback.
///
/// > Important: the device and the callback box live in `state`, set in `open` and
/// > cleared in `close` (after SDL joined its callback), both under its lock; SDL itself is only
/// > called outside that lock. The latency has a lock of its own, which the callback reads.
public final class SDLAudioSink: AudioSink, Sendable {
    private final class CallbackBox: Sendable {
        let render: AudioRenderCallback
        init(render: @escaping AudioRenderCallback) { self.render = render }
    }

    private struct State {
        var device: SDL_AudioDeviceID = 0
        var box: Unmanaged<CallbackBox>?
    }

    private static let subsystem = Locked(false)
    private let state = Locked(State())
    // NB: the latency has a lock of its own. The render callback reads it while SDL holds the
    // device's lock, and `setPaused` holds `state` while it waits for that lock: one lock for both
    // deadlocked a pause that met a callback.
    private let latencySeconds = Locked(0.0)

    /// Makes a sink; the device opens in `open`.
    public init() {}

    deinit { close() }

    /// Opens the output, paused; returns the format obtained.
    public func open(preferred: AudioOutputFormat, render: @escaping AudioRenderCallback) throws(PlayerError)
        -> AudioOutputFormat
    {
        let initError: String? = SDLAudioSink.subsystem.withLock { started in
            guard !started else { return nil }
            guard SDL_InitSubSystem(csdl_init_audio()) == 0 else { return String(cString: SDL_GetError()) }
            started = true
            return nil
        }
        if let initError { throw PlayerError.audioDeviceUnavailable(initError) }
        let box = Unmanaged.passRetained(CallbackBox(render: render))
        var desired = SDL_AudioSpec()
        desired.freq = Int32(preferred.sampleRate)
        desired.format = csdl_audio_f32sys()
        desired.channels = UInt8(preferred.channels)
        desired.samples = 1024
        desired.userdata = box.toOpaque()
        desired.callback = { userdata, stream, length in
            guard let userdata, let stream else { return }
            let samples = Int(length) / MemoryLayout<Float>.size
            stream.withMemoryRebound(to: Float.self, capacity: samples) { pointer in
                Unmanaged<CallbackBox>.fromOpaque(userdata).takeUnretainedValue()
                    .render(UnsafeMutableBufferPointer(start: pointer, count: samples))
            }
        }
        var obtained = SDL_AudioSpec()
        // A device without as many channels as asked gives its own count; the engine mixes down to it.
        let changes =
            SDL_AUDIO_ALLOW_FREQUENCY_CHANGE | (preferred.channels > 2 ? SDL_AUDIO_ALLOW_CHANNELS_CHANGE : 0)
        let device = SDL_OpenAudioDevice(nil, 0, &desired, &obtained, Int32(changes))
        guard device != 0 else {
            box.release()
            throw PlayerError.audioDeviceUnavailable(String(cString: SDL_GetError()))
        }
        let latency = 2 * Double(obtained.samples) / Double(max(obtained.freq, 1))
        latencySeconds.withLock { $0 = latency }
        state.withLock { $0 = State(device: device, box: box) }
        return AudioOutputFormat(sampleRate: Int(obtained.freq), channels: Int(obtained.channels))
    }

    /// Seconds between a sample being rendered and being heard.
    public var latency: Double { latencySeconds.withLock { $0 } }

    /// Stops or starts pulling samples.
    ///
    /// > Important: call it from one thread at a time with `open` and `close` (the player's main
    /// > actor does).
    public func setPaused(_ paused: Bool) {
        // NB: never call SDL under `state`: SDL holds the device's lock while the callback runs, and
        // the callback reads `latency`, so pausing under `state` could wait for a callback that
        // waits for `state`.
        let device = state.withLock { $0.device }
        if device != 0 { SDL_PauseAudioDevice(device, paused ? 1 : 0) }
    }

    /// Stops pulling samples for good; returns after the last callback returned.
    public func close() {
        let (device, box) = state.withLock { state in
            defer { state = State() }
            return (state.device, state.box)
        }
        if device != 0 { SDL_CloseAudioDevice(device) }
        box?.release()
        latencySeconds.withLock { $0 = 0 }
    }
}
