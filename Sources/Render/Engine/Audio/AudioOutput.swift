/// One open audio device, which the sessions of a queue share: it plays their renderers one after
/// the other, going on to the next one in the same device buffer as the last sample of the one
/// before, so consecutive items play without a gap (and drivers that open one device at a time are
/// asked for one only).
///
/// Sessions take the output with `retain()` and give it back with `release()`; the last one closes
/// the device.
///
/// > Important: `render` runs on the device thread and never waits.
final class AudioOutput: Sendable {
    private struct State {
        /// The renderers in the order they play: each plays once the ones before it have handed
        /// out every sample of their generation.
        var renderers: [AudioRenderer] = []
        /// The renderers of items opened ahead of their turn, which play after the others.
        var ahead: [ObjectIdentifier] = []
        var users = 0
    }

    let format: AudioOutputFormat
    private let sink: any AudioSink
    private let state = Locked(State())

    /// Opens `sink`, paused, asking for `preferred`; the caller holds the output.
    init(sink: any AudioSink, preferred: AudioOutputFormat = .standard) throws(PlayerError) {
        self.sink = sink
        let box = WeakOutput()
        format = try sink.open(preferred: preferred) { buffer in box.output?.render(buffer) }
        box.output = self
        state.withLock { $0.users = 1 }
    }

    /// Seconds between a sample being rendered and being heard.
    var latency: Double { sink.latency }

    /// Another session shares the output.
    func retain() {
        state.withLock { $0.users += 1 }
    }

    /// A session is done with the output; the last one closes the device (waiting for its thread).
    func release() {
        let last = state.withLock { state in
            state.users -= 1
            return state.users == 0
        }
        if last { sink.close() }
    }

    /// Whether a session other than the caller still holds the output.
    var isShared: Bool { state.withLock { $0.users > 1 } }

    /// Plays `renderer` after the ones already attached; one of an item opened ahead of its turn
    /// (`ahead`) plays after them all, and one of the current item (opened anew while the next one
    /// waits) before those opened ahead.
    func attach(_ renderer: AudioRenderer, ahead: Bool = false) {
        state.withLock { state in
            if ahead { state.ahead.append(ObjectIdentifier(renderer)) }
            let waiting = state.renderers.firstIndex { state.ahead.contains(ObjectIdentifier($0)) }
            if !ahead, let waiting {
                state.renderers.insert(renderer, at: waiting)
            } else {
                state.renderers.append(renderer)
            }
        }
    }

    /// Stops playing `renderer` (its session closed).
    func detach(_ renderer: AudioRenderer) {
        state.withLock { state in
            state.renderers.removeAll { $0 === renderer }
            state.ahead.removeAll { $0 == ObjectIdentifier(renderer) }
        }
    }

    /// Starts or stops the device.
    func setPaused(_ paused: Bool) {
        sink.setPaused(paused)
    }

    /// Fills the device buffer from the first renderer with sound still to play; one that hands
    /// out its last sample mid-buffer is followed at once by the next. A renderer that played to its
    /// end stays in line: sent back by a seek, it plays again before the ones after it.
    private func render(_ buffer: UnsafeMutableBufferPointer<Float>) {
        let renderers = state.withLock { $0.renderers }
        var filled = 0
        for renderer in renderers where filled < buffer.count && !renderer.isFinished {
            filled += renderer.render(UnsafeMutableBufferPointer(rebasing: buffer[filled...]))
            // Out of samples but not at its end: the decoder is behind, and the next item must not
            // cut in.
            guard renderer.isFinished else { break }
        }
        for index in filled..<buffer.count { buffer[index] = 0 }
    }
}

/// The output as its device callback sees it: gone once the output is.
private final class WeakOutput: @unchecked Sendable {
    // NB: written once, before the device is unpaused and calls back.
    weak var output: AudioOutput?
}
