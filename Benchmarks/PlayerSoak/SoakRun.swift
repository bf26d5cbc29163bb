import Foundation
import FuzzKit
import VideoPlayerContainer
import VideoPlayerWidgets

/// What a soak does and for how long.
struct SoakPlan {
    /// Seconds of the whole run.
    var duration: Double
    /// Seconds before the baseline checkpoint; what the process allocates once (codecs, fonts, glyph
    /// and symbol caches, the allocator's arenas) settles in this time.
    var warmUp: Double
    /// Seconds between checkpoints.
    var checkpointInterval: Double
    var rate: Double
    var rssLimitMiB: Double
    var seed: UInt64
    /// The kinds of command sent (`SoakCommand.kind`); none only plays.
    var commandKinds = Set(SoakCommand.kinds)
}

/// Drives a ``SoakStage`` for the plan's duration: a random command every 0.2–1.5 s, playback kept
/// going (an ended queue is loaded again, a pause lasts at most 1.5 s), and a checkpoint every
/// `checkpointInterval` seconds.
@MainActor
final class SoakRun {
    private let plan: SoakPlan
    private let stage: SoakStage
    private var random: SeededRandom
    private var counts = SoakCounts()
    private var pausedSince: Double?

    init(plan: SoakPlan, stage: SoakStage) {
        self.plan = plan
        self.stage = stage
        random = SeededRandom(seed: plan.seed)
    }

    /// Runs the soak; `log` receives a line per checkpoint.
    func run(log: (String) -> Void) throws(SoakError) -> SoakReport {
        let start = MediaPlayer.now
        let cpuAtStart = ProcessResources.cpuSeconds
        var checkpoints: [Checkpoint] = []
        var nextCheckpoint = start + plan.checkpointInterval
        var nextCommand = start
        let presentsAtStart = stage.window.statistics.presents
        stage.render.load(stage.queue, autoplay: true)
        while MediaPlayer.now - start < plan.duration {
            stage.step()
            let now = MediaPlayer.now
            try keepPlaying(now: now)
            if now >= nextCommand {
                // Drawn again until of a chosen kind, so a few kinds are sent at the usual pace.
                for _ in 0..<(plan.commandKinds.isEmpty ? 0 : 1_000) {
                    let command = SoakCommand.random(
                        using: &random, queueLength: stage.queue.count, stage: stage)
                    if plan.commandKinds.contains(command.kind) {
                        perform(command)
                        break
                    }
                }
                nextCommand = now + 0.2 + 1.3 * random.unit()
            }
            if now >= nextCheckpoint {
                let checkpoint = try self.checkpoint(at: now - start)
                checkpoints.append(checkpoint)
                log(checkpoint.line)
                nextCheckpoint = MediaPlayer.now + plan.checkpointInterval
            }
        }
        let elapsed = MediaPlayer.now - start
        counts.presents = stage.window.statistics.presents - presentsAtStart
        counts.seeksCompleted = stage.seeksCompleted
        counts.itemsStarted = stage.itemsStarted
        return SoakReport(
            plan: plan, seconds: elapsed, cpuSeconds: ProcessResources.cpuSeconds - cpuAtStart,
            peakRSSMiB: Double(ProcessResources.peakKB) / 1024, counts: counts, checkpoints: checkpoints)
    }

    /// Loads the queue again once it ended and ends pauses that lasted 1.5 s.
    private func keepPlaying(now: Double) throws(SoakError) {
        switch stage.render.status {
        case .failed(let error):
            throw .playbackFailed("\(stage.render.item?.title ?? "?"): \(error)")
        case .ended:
            counts.queueLoads += 1
            stage.render.load(stage.queue, startingAt: random.int(in: 0..<stage.queue.count), autoplay: true)
        case .paused, .ready:
            if let since = pausedSince {
                if now - since > 1.5 {
                    stage.render.play()
                    pausedSince = nil
                }
            } else {
                pausedSince = now
            }
        default:
            pausedSince = nil
        }
    }

