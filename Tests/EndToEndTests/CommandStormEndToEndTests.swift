import Foundation
import FuzzKit
import Testing
import VideoPlayerContainer
import VideoPlayerTestSupport

/// Ten thousand random commands against a headless `PlayerWidget` with a real player: no crash,
/// no deadlock (a watchdog aborts instead of hanging), and the player ends in the state the last
/// commands asked for. `STORM_SEED=<hex>` replays a run.
@MainActor
@Suite(.serialized) struct CommandStormEndToEndTests {
    static let commands = 10_000

    /// The seed of a run: `STORM_SEED` when set, else `fixed`; printed so a failure can be replayed.
    static func seed(_ fixed: UInt64) -> UInt64 {
        let seed =
            ProcessInfo.processInfo.environment["STORM_SEED"].flatMap { UInt64($0, radix: 16) } ?? fixed
        print("STORM seed \(String(seed, radix: 16))")
        return seed
    }

    @Test func commandsSentAsFastAsPossibleEndInTheStateTheLastOnesAsked() async throws {
        let storm = try await CommandStorm(seed: Self.seed(0x5EED_0001))
        let start = MediaPlayer.now
        for _ in 0..<Self.commands { storm.step() }
        let seconds = MediaPlayer.now - start
        await storm.finish()
        print(
            "STORM as fast as possible: \(storm.sent) commands in \(String(format: "%.2f", seconds)) s",
            "(\(Int(Double(storm.sent) / seconds))/s), \(storm.ignored) ignored,",
            "settled and checked after \(String(format: "%.2f", MediaPlayer.now - start - seconds)) s")
    }

    @Test func commandsInterleavedWithPlaybackEndInTheStateTheLastOnesAsked() async throws {
        // Queue moves are rarer here, so that items play for a while between them.
        let storm = try await CommandStorm(seed: Self.seed(0x5EED_0002), queueMoves: 1)
        var pacing = SeededRandom(seed: storm.seed, stream: 1, index: 0)
        let start = MediaPlayer.now
        var pumps = 0
        while storm.sent < Self.commands {
            for _ in 0..<pacing.int(in: 1...8) { storm.step() }
            storm.pump()
            pumps += 1
            let milliseconds = pacing.chance(0.03) ? pacing.int(in: 20...40) : 1
            try await Task.sleep(nanoseconds: UInt64(milliseconds) * 1_000_000)
        }
        let seconds = MediaPlayer.now - start
        #expect(storm.picturesShown > 50, "too little playback between the commands")
        print(
            "STORM interleaved: \(storm.sent) commands and \(pumps) pumps in \(String(format: "%.2f", seconds)) s",
            "(\(Int(Double(storm.sent) / seconds)) commands/s), \(storm.ignored) ignored,",
            "\(storm.picturesShown) pictures shown")
        await storm.finish()
    }
}
