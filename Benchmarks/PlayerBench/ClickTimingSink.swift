import VideoPlayerContainer
import VideoPlayerFixtures

/// When the sync clicks of a clip would be heard, as measured at the audio device.
///
/// > Important: written on the device thread, read on the main thread; the mutex covers both.
final class ClickLog: Sendable {
    private struct State {
        var format = AudioOutputFormat.standard
        var onsets: [Double] = []
    }

    /// A click restarts only after this much quiet, so one 10 ms burst is one onset.
    private static let minimumGap = 0.1
    private let state = Locked(State())

    var format: AudioOutputFormat {
        get { state.withLock { $0.format } }
        set { state.withLock { $0.format = newValue } }
    }

    /// Monotonic seconds at which each click's first loud sample is heard, in order.
    var onsets: [Double] { state.withLock { $0.onsets } }

    func noteClick(heardAt time: Double) {
        state.withLock { state in
            if let last = state.onsets.last, time - last < Self.minimumGap { return }
            state.onsets.append(time)
        }
    }
}

/// Plays through SDL like the default sink and notes, in a ``ClickLog``, when each click's first
/// sample will be heard, with the engine's own model of the device: the sink's latency is the time
/// from the request to when the buffer's last sample is heard (the buffer playing plus the one being
/// filled), so the sample at offset `t` in a buffer of duration `d` is heard at
/// `request + latency - d + t`. The engine's audio clock makes the same correction.
final class ClickTimingSink: AudioSink {
    /// `TestMedia`'s tone stays below this level and its clicks (at `TestMedia.clickLevel`) rise above it.
    private static let clickThreshold: Float = 0.6
    private let device = SDLAudioSink()
    private let log: ClickLog

    init(log: ClickLog) {
        self.log = log
    }

    func open(preferred: AudioOutputFormat, render: @escaping AudioRenderCallback) throws(PlayerError)
        -> AudioOutputFormat
    {
        let log = log
        let device = device
        let format = try device.open(preferred: preferred) { buffer in
            let requestedAt = MediaPlayer.now
            render(buffer)
            let channels = max(log.format.channels, 1)
            guard let loud = buffer.firstIndex(where: { abs($0) > Self.clickThreshold }) else { return }
            let rate = Double(log.format.sampleRate)
            let offset = Double(loud / channels) / rate
            let duration = Double(buffer.count / channels) / rate
            log.noteClick(heardAt: requestedAt + device.latency - duration + offset)
        }
        log.format = format
        return format
    }

    var latency: Double { device.latency }

    func setPaused(_ paused: Bool) { device.setPaused(paused) }

    func close() { device.close() }
}
