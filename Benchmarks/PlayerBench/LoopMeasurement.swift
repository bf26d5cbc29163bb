import AudioAnalysis
import Foundation
import VideoPlayerContainer

/// Looping a one-second clip: what the recorded sound does at the loop points (the longest gap, in
/// samples beyond the one a clean tone has at a zero crossing, and the clicks; both should be 0),
/// and the most main-thread CPU time a loop iteration that crossed a loop point took (its sleep
/// does not count), next to the median of the iterations that showed a picture.
@MainActor
struct LoopMeasurement {
    let spec: ClipSpec
    let url: URL
    /// Loop points to cross.
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
        let stage = try BenchStage(configuration: configuration, title: "Loop")
        defer { stage.close() }
        let player = stage.player
        let crossed = Locked(0)
        player.addObserver { event in
            if event == .looped { crossed.withLock { $0 += 1 } }
        }
        player.setLooping(true)
        player.load(MediaItem(url: url), autoplay: true)
        var crossingSeconds: [Double] = []
        var presentingSeconds: [Double] = []
        let deadline = MediaPlayer.now + spec.duration * Double(loops + 1) + 10
        while crossed.withLock({ $0 }) < loops {
            let before = crossed.withLock { $0 }
            let started = Self.threadCPUSeconds
            let presented = stage.step() != nil
            let spent = Self.threadCPUSeconds - started
            if crossed.withLock({ $0 }) > before { crossingSeconds.append(spent) }
            if presented { presentingSeconds.append(spent) }
            try stage.checkNotFailed()
            if MediaPlayer.now > deadline { throw .timedOut("\(loops) loop points") }
        }
        // Let the last loop point be heard.
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
        metrics[.loopGapSamples] = Double(max(0, heard.longestQuietRun(in: sounding) - 1))
        metrics[.loopClicks] = Double(
            heard.jumps(in: sounding, frequency: tone.frequency, amplitude: tone.amplitude))
        metrics.setMilliseconds(.loopCrossingMs, crossingSeconds.max())
        metrics.setMilliseconds(.loopFrameMs, Statistics.median(presentingSeconds))
        return metrics
    }

    /// CPU seconds the calling thread has used.
    private static var threadCPUSeconds: Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
