import Foundation
import VideoPlayerRender

/// An audio sink without a device: a thread pulls samples in real time exactly as a device callback
/// would, and keeps them so tests can check what would have been heard.
///
/// > Important: the recorded samples grow while playing; call `reset()` between measurements.
public final class CaptureAudioSink: AudioSink {
    private struct State {
        var render: AudioRenderCallback?
        var paused = true
        var closed = true
        var recorded: [Float] = []
        var format = AudioOutputFormat.standard
    }

    private let state = Locked(State())
    private let thread = Locked<EngineThread?>(nil)
    private let failsToOpen: Bool
    private let obtains: AudioOutputFormat?
    private let framesPerBuffer = 1024

    /// Makes a recorder; with `failsToOpen`, `open` throws as a machine without audio would; with
    /// `obtains`, it gives that format whatever is asked, as a device that runs at its own rate does.
    public init(failsToOpen: Bool = false, obtains: AudioOutputFormat? = nil) {
        self.failsToOpen = failsToOpen
        self.obtains = obtains
    }

    deinit { close() }

    /// Opens the output, paused; returns the format obtained.
    public func open(preferred: AudioOutputFormat, render: @escaping AudioRenderCallback) throws(PlayerError)
        -> AudioOutputFormat
    {
        if failsToOpen { throw PlayerError.audioDeviceUnavailable("capture sink set to fail") }
        close()
        let format = obtains ?? preferred
        state.withLock {
            $0.render = render
            $0.closed = false
            $0.paused = true
            $0.format = format
        }
        thread.withLock { $0 = EngineThread(name: "capture-audio") { [weak self] in self?.pullLoop() } }
        return format
    }

    /// Seconds between a sample being rendered and being heard.
    public var latency: Double {
        state.withLock { Double(framesPerBuffer) / Double($0.format.sampleRate) }
    }

    /// Stops or starts pulling samples.
    public func setPaused(_ paused: Bool) { state.withLock { $0.paused = paused } }

    /// Stops pulling samples for good; returns after the last callback returned.
    public func close() {
        state.withLock { $0.closed = true }
        let running = thread.withLock { thread in
            defer { thread = nil }
            return thread
        }
        running?.join()
        state.withLock { $0.render = nil }
    }

    /// Every sample handed out while playing, interleaved, in order.
    public var recordedSamples: [Float] { state.withLock { $0.recorded } }

    /// The format the recorded samples are in.
    public var format: AudioOutputFormat { state.withLock { $0.format } }

    /// Forgets the recorded samples.
    public func reset() { state.withLock { $0.recorded.removeAll() } }

    /// Pulls one buffer per buffer duration, as a device would; stops when closed.
    private func pullLoop() {
        let (format, period) = state.withLock {
            ($0.format, Double(framesPerBuffer) / Double($0.format.sampleRate))
        }
        var buffer = [Float](repeating: 0, count: framesPerBuffer * format.channels)
        var due = monotonicSeconds()
        while true {
            let (closed, paused, render) = state.withLock { ($0.closed, $0.paused, $0.render) }
            if closed { return }
            if !paused, let render {
                buffer.withUnsafeMutableBufferPointer { render($0) }
                state.withLock { $0.recorded.append(contentsOf: buffer) }
            }
            due += period
            let wait = due - monotonicSeconds()
            if wait > 0 { Thread.sleep(forTimeInterval: wait) } else { due = monotonicSeconds() }
        }
    }
}
