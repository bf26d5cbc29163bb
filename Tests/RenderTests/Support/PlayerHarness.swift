import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// A player wired for headless tests: capture audio sinks and a recorder of every event.
@MainActor
final class PlayerHarness {
    /// Every capture sink the player made, one per opened item.
    final class Sinks: Sendable {
        let made = Locked<[CaptureAudioSink]>([])
    }

    let player: MediaPlayer
    let sinks = Sinks()
    private(set) var events: [PlayerEvent] = []

    /// - Parameters:
    ///   - audioSink: makes each item's sink instead of a recorded `CaptureAudioSink`.
    ///   - extraDecodeCost: seconds the video decoder spends per picture on top of its work (a
    ///     machine too slow for the stream).
    init(
        timeTick: Double? = nil, audioFails: Bool = false, networkTimeout: Double = 10, preloads: Bool = true,
        audioSink: (@Sendable () -> any AudioSink)? = nil, forwardBuffer: Double = 10,
        extraDecodeCost: (@Sendable (DecodeShortcuts) -> Double)? = nil
    ) {
        let sinks = sinks
        var configuration = PlayerConfiguration(
            networkTimeout: networkTimeout, timeTickInterval: timeTick,
            audioSink: audioSink ?? {
                let sink = CaptureAudioSink(failsToOpen: audioFails)
                sinks.made.withLock { $0.append(sink) }
                return sink
            }, preloadsNext: preloads, forwardBuffer: forwardBuffer)
        configuration.extraDecodeCost = extraDecodeCost
        player = MediaPlayer(configuration: configuration)
        player.addObserver { [weak self] event in self?.events.append(event) }
    }

    /// How many capture sinks the player made.
    var sinksMade: Int { sinks.made.withLock { $0.count } }

    /// The audio sink of the first item (an unopened one before it opens).
    var audio: CaptureAudioSink { sinks.made.withLock { $0.first } ?? CaptureAudioSink() }

    /// Waits (real time) until `condition` holds; `false` after `timeout` seconds.
    @discardableResult
    func wait(timeout: Double = 5, until condition: () -> Bool) async -> Bool {
        let deadline = MediaPlayer.now + timeout
        while !condition() {
            if MediaPlayer.now > deadline { return false }
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        return true
    }

    /// Waits until the status is one of `statuses`.
    @discardableResult
    func wait(timeout: Double = 5, for statuses: PlayerStatus...) async -> Bool {
        await wait(timeout: timeout) { statuses.contains(player.status) }
    }

    /// What the player showed while a test watched it play.
    struct Watched {
        /// Whether the item ended or failed before the timeout.
        var finished = false
        /// The width of each picture shown, in order.
        var widths: [Int] = []
        /// The frame number a `TestMedia` clip wrote in each picture shown that carries one.
        var frameNumbers: [Int] = []
        /// The position at every look.
        var positions: [Double] = []

        /// Whether the position never went back (by more than a millisecond of rounding).
        var positionNeverWentBack: Bool { stepsBack.isEmpty }

        /// Each look at which the position went back (by more than a millisecond of rounding),
        /// with the positions before and after.
        var stepsBack: [String] {
            zip(positions.indices, zip(positions, positions.dropFirst())).compactMap { index, pair in
                pair.0 <= pair.1 + 0.001
                    ? nil : "look \(index + 1) of \(positions.count): \(pair.0) → \(pair.1)"
            }
        }

        /// Whether each picture's frame number is above the one before: none twice, none out of
        /// order.
        var picturesAdvance: Bool {
            zip(frameNumbers, frameNumbers.dropFirst()).allSatisfy { $0 < $1 }
        }
    }

    /// Checks that the item played as `watched` without a stall, a jump back or a picture shown
    /// twice, its tone heard unbroken for more than `samples`.
    func expectPlayedSmoothly(
        _ watched: Watched, heardLongerThan samples: Double, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let statistics = player.statistics
        #expect(statistics.stallCount == 0, "\(statistics)", sourceLocation: sourceLocation)
        #expect(watched.positionNeverWentBack, "the position went back", sourceLocation: sourceLocation)
        #expect(watched.picturesAdvance, "\(watched.frameNumbers)", sourceLocation: sourceLocation)
        HeardSound(audio).expectUnbrokenTone(longerThan: samples, sourceLocation: sourceLocation)
    }

    /// Checks that the item whose segments answered 404 in one or more renditions played to its
    /// end, `watched`, on the rendition `height` high, each failure told to the app as an error
    /// event, and that the picture went on at the position: each frame once and in order, none
    /// missing for longer than a segment (30 frames), up to `lastFrame` at least, the position
    /// never back.
    func expectPlayedOnAfterFailover(
        _ watched: Watched, onHeight height: Int, lastFrame: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let (finished, status) = (watched.finished, player.status)
        #expect(finished && status == .ended, "\(status)", sourceLocation: sourceLocation)
        #expect(player.currentRendition?.height == height, sourceLocation: sourceLocation)
        #expect(
            !errors.isEmpty && errors.allSatisfy { $0 == .network(.httpStatus(404)) }, "\(errors)",
            sourceLocation: sourceLocation)
        let (frames, advance) = (watched.frameNumbers, watched.picturesAdvance)
        #expect(advance, "\(frames)", sourceLocation: sourceLocation)
        #expect(
            zip(frames, frames.dropFirst()).allSatisfy { $1 - $0 <= 30 }, "\(frames)",
            sourceLocation: sourceLocation)
        #expect((frames.last ?? 0) >= lastFrame, "\(frames)", sourceLocation: sourceLocation)
        let stepsBack = watched.stepsBack
        #expect(stepsBack.isEmpty, "the position went back: \(stepsBack)", sourceLocation: sourceLocation)
    }

    /// The renditions the player changed to for `reason`, in order.
    func renditionChanges(_ reason: RenditionChangeReason) -> [Rendition] {
        events.compactMap {
            if case .renditionChanged(_, let to, let why) = $0, why == reason { to } else { nil }
        }
    }

    /// Waits (real time) until the item ends or fails, noting every picture shown and the position.
    func watchUntilFinished(timeout: Double = 10) async -> Watched {
        var watched = Watched()
        var generation = player.frameGeneration
        watched.finished = await wait(timeout: timeout) {
            watched.positions.append(player.currentTime)
            if player.frameGeneration != generation, let frame = player.currentFrame {
                generation = player.frameGeneration
                watched.widths.append(frame.width)
                frame.clipFrameNumber.map { watched.frameNumbers.append($0) }
            }
            return isFinished
        }
        return watched
    }

    /// Whether a failure or an end was reported.
    var isFinished: Bool {
        if case .failed = player.status { return true }
        return player.status == .ended
    }

    /// Every status the player moved to, in order.
    var statuses: [PlayerStatus] {
        events.compactMap { if case .statusChanged(let status) = $0 { status } else { nil } }
    }

    /// The errors reported so far.
    var errors: [PlayerError] {
        events.compactMap { if case .error(let error) = $0 { error } else { nil } }
    }

    /// Closes the player and waits for its threads.
    func close() async {
        await player.close()
    }
}
