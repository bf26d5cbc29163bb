// NB: re-exported so every suite here sees `HeardSound` without importing the module itself.
@_exported import AudioAnalysis

@testable import VideoPlayerRender

extension HeardSound {
    /// What `sink` recorded so far.
    init(_ sink: CaptureAudioSink) {
        self.init(
            interleaved: sink.recordedSamples, channels: sink.format.channels,
            sampleRate: sink.format.sampleRate)
    }
}
