import Foundation

/// How fast the network delivers segments, from the downloads measured so far.
///
/// Two exponentially weighted moving averages of the download rates: one that forgets in 2 s, one in
/// 5 s, of the time the samples stand for (the seconds since the sample before: a download every
/// second weighs a second, as do a few downloads in a row that took a second in all). The estimate is
/// the lower of the two, so a drop shows at once and a rise only once it lasted. Downloads too small
/// to tell a rate (under ``minimumSampleBytes``) are left out, one shorter than ``shortestDownload``
/// counts as that long (bytes that waited in the socket's buffers arrive at once; at 10 ms, the
/// smallest download counted still tells 12.8 Mbit/s), and there is no estimate before
/// ``minimumTotalBytes`` were measured.
struct ThroughputEstimator: Sendable, Equatable {
    /// Bytes a download must have to count: smaller ones measure the request's latency.
    static let minimumSampleBytes = 16_000
    /// Bytes measured before the estimate is trusted.
    static let minimumTotalBytes = 128_000
    /// Seconds a download counts as at least.
    static let shortestDownload = 0.01

    private var fast = WeightedAverage(halfLife: 2)
    private var slow = WeightedAverage(halfLife: 5)
    private var bytesMeasured = 0
    /// The rate of the latest download counted, in bits per second.
    private(set) var latest: Int?
    /// How many downloads were counted.
    private(set) var sampleCount = 0

    /// Adds a download of `bytes` that took `seconds`, standing for the `span` seconds since the
    /// sample before (at least its own length).
    mutating func add(bytes: Int, seconds: Double, span: Double = 0) {
        guard bytes >= Self.minimumSampleBytes, seconds >= 0, seconds.isFinite, span.isFinite else { return }
        let length = max(seconds, Self.shortestDownload)
        let bitsPerSecond = Double(bytes) * 8 / length
        let weight = max(length, span)
        fast.add(bitsPerSecond, weight: weight)
        slow.add(bitsPerSecond, weight: weight)
        bytesMeasured += bytes
        latest = Int(bitsPerSecond)
        sampleCount += 1
    }

    /// Bits per second the network delivers, once enough was measured.
    var bitsPerSecond: Int? {
        guard bytesMeasured >= Self.minimumTotalBytes, let fast = fast.value, let slow = slow.value else {
            return nil
        }
        return Int(min(fast, slow).rounded())
    }
}

/// An exponentially weighted moving average whose samples carry weights (seconds), corrected for
/// its start at zero.
private struct WeightedAverage: Sendable, Equatable {
    /// How much of the average a sample of weight 1 keeps: half after `halfLife`.
    let retained: Double
    private var average = 0.0
    private var totalWeight = 0.0

    init(halfLife: Double) {
        retained = exp(log(0.5) / halfLife)
    }

    mutating func add(_ sample: Double, weight: Double) {
        let kept = pow(retained, weight)
        average = sample * (1 - kept) + kept * average
        totalWeight += weight
    }

    var value: Double? {
        guard totalWeight > 0 else { return nil }
        return average / (1 - pow(retained, totalWeight))
    }
}
