import Foundation
import FuzzKit
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// Sends random commands to a headless `PlayerWidget` with a real player, keeps the model of what
/// the player must end up doing, and checks what the player reports while it takes each command.
@MainActor
final class CommandStorm {
    let bed = WidgetBed(engine: .ffmpeg) { PlayerWidget($0) }
    let queue: [MediaItem]
    let seed: UInt64
    let watchdog: Watchdog
    /// The first subtitle track and the audio track of the clips.
    let subtitleTrack: Int
    let audioTrack: Int
    private(set) var model: StormModel
    private(set) var sent = 0
    private(set) var ignored = 0
    /// Pictures the player presented while pumped.
    private(set) var picturesShown = 0
    private var lastPresented = 0
    private let mix: StormCommand.Mix
    private var random: SeededRandom
    private var events: [PlayerEvent] = []
    private(set) var errors: [PlayerError] = []
    private var recent: [String] = []
    private var lastDraw = 0.0
    private var observation: ObservationToken?

    /// A storm over a queue of three short clips with sound and a subtitle track.
    ///
    /// - Parameter queueMoves: the weight of each of load, next and previous.
    init(seed: UInt64, queueMoves: Int = 4) async throws {
        let specs = [1.5, 2.0, 2.5].map { duration in
            ClipSpec(
                width: 96, height: 64, frameRate: 15, duration: duration, gopSeconds: 0.5,
                tone: ClipSpec.Tone(sampleRate: 16_000, channels: 1),
                subtitles: [SubtitleCue(start: 0.1, end: duration - 0.1, text: "\(duration) s")])
        }
        queue = try specs.enumerated().map {
            MediaItem(url: try TestMedia.cachedClip($1), title: "Item \($0)")
        }
        let tracks = try await Self.tracks(of: queue[0])
        subtitleTrack = try #require(tracks.first { $0.kind == .subtitle }?.index)
        audioTrack = try #require(tracks.first { $0.kind == .audio }?.index)
        var mix = StormCommand.Mix(
            queueLength: queue.count, longestDuration: 2.5,
            subtitleIndices: [nil, subtitleTrack, audioTrack, 9],
            audioIndices: [audioTrack, subtitleTrack, 9])
        for kind in 7...9 { mix.weights[kind] = queueMoves }
        self.mix = mix
        self.seed = seed
        random = SeededRandom(seed: seed)
        model = StormModel(queueLength: queue.count)
        watchdog = Watchdog(timeout: Watchdog.defaultTimeout, phase: "sending commands")
        observation = bed.context.render.observe { [weak self] event in
            guard let self else { return }
            model.observe(event)
            events.append(event)
            if case .error(let error) = event { errors.append(error) }
        }
    }

    /// Sends one random command and checks what the player reported while taking it.
    func step() {
        let command = StormCommand.random(mix, using: &random)
        events = []
        model.apply(command)
        command.send(to: bed.context, queue: queue)
        sent += 1
        recent = recent.suffix(11) + [command.description]
        if events.contains(where: { if case .ignored = $0 { true } else { false } }) { ignored += 1 }
        check(command)
        watchdog.beat()
    }

    /// Lets the player run once, as an iteration of a window's loop does, and the host draw when a
    /// display frame (1/60 s) passed since it last drew.
    func pump() {
        let player = bed.context.render.engine
        player.pump()
        // The count restarts with each item.
        let presented = player.statistics.framesPresented
        picturesShown += presented >= lastPresented ? presented - lastPresented : presented
        lastPresented = presented
        let now = MediaPlayer.now
        if now - lastDraw >= 1.0 / 60 {
            lastDraw = now
            bed.clock.advance(by: 1.0 / 60)
            bed.host.update()
        }
        watchdog.beat()
    }

    /// Pumps (real time: the engine decodes on its threads) until `condition` holds.
    func waitUntil(timeout: Double, _ condition: () -> Bool) async -> Bool {
        await VideoPlayerTestSupport.waitUntil(timeout: timeout, polling: pump, condition)
    }

    /// The seed and the last commands, for failure messages.
    var trail: String { "seed \(String(seed, radix: 16)), last commands: \(recent.joined(separator: ", "))" }

    /// Whether the player rests on a picture: opened, not waiting for data.
    var isSettled: Bool {
        let player = bed.context.render.engine
        return [.ready, .paused, .playing, .ended].contains(player.status) && player.currentFrame != nil
    }

    /// Errors other than a missing sound device (which a machine without one reports).
    var unexpectedErrors: [PlayerError] {
        errors.filter { if case .audioDeviceUnavailable = $0 { false } else { true } }
    }

    private func check(_ command: StormCommand) {
        switch command {
        case .rate(let requested): expectClamped(.rate, requested, to: model.rate)
        case .volume(let requested): expectClamped(.volume, requested, to: model.volume)
        case .audioDelay(let requested) where model.index != nil:
            expectClamped(.audioDelay, requested, to: model.currentDelays.audio)
        case .subtitleDelay(let requested) where model.index != nil:
            expectClamped(.subtitleDelay, requested, to: model.currentDelays.subtitle)
        case .subtitle(let index):
            guard
                events.contains(where: {
                    if case .ignored(.selectSubtitleTrack, _) = $0 { true } else { false }
                })
            else { return model.accept(subtitle: index) }
            let tracks = bed.context.render.engine.tracks
            if let index, tracks.contains(where: { $0.index == index && $0.kind == .subtitle }) {
                Issue.record("the subtitle track \(index) of the item was refused; \(trail)")
            }
        default: break
        }
    }

    /// Expects one `.adjusted` report to `applied` when `requested` was out of range, none otherwise.
    private func expectClamped(_ command: PlayerCommand, _ requested: Double, to applied: Double) {
        let reported = events.compactMap { event -> Double? in
            if case .adjusted(command, _, let value) = event { value } else { nil }
        }
        let expected = requested == applied ? [] : [applied]
        if reported != expected {
            Issue.record("\(command) \(requested) reported \(reported), not \(expected); \(trail)")
        }
    }

    /// The tracks of `item`, read with a player of their own.
    private static func tracks(of item: MediaItem) async throws -> [MediaTrack] {
        let player = MediaPlayer(configuration: PlayerConfiguration(audioSink: { CaptureAudioSink() }))
        player.load(item)
        let deadline = MediaPlayer.now + 5
        while player.status != .ready, MediaPlayer.now < deadline {
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        let tracks = player.tracks
        await player.close()
        return tracks
    }
}
