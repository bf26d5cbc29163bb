import Foundation
import FuzzKit
import VideoPlayerContainer
import VideoPlayerFixtures

/// Drives one player through one input: open, play at the fastest rate, seek to a keyframe, seek
/// exactly, seek near the end and play to it, close; each stage under the input's deadline.
///
/// > Important: a hang leaves the player's threads running; the worker exits after reporting it.
@MainActor
final class FuzzPlayback {
    private let player: MediaPlayer
    private var seeksCompleted = 0
    private var stage = "open"
    private var closed = false
    private var stallLimit = Double.infinity
    /// The closed captions track, once the pictures showed there is one: it is shown, so that the
    /// caption data of mutated pictures reaches the caption decoder.
    private var captionTrack: Int?

    init() {
        let sink = CaptureAudioSink()
        player = MediaPlayer(
            configuration: PlayerConfiguration(networkTimeout: 2, audioSink: { sink }, preloadsNext: false))
        player.addObserver { [weak self] event in
            if case .seekCompleted = event { self?.seeksCompleted += 1 }
            if case .tracksChanged(let tracks) = event,
                let track = tracks.first(where: { $0.codecName == "eia_608" })
            {
                self?.captionTrack = track.index
            }
        }
    }

    /// Plays the file at `path`; `limit` seconds is the deadline for reaching ended or failed, and
    /// again for closing. A player that stays open without any progress (status, time, pictures,
    /// seeks) for `stallLimit` seconds is a hang too: media of a few seconds at 4x never needs that.
    func run(path: String, random: SeededRandom, limit: Double, stallLimit: Double) async -> Outcome {
        var random = random
        self.stallLimit = stallLimit
        let deadline = MediaPlayer.now + limit
        player.setRate(4)
        player.load(MediaItem(path: path), autoplay: true)
        var outcome = await script(deadline: deadline, random: &random)
        if case .hang = outcome { describeHang(path: path) }
        stage = "close"
        Task { [player] in
            await player.close()
            self.closed = true
        }
        if await !wait(until: MediaPlayer.now + limit, for: { self.closed }) {
            describeHang(path: path)
            if case .hang(let first) = outcome {
                outcome = .hang(first + "+close")
            } else {
                outcome = .hang(stage)
            }
        }
        return outcome
    }

    /// The stages up to the end; returns early on failure or hang.
    private func script(deadline: Double, random: inout SeededRandom) async -> Outcome {
        // Opening shows no progress until it is done, so only the deadline applies to it.
        guard await wait(until: deadline, for: { ![.idle, .loading].contains(self.player.status) }) else {
            return .hang(stage)
        }
        if let failure = failure { return failure }
        stage = "play"
        await wait(until: min(deadline, MediaPlayer.now + 0.04)) { self.isOver }
        if let captionTrack { player.selectSubtitleTrack(index: captionTrack) }
        let span = player.duration.map { min($0, 3_600) } ?? 1
        for exact in [false, true] {
            if let failure = failure { return failure }
            stage = exact ? "seekExact" : "seek"
            let before = seeksCompleted
            player.seek(to: random.unit() * span, exact: exact)
            // A seek that never completes is not a hang by itself: the end stage decides.
            await wait(until: min(deadline, MediaPlayer.now + 0.3)) {
                self.seeksCompleted > before || self.isOver
            }
        }
        if let failure = failure { return failure }
        stage = "end"
        if let duration = player.duration { player.seek(to: max(0, duration - 0.25)) }
        player.play()
        guard await progressingWait(until: deadline, for: { self.isOver }) else { return .hang(stage) }
        return failure ?? .playedToEnd
    }

    /// Writes the player's state to standard error (the worker's log), to tell where it is stuck.
    private func describeHang(path: String) {
        let state = """
            hang in stage \(stage) playing \(path): status \(player.status), time \(player.currentTime), \
            duration \(player.duration.map { "\($0)" } ?? "unknown"), video \(player.hasVideo), \
            audio \(player.hasAudio), frames shown \(player.framesPresented), seeks completed \(seeksCompleted)

            """
        FileHandle.standardError.write(Data(state.utf8))
    }

    /// `wait`, but also giving up (`false`) when the player shows no progress for `stallLimit` seconds;
    /// the stage then reads "<stage>-stalled".
    private func progressingWait(until deadline: Double, for condition: () -> Bool) async -> Bool {
        var signature = progressSignature
        var lastChange = MediaPlayer.now
        let reached = await wait(until: deadline) {
            let now = progressSignature
            if now != signature { (signature, lastChange) = (now, MediaPlayer.now) }
            return condition() || MediaPlayer.now - lastChange > stallLimit
        }
        guard reached, !condition() else { return reached }
        stage += "-stalled"
        return false
    }

    private var progressSignature: String {
        "\(player.status) \(player.currentTime) \(player.framesPresented) \(seeksCompleted)"
    }

    private var isOver: Bool {
        if case .failed = player.status { return true }
        return player.status == .ended
    }

    private var failure: Outcome? {
        if case .failed(let error) = player.status { return .failure(error) }
        return nil
    }

    /// Polls `condition` every 2 ms until it holds (`true`) or `deadline` passes (`false`).
    @discardableResult
    private func wait(until deadline: Double, for condition: () -> Bool) async -> Bool {
        while !condition() {
            if MediaPlayer.now > deadline { return false }
            try? await Task.sleep(nanoseconds: 2_000_000)
        }
        return true
    }
}
