@testable import VideoPlayerRender

/// What a capture sink recorded, read as a listener would: is there sound, how loud, at what pitch.
struct HeardSound {
    /// The first channel of the recording.
    let samples: [Float]
    let sampleRate: Int

    init(_ sink: CaptureAudioSink) {
        self.init(interleaved: sink.recordedSamples, format: sink.format)
    }

    init(interleaved: [Float], format: AudioOutputFormat) {
        let channels = max(format.channels, 1)
        samples = stride(from: 0, to: interleaved.count, by: channels).map { interleaved[$0] }
        sampleRate = format.sampleRate
    }

    /// Whether any sample is above the faintest audible level.
    var isAudible: Bool { samples.contains { abs($0) > 0.0005 } }

    /// The root mean square level of every sample.
    var rms: Double {
        guard !samples.isEmpty else { return 0 }
        return (samples.reduce(0.0) { $0 + Double($1 * $1) } / Double(samples.count)).squareRoot()
    }

    /// The pitch of a steady tone, from the upward zero crossings between the first and the last
    /// sample at half the peak level or more (silence, and the faint ringing a lossy codec leaves
    /// after the end, do not count); 0 with fewer than two crossings.
    var frequency: Double {
        let peak = samples.reduce(0) { max($0, abs($1)) }
        guard peak > 0, let start = samples.firstIndex(where: { abs($0) >= peak / 2 }),
            let end = samples.lastIndex(where: { abs($0) >= peak / 2 }), end > start
        else { return 0 }
        var crossings: [Int] = []
        for index in (start + 1)...end where samples[index - 1] < 0 && samples[index] >= 0 {
            crossings.append(index)
        }
        guard let first = crossings.first, let last = crossings.last, last > first else { return 0 }
        return Double(crossings.count - 1) * Double(sampleRate) / Double(last - first)
    }

    /// The samples from the first to the last one above a tenth of the peak level.
    var soundingPart: ArraySlice<Float> {
        let peak = samples.reduce(0) { max($0, abs($1)) }
        guard let first = samples.firstIndex(where: { abs($0) > peak / 10 }),
            let last = samples.lastIndex(where: { abs($0) > peak / 10 })
        else { return [] }
        return samples[first...last]
    }

    /// The most samples in a row, within `part`, below a fiftieth of the peak level: a steady tone
    /// passes that low only for a few samples around each zero crossing.
    func longestQuietRun(in part: ArraySlice<Float>) -> Int {
        let floor = samples.reduce(0) { max($0, abs($1)) } / 50
        var longest = 0
        var run = 0
        for sample in part {
            run = abs(sample) < floor ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
