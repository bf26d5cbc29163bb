/// The name of one measurement; its raw value is the key in the JSON report.
enum Metric: String, CaseIterable, Codable, Sendable {
    case cpuSeconds, peakRSSMiB, wallSeconds
    /// The CPU time of the X server while a player drew into a real X window.
    case xServerCPUSeconds
    case framesPresented, framesDropped, dropPercent
    /// Pictures shown as a share of the clip's, and the longest wait between two shown while the
    /// clock runs (the first from its start), in ms.
    case shownPercent, longestFrameGapMs
    /// From the first picture shown to the clock's start, while the pictures after it are decoded.
    case prerollMs
    /// Times the sound ran out while playing, stalls, and pictures the decoder skipped to keyframes.
    case soundGaps, stalls, picturesSkipped
    case firstFrameMs
    case avPairs, avP50Ms, avP99Ms, avMaxMs, avMeanSignedMs
    case overlayRedrawsPerSecond, composeMeanMs, composeP95Ms
    case keyframeSeekP50Ms, keyframeSeekP95Ms, exactSeekP50Ms, exactSeekP95Ms, seekTimeouts
    case switchPreloadedMs, switchColdMs
    case loopGapSamples, loopClicks, loopCrossingMs, loopFrameMs
    case gaplessGapSamples, gaplessClicks, gaplessCrossingMs, gaplessFrameMs
    case networkSpinnerGapMs, networkStallIterationMs, networkStallPresentGapMs, networkCommandMs
    case networkRetryFirstFrameMs
    case streamStartupMs, streamStalls, streamStallMs, streamSwitches, streamLowestHeight, streamBytesRatio
    /// Following a live stream: startup, the seconds behind its edge (median and most), stalls,
    /// and bytes fetched over those of the segments fetched.
    case liveStartupMs, liveLatencyMedianSeconds, liveLatencyMaxSeconds, liveStalls, liveBytesRatio
    case fullRedrawMs, fullRedrawP95Ms, fullPaintMs
    case idleCPUPercent, idleWakeupsPerSecond
    case lazyList20FrameMs, lazyList10kFrameMs, lazyList10kBodies, eagerList10kFrameMs
    case accessibilityLazy10kMs, accessibilityEager10kMs, accessibilityLazy10kElements
    case demoColdWindowMs, demoColdPictureMs, demoWarmWindowMs, demoWarmPictureMs
}

/// The measurements of one scenario in one run, or their medians over several runs.
typealias Metrics = [Metric: Double]

/// Order statistics over samples; every function returns `nil` for no samples.
enum Statistics {
    /// The nearest-rank percentile `p` (0...100) of `samples`.
    static func percentile(_ p: Double, of samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The median; the mean of the two middle samples for an even count.
    static func median(_ samples: [Double]) -> Double? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    static func mean(_ samples: [Double]) -> Double? {
        samples.isEmpty ? nil : samples.reduce(0, +) / Double(samples.count)
    }

    /// Per metric, the median over `runs` of the runs that measured it.
    static func median(of runs: [Metrics]) -> Metrics {
        var result = Metrics()
        for metric in Metric.allCases {
            if let value = median(runs.compactMap { $0[metric] }) { result[metric] = value }
        }
        return result
    }
}

extension Dictionary where Key == Metric, Value == Double {
    /// Stores `value` in milliseconds when there is one (a scenario without samples leaves it out).
    mutating func setMilliseconds(_ metric: Metric, _ seconds: Double?) {
        if let seconds { self[metric] = seconds * 1000 }
    }
}
