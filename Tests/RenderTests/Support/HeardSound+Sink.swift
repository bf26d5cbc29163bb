// NB: re-exported so every suite here sees `HeardSound` without importing the module itself.
@_exported import AudioAnalysis
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension HeardSound {
    /// What `sink` recorded so far.
    init(_ sink: CaptureAudioSink) {
        self.init(
            interleaved: sink.recordedSamples, channels: sink.format.channels,
            sampleRate: sink.format.sampleRate)
    }
}

extension HeardSound {
    /// Expects the recording to be one unbroken 440 Hz tone of amplitude 0.25 (what `ToneClip`
    /// makes) sounding for more than `samples` samples: no click, no gap longer than a zero
    /// crossing's, and the right pitch.
    func expectUnbrokenTone(longerThan samples: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let sounding = soundingPart
        #expect(
            Double(sounding.count) > samples, "only \(sounding.count) samples sounded",
            sourceLocation: sourceLocation)
        let jumps = jumps(in: sounding, frequency: 440, amplitude: 0.25)
        #expect(jumps == 0, "\(jumps) clicks", sourceLocation: sourceLocation)
        let gap = longestQuietRun(in: sounding)
        #expect(gap < 8, "a gap of \(gap) samples", sourceLocation: sourceLocation)
        #expect(abs(frequency - 440) < 4.4, "heard \(frequency) Hz", sourceLocation: sourceLocation)
    }
}
