import AudioAnalysis
import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// Looping a one-second clip, or playing a queue of it: what the recorded sound does at the loop
/// points or between the items (the longest gap, in samples beyond the one a clean tone has at a
/// zero crossing, and the clicks; both should be 0), and the most main-thread CPU time a loop
/// iteration that crossed a joint took (its sleep does not count), next to the median of the
/// iterations that showed a picture.
@MainActor
struct LoopMeasurement {
    /// Where one pass of the clip meets the next.
    enum Joint {
        /// The item loops.
        case loopPoint
        /// The queue holds the clip again and again.
        case queueItem

        /// The metrics of the gap, the clicks, the crossing's CPU time and a frame's.
        var metrics: (gap: Metric, clicks: Metric, crossing: Metric, frame: Metric) {
            switch self {
            case .loopPoint: (.loopGapSamples, .loopClicks, .loopCrossingMs, .loopFrameMs)
            case .queueItem: (.gaplessGapSamples, .gaplessClicks, .gaplessCrossingMs, .gaplessFrameMs)
            }
        }
    }

    let spec: ClipSpec
    let url: URL
    let joint: Joint
    /// Joints to cross.
    let loops: Int

    func run() throws(BenchError) -> Metrics {
        let sinks = Locked<[CaptureAudioSink]>([])
        let configuration = PlayerConfiguration(
            timeTickInterval: 1,
            audioSink: {
                let sink = CaptureAudioSink()
                sinks.withLock { $0.append(sink) }
                return sink
            })
        let stage = try BenchStage(
            configuration: configuration, title: joint == .loopPoint ? "Loop" : "Gapless queue")
        defer { stage.close() }
        let player = stage.player
        let crossed = Locked(0)
        let joint = joint
        player.addObserver { event in
            let crossing =
                switch (joint, event) {
                case (.loopPoint, .looped), (.queueItem, .itemChanged): true
                default: false
                }
            if crossing { crossed.withLock { $0 += 1 } }
        }
        switch joint {
        case .loopPoint:
            player.setLooping(true)
            player.load(MediaItem(url: url), autoplay: true)
        case .queueItem:
            player.load(Array(repeating: MediaItem(url: url), count: loops + 1), autoplay: true)
        }
        // Loading reported the first item.
        crossed.withLock { $0 = 0 }
        var crossingSeconds: [Double] = []
        var presentingSeconds: [Double] = []
        let deadline = MediaPlayer.now + spec.duration * Double(loops + 1) + 10
        while crossed.withLock({ $0 }) < loops {
            let before = crossed.withLock { $0 }
            let started = ProcessUsage.threadCPUSeconds
            let presented = stage.step() != nil
            let spent = ProcessUsage.threadCPUSeconds - started
            if crossed.withLock({ $0 }) > before { crossingSeconds.append(spent) }
            if presented { presentingSeconds.append(spent) }
            try stage.checkNotFailed()
            if MediaPlayer.now > deadline { throw .timedOut("\(loops) joints") }
        }
        // Let the last joint be heard.
        stage.run(for: 0.3)
        player.pause()
        guard let sink = sinks.withLock({ $0.first }), let tone = spec.tone else {
            throw .playbackFailed("no sound was recorded")
        }
        let heard = HeardSound(
            interleaved: sink.recordedSamples, channels: sink.format.channels,
            sampleRate: sink.format.sampleRate)
        let sounding = heard.soundingPart
        var metrics = Metrics()
        let names = joint.metrics
        metrics[names.gap] = Double(max(0, heard.longestQuietRun(in: sounding) - 1))
        metrics[names.clicks] = Double(
            heard.jumps(in: sounding, frequency: tone.frequency, amplitude: tone.amplitude))
        metrics.setMilliseconds(names.crossing, crossingSeconds.max())
        metrics.setMilliseconds(names.frame, Statistics.median(presentingSeconds))
        return metrics
    }
}
