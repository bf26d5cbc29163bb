/// How much video work a player sheds because its decoder cannot keep up with the clock: each level
/// keeps what the ones before it do and gives up more, as mpv's and ffplay's decoders do.
///
/// The sound never waits for the picture, so a decoder too slow for the stream shows fewer or
/// rougher pictures instead of stalling the sound. The player climbs a level when pictures keep
/// coming out after their time, and comes back down one level at a time once they have come out
/// ahead of it for a while (see ``MediaPlayer/overloadLevel``).
public enum OverloadLevel: Int, Comparable, CaseIterable, Sendable, CustomStringConvertible {
    /// Every picture is decoded and shown.
    case none
    /// Pictures decoded after their time are not shown: the next one due is.
    case droppingLatePictures
    /// Pictures no other picture refers to (most B-frames) are not decoded at all
    /// (`AVDISCARD_NONREF`).
    case skippingNonReferencePictures
    /// The deblocking (loop) filter is skipped: blockier pictures for a third less decoding work
    /// on H.264.
    case skippingLoopFilter
    /// While pictures come out far behind their time, whole groups of pictures are skipped: the
    /// packets up to the next keyframe are not decoded.
    case skippingToKeyframes

    public static func < (lhs: OverloadLevel, rhs: OverloadLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Words for a statistics overlay.
    public var description: String {
        switch self {
        case .none: "none"
        case .droppingLatePictures: "dropping late pictures"
        case .skippingNonReferencePictures: "skipping non-reference pictures"
        case .skippingLoopFilter: "skipping the loop filter"
        case .skippingToKeyframes: "skipping to keyframes"
        }
    }
}

/// Decides the ``OverloadLevel`` from how late each decoded picture comes out against the clock.
///
/// Counts pictures, not seconds, so that it behaves the same whatever the frame rate and whoever
/// drives it: a level is climbed after ``engageCount`` pictures in a row came out late (each level
/// gets as many to take effect before the next), and left after a run of pictures that came out
/// ahead. A level climbed again soon after it was left needs twice as long a run to leave it the
/// next time, so that a decoder on the edge does not swing between two levels.
struct OverloadLadder: Sendable {
    /// Late pictures in a row that climb one level.
    static let engageCount = 8
    /// Early pictures in a row that leave a level, at first.
    static let releaseCount = 30
    /// The longest run of early pictures a level can come to need.
    static let longestReleaseCount = releaseCount * 16
    /// Seconds ahead of the clock a picture must come out to count as early: less is too close to
    /// the edge to give work back.
    static let earlyMargin = 0.02
    /// Seconds behind the clock from which, at the top level, the decoder skips to the next keyframe.
    static let keyframeSkipLateness = 0.25

    private(set) var level = OverloadLevel.none
    private var lateRun = 0
    private var earlyRun = 0
    /// Early pictures in a row that leave the current level.
    private(set) var releaseRun = releaseCount
    /// Pictures seen since a level was last left, while none was climbed since.
    private var sinceRelease: Int?

    /// What one picture's lateness changes.
    struct Decision: Equatable {
        /// The new level, when it changed.
        var level: OverloadLevel?
        /// Whether the decoder should skip the packets up to the next keyframe.
        var skipsToKeyframe = false
    }

    /// Takes the lateness of a picture just decoded: the clock's time minus the picture's, in
    /// seconds (positive: it came out after its time).
    mutating func observe(lateness: Double) -> Decision {
        var decision = Decision()
        sinceRelease = sinceRelease.map { $0 + 1 }
        if lateness > 0 {
            earlyRun = 0
            lateRun += 1
            if lateRun >= Self.engageCount, let next = OverloadLevel(rawValue: level.rawValue + 1) {
                climb(to: next)
                decision.level = level
            }
            decision.skipsToKeyframe = level == .skippingToKeyframes && lateness > Self.keyframeSkipLateness
        } else if lateness < -Self.earlyMargin {
            lateRun = 0
            earlyRun += 1
            if earlyRun >= releaseRun, level > .none {
                descend()
                decision.level = level
            }
        } else {
            // On the edge: neither run goes on.
            lateRun = 0
            earlyRun = 0
        }
        if level == .none, let since = sinceRelease, since >= Self.releaseCount * 10 {
            // Long at ease: the next overload is left as fast as the first.
            releaseRun = Self.releaseCount
            sinceRelease = nil
        }
        return decision
    }

    /// Goes to the top level at once and skips to the next keyframe: the sound is about to run out
    /// because the video's packets, waiting for a decoder far behind, fill the read-ahead.
    mutating func climbToTop() -> Decision {
        guard level < .skippingToKeyframes else { return Decision(skipsToKeyframe: true) }
        climb(to: .skippingToKeyframes)
        return Decision(level: level, skipsToKeyframe: true)
    }

    /// Forgets the runs (a seek, a new pass), keeping the level and what was learnt of the edge.
    mutating func restart() {
        lateRun = 0
        earlyRun = 0
    }

    private mutating func climb(to higher: OverloadLevel) {
        if let since = sinceRelease, since < releaseRun {
            releaseRun = min(releaseRun * 2, Self.longestReleaseCount)
        }
        sinceRelease = nil
        level = higher
        lateRun = 0
        earlyRun = 0
    }

    private mutating func descend() {
        level = OverloadLevel(rawValue: level.rawValue - 1) ?? level
        sinceRelease = 0
        lateRun = 0
        earlyRun = 0
    }
}