    private func perform(_ command: SoakCommand) {
        counts.commands += 1
        let context = stage.context
        let render = stage.render
        switch command {
        case .seek(let fraction, let exact):
            counts.seeks += 1
            render.seek(to: fraction * (render.duration ?? 0), exact: exact)
        case .next:
            counts.switches += 1
            render.next()
        case .previous:
            counts.switches += 1
            render.previous()
        case .load(let index):
            counts.switches += 1
            counts.queueLoads += 1
            render.load(stage.queue, startingAt: index, autoplay: true)
        case .loop(let looping): render.setLooping(looping)
        case .pause: render.pause()
        case .play: render.play()
        case .rate(let rate): render.setRate(rate)
        case .volume(let volume): render.setVolume(volume)
        case .mute(let muted): muted ? render.mute() : render.unmute()
        case .subtitles(let shown): render.selectSubtitleTrack(index: shown ? 0 : nil)
        case .status(let status): context.status.change(to: status)
        case .feature(let present):
            if present {
                context.feature.present(.right(.squeeze(160))) { PlaylistWidget() }
            } else {
                context.feature.dismiss()
            }
        case .plugin(let present):
            if present {
                context.plugin.present(.center) { SpeedMenu() }
            } else {
                context.plugin.dismiss()
            }
        case .toast(let number): context.toast.toast("Soak message \(number)", duration: 0.5)
        }
    }

    /// Brings the player to the same state every time, lets the sessions it replaced close, and
    /// samples the process.
    private func checkpoint(at elapsed: Double) throws(SoakError) -> Checkpoint {
        let render = stage.render
        let context = stage.context
        context.feature.dismiss(animated: false)
        context.plugin.dismiss(animated: false)
        context.toast.clear()
        context.status.toHalfScreen()
        render.setLooping(false)
        render.setRate(plan.rate)
        render.load(stage.queue, startingAt: 0, autoplay: true)
        pausedSince = nil
        try stage.run(until: "the first item's first frame") {
            render.status == .playing && render.statistics.framesPresented > 0
        }
        try stage.run(until: "the second item's preload") { render.player?.isNextPreloaded == true }
        // Replaced sessions close off the main actor; their threads and files go within moments.
        stage.run(for: 0.5)
        ProcessResources.releaseFreedMemory()
        // NB: libdispatch's worker threads (Swift concurrency's pool on Linux, named
        // "com.apple.root.<qos>...") come and go with the load and leave after some idle seconds.
        let names = ProcessResources.threadNames
        let poolThreads = names.filter { $0.contains("qos") }.count
        return Checkpoint(
            seconds: elapsed, rssMiB: Double(ProcessResources.residentKB) / 1024,
            threads: names.count - poolThreads, poolThreads: poolThreads,
            openFiles: ProcessResources.openFileCount,
            itemsStarted: stage.itemsStarted, presents: stage.window.statistics.presents)
    }
}

/// What the run did, for the report.
struct SoakCounts: Codable {
    var commands = 0
    var switches = 0
    var queueLoads = 0
    var seeks = 0
    var seeksCompleted = 0
    var itemsStarted = 0
    var presents = 0
}

/// The process at one checkpoint.
struct Checkpoint: Codable {
    /// Seconds since the start of the run.
    var seconds: Double
    /// Resident memory after freed memory went back to the system.
    var rssMiB: Double
    /// Threads other than libdispatch's pool: the player's, SDL's, FFmpeg's and the main thread.
    var threads: Int
    /// libdispatch's worker threads.
    var poolThreads: Int
    var openFiles: Int
    /// Items started so far.
    var itemsStarted: Int
    /// Window presents so far.
    var presents: Int

    var line: String {
        String(
            format: "%7.0f s  RSS %6.1f MiB  threads %3d + %d pool  open files %3d  items started %6d",
            seconds, rssMiB, threads, poolThreads, openFiles, itemsStarted)
    }
}
