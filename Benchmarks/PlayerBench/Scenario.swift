import ArgumentParser
import VideoPlayerContainer
import VideoPlayerFixtures

/// One measurement a worker process makes: real-time playback of a clip, or a focused test on the
/// 1080p30 clip.
enum Scenario: String, CaseIterable, ExpressibleByArgument, Codable, Sendable {
    case hd30 = "1080p30"
    /// The 1080p30 clip with a busy ASS track drawn by the subtitle overlay, for the cost of subtitles.
    case subtitles = "1080p30-ass"
    /// The 1080p30 clip with a comment sliding across the picture (``SlidingComment``), so the
    /// overlay repaints between frames, for the cost of an overlay that moves.
    case movingOverlay = "1080p30-moving"
    case hd60 = "1080p60"
    case portrait
    /// A 4K60 stream with the detail, B-frames and deblocking of a real one: more than two cores
    /// can decode in real time, so the player sheds video work (``OverloadLevel``) and the sound
    /// must play on.
    case overload = "4k60"
    case sync
    case seek
    case queueSwitch = "switch"
    case loop
    case gapless
    case network
    /// An HLS ladder behind a throughput cap that comes and goes (``StreamingLadder``).
    case streaming
    /// The streaming scenario's ladder as a live stream, followed at its edge (``LiveMeasurement``).
    case live
    /// The same renditions as a live DASH presentation (``LiveMeasurement``).
    case liveDASH = "live-dash"
    case idle
    /// Scrolling lazy and eager lists of 20 and 10,000 rows in a headless host (no clip plays).
    case lists

    /// The scenarios that play a whole clip in real time (and are compared with ffplay).
    static let playback: [Scenario] = [.hd30, .hd60, .portrait, .sync]

    var isPlayback: Bool { Self.playback.contains(self) }

    /// The clip the scenario plays; `smoke` shrinks every clip to 320x240 and 2 s.
    func clip(smoke: Bool) -> ClipSpec {
        let tone = ClipSpec.Tone()
        let duration = smoke ? 2.0 : 10
        let (long, short) = smoke ? (320, 240) : (1920, 1080)
        switch self {
        case .hd30, .movingOverlay, .seek, .queueSwitch, .idle:
            return ClipSpec(
                width: long, height: short, frameRate: 30, duration: duration, gopSeconds: 2, tone: tone)
        case .subtitles:
            var spec = ClipSpec(
                width: long, height: short, frameRate: 30, duration: duration, gopSeconds: 2, tone: tone)
            spec.subtitleHeader = BusySubtitles.header
            spec.subtitles = BusySubtitles.cues(duration: duration)
            return spec
        case .loop, .gapless:
            // A whole number of the tone's periods (440 in a second), so a seamless loop, or the clip
            // played again and again without a gap, is a clean tone.
            return ClipSpec(width: long, height: short, frameRate: 30, duration: 1, gopSeconds: 1, tone: tone)
        case .streaming, .live, .liveDASH, .lists:
            // The ladders are encoded by `StreamingLadder` and `LiveMeasurement`, and lists play
            // nothing; this clip only warms the cache.
            return ClipSpec(width: 160, height: 96, frameRate: 30, duration: 1, gopSeconds: 1, tone: tone)
        case .network:
            // Small, so the throttled server's rates are those of a real stream scaled down.
            return ClipSpec(width: 160, height: 96, frameRate: 30, duration: 6, gopSeconds: 1, tone: tone)
        case .hd60:
            return ClipSpec(
                width: long, height: short, frameRate: 60, duration: duration, gopSeconds: 2, tone: tone)
        case .portrait:
            return ClipSpec(
                width: short, height: long, frameRate: 30, duration: duration, gopSeconds: 2, tone: tone)
        case .overload:
            let (width, height) = smoke ? (320, 240) : (3840, 2160)
            var spec = ClipSpec(
                width: width, height: height, frameRate: 60, duration: duration, gopSeconds: 2,
                allowsBFrames: true, tone: tone, syncMarks: Self.syncMarks(duration: duration))
            // A moving test card under changing grain: detail everywhere, as a camera's picture has.
            // The sync marks click in the sound only (a filter's pictures do not flash); the
            // pictures due at them are known by their times.
            spec.picture = .filter("testsrc2=size=\(width)x\(height):rate=60,noise=alls=12:allf=t")
            spec.encoderPreset = "veryfast"
            return spec
        case .sync:
            return ClipSpec(
                width: long, height: short, frameRate: 30, duration: duration, gopSeconds: 2, tone: tone,
                syncMarks: Self.syncMarks(duration: duration))
        }
    }

    /// Marks half a second apart, each shifted a little so they fall at varied points of a frame.
    private static func syncMarks(duration: Double) -> [Double] {
        stride(from: 0.5, to: duration - 0.4, by: 0.5).enumerated().map { index, time in
            time + Double(index % 7) * 0.004
        }
    }
}
