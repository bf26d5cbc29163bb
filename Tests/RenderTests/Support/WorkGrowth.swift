import Foundation

/// How the time of some work grows with its input, without a bound on the time itself: the ratio of
/// the large input's time (one run) to the small one's (the best of three runs, the shorter work
/// being the noisier). Linear work on an input
/// ten times larger gives a ratio near 10 in any build, sanitized or not; quadratic work near 100.
enum WorkGrowth {
    static func ratio(small: () -> Void, large: () -> Void) -> Double {
        seconds(of: large, runs: 1) / max(seconds(of: small, runs: 3), 1e-6)
    }

    /// The shortest of `runs` runs of `work`, in seconds.
    static func seconds(of work: () -> Void, runs: Int) -> Double {
        (0..<runs).map { _ in
            let started = ContinuousClock.now
            work()
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }.min() ?? 0
    }
}
