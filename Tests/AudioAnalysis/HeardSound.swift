/// Recorded sound read as a listener would: is there sound, how loud, at what pitch, with gaps or
/// jumps or not. For the tests that listen and the benchmark's loop measurement.
public struct HeardSound: Sendable {
    /// The first channel of the recording.
    public let samples: [Float]
    /// Samples per second.
    public let sampleRate: Int

    /// The first channel of `interleaved` samples of `channels` channels.
    public init(interleaved: [Float], channels: Int, sampleRate: Int) {
        let channels = max(channels, 1)
        samples = stride(from: 0, to: interleaved.count, by: channels).map { interleaved[$0] }
        self.sampleRate = sampleRate
    }

    /// Whether any sample is above the faintest audible level.
    public var isAudible: Bool { samples.contains { abs($0) > 0.0005 } }

    /// The root mean square level of every sample.
    public var rms: Double {
        guard !samples.isEmpty else { return 0 }
        return (samples.reduce(0.0) { $0 + Double($1 * $1) } / Double(samples.count)).squareRoot()
    }

    /// The pitch of a steady tone, from the upward zero crossings between the first and the last
    /// sample at half the peak level or more (silence, and the faint ringing a lossy codec leaves
    /// after the end, do not count); 0 with fewer than two crossings.
    public var frequency: Double {
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
    public var soundingPart: ArraySlice<Float> {
        let peak = samples.reduce(0) { max($0, abs($1)) }
        guard let first = samples.firstIndex(where: { abs($0) > peak / 10 }),
            let last = samples.lastIndex(where: { abs($0) > peak / 10 })
        else { return [] }
        return samples[first...last]
    }

    /// The most samples in a row, within `part`, below a fiftieth of the peak level: a steady tone
    /// passes that low only for a few samples around each zero crossing.
    public func longestQuietRun(in part: ArraySlice<Float>) -> Int {
        let floor = samples.reduce(0) { max($0, abs($1)) } / 50
        var longest = 0
        var run = 0
        for sample in part {
            run = abs(sample) < floor ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    /// How many steps between neighbouring samples of `part` are steeper than a steady tone of
    /// `frequency` hertz and peak `amplitude` makes (with half again for lossy coding): each is a
    /// click, where the sound jumps instead of running on.
    public func jumps(in part: ArraySlice<Float>, frequency: Double, amplitude: Double) -> Int {
        let steepest = 1.5 * 2 * Double.pi * frequency * amplitude / Double(sampleRate)
        return zip(part, part.dropFirst()).filter { abs(Double($1 - $0)) > steepest }.count
    }
}
