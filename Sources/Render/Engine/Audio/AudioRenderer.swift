import Foundation

/// The device side of one session's audio: hands queued samples to the output's callback, applies
/// volume and mute, and re-anchors the session's clock to what the device is playing (plus the
/// audio delay).
///
/// > Important: `render` runs on the device thread and never waits for decoding: it only takes
/// > samples already queued.
final class AudioRenderer: Sendable {
    private struct State {
        var current: AudioChunk?
        var offset = 0
        var serial = 0
        var finishedSerial: Int?
        var samplesRendered = 0
        /// The limiter's gain reduction now (1 for none).
        var limiterGain: Float = 1
        /// Whether samples of the current generation were played.
        var began = false
        var underruns = 0

        /// Whether every sample of the current generation has been handed to the device.
        var isFinished: Bool { finishedSerial == serial && current == nil }
    }

    /// The highest sample level the limiter lets through.
    static let limiterCeiling: Float = 0.98
    /// Seconds the limiter takes to give back about two thirds of a gain reduction once the peak
    /// has passed: slow enough not to pump audibly with each period of a low tone.
    static let limiterRelease = 0.05

    let chunks = BoundedQueue<AudioQueueItem>(capacity: 24)
    let format: AudioOutputFormat
    private let state = Locked(State())
    private let clock: PlaybackClock
    private let settings: SessionSettings
    private let latency: @Sendable () -> Double

    init(
        format: AudioOutputFormat, clock: PlaybackClock, settings: SessionSettings,
        latency: @escaping @Sendable () -> Double
    ) {
        self.format = format
        self.clock = clock
        self.settings = settings
        self.latency = latency
    }

    /// Fills the start of `buffer`, which ends where the device buffer does, with the next samples.
    ///
    /// - Returns: how many values it filled: fewer than `buffer.count` when no more are queued.
    func render(_ buffer: UnsafeMutableBufferPointer<Float>) -> Int {
        let now = monotonicSeconds()
        let values = settings.current
        let gain: Float = values.muted ? 0 : values.volume
        let channels = max(format.channels, 1)
        var filled = 0
        var playedUpTo: (pts: Double, tempo: Double)?
        // Sound that ran out before its end (data late from the network) stops the clock where
        // it ends.
        let starved = state.withLock { state in
            while filled < buffer.count {
                guard let chunk = state.current ?? nextChunk(&state) else { break }
                let count = min(chunk.samples.count - state.offset, buffer.count - filled)
                for index in 0..<count { buffer[filled + index] = chunk.samples[state.offset + index] * gain }
                filled += count
                state.offset += count
                let seconds = Double(state.offset / channels) / Double(format.sampleRate) * chunk.tempo
                playedUpTo = (chunk.pts + seconds, chunk.tempo)
                if state.offset >= chunk.samples.count {
                    state.current = nil
                    state.offset = 0
                } else {
                    state.current = chunk
                }
            }
            state.samplesRendered += filled
            let starved = filled < buffer.count && !state.isFinished
            if starved, state.began { state.underruns += 1 }
            if filled > 0 { state.began = true }
            if gain > 1 {
                limit(UnsafeMutableBufferPointer(rebasing: buffer[..<filled]), channels, &state.limiterGain)
            } else {
                state.limiterGain = 1
            }
            return starved
        }
        if let playedUpTo {
            // With an audio delay the picture due is the one `audioDelay` after the sound heard.
            clock.follow(
                playedUpTo.pts - latency() * playedUpTo.tempo + values.audioDelay, at: now,
                until: starved ? playedUpTo.pts + values.audioDelay : nil)
        } else if starved {
            clock.hold(at: now)
        }
        return filled
    }

    /// Holds boosted samples under the ceiling: the gain drops at once to what the loudest channel
    /// of a frame needs, and recovers over ``limiterRelease``.
    private func limit(_ samples: UnsafeMutableBufferPointer<Float>, _ channels: Int, _ gain: inout Float) {
        let release = Float(1 - exp(-1 / (Self.limiterRelease * Double(format.sampleRate))))
        var frame = 0
        while frame + channels <= samples.count {
            var peak: Float = 0
            for channel in 0..<channels { peak = max(peak, abs(samples[frame + channel])) }
            gain = min(1, gain + (1 - gain) * release)
            if peak * gain > Self.limiterCeiling { gain = Self.limiterCeiling / peak }
            for channel in 0..<channels { samples[frame + channel] *= gain }
            frame += channels
        }
    }

    private func nextChunk(_ state: inout State) -> AudioChunk? {
        while let item = chunks.tryPop() {
            switch item {
            case .chunk(let chunk) where chunk.serial == state.serial:
                state.offset = 0
                return chunk
            case .end(let serial) where serial == state.serial:
                state.finishedSerial = serial
            default:
                continue
            }
        }
        return nil
    }

    /// Drops every queued sample: a seek to generation `serial` made them stale.
    func flush(serial: Int) {
        state.withLock { state in
            state.serial = serial
            state.current = nil
            state.offset = 0
            state.finishedSerial = nil
            state.began = false
            chunks.removeAll()
        }
    }

    /// How many times the device asked for more samples than were queued, after the current
    /// generation's sound began and before it ended: each is a gap in the sound.
    var underruns: Int { state.withLock { $0.underruns } }

    /// Whether every sample of generation `serial` has been handed to the device.
    func isFinished(serial: Int) -> Bool {
        state.withLock { $0.finishedSerial == serial && $0.current == nil }
    }

    /// Whether every sample of the current generation has been handed to the device.
    var isFinished: Bool { state.withLock { $0.isFinished } }

    /// How many samples (all channels) the device has taken so far.
    var samplesRendered: Int { state.withLock { $0.samplesRendered } }
}
