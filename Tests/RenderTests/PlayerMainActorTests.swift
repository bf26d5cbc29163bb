import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

extension PlayerTests {
    /// Commands return at once, whatever the devices do.
    @Suite @MainActor
    struct PlayerMainActorTests {
        @Test func reloadingAndRetryingReturnAtOnceAndKeepTheAudioDevice() async throws {
            let devices = SlowClosingSink.Log()
            let harness = PlayerHarness(audioSink: { SlowClosingSink(log: devices) })
            let player = harness.player
            let item = try TestClips.item(ClipSpec(width: 160, height: 96, duration: 2))
            player.load(item, autoplay: true)
            #expect(await harness.wait(for: .playing))
            var longest = 0.0
            for command in [{ player.retry() }, { player.load(item, autoplay: true) }] {
                let started = MediaPlayer.now
                command()
                longest = max(longest, MediaPlayer.now - started)
                #expect(await harness.wait(for: .playing))
            }
            #expect(longest < 0.05, "a command held the main actor \(longest) s")
            // The player's one device plays every item it opens, and closes off the main actor.
            #expect(devices.entries == ["open"])
            #expect(harness.errors.isEmpty)
            await harness.close()
            #expect(devices.entries == ["open", "close"])
        }
    }
}

/// An audio sink whose device takes 200 ms to close, as a real device waits for its audio thread,
/// and which allows one open device at a time, as some drivers do.
final class SlowClosingSink: AudioSink {
    /// What the sinks of a player did, in order.
    final class Log: Sendable {
        private let state = Locked<(entries: [String], open: Int)>(([], 0))

        /// "open" and "close", in the order the sinks were asked to.

        var entries: [String] { state.withLock { $0.entries } }

        fileprivate func opening() throws(PlayerError) {
            let busy = state.withLock { state in
                state.entries.append("open")
                guard state.open == 0 else { return true }
                state.open = 1
                return false
            }
            if busy { throw .audioDeviceUnavailable("another device is open") }
        }

        fileprivate func closed() {
            state.withLock {
                $0.entries.append("close")
                $0.open = 0
            }
        }
    }

    private let log: Log
    private let capture = CaptureAudioSink()

    init(log: Log) {
        self.log = log
    }

    func open(preferred: AudioOutputFormat, render: @escaping AudioRenderCallback) throws(PlayerError)
        -> AudioOutputFormat
    {
        try log.opening()
        return try capture.open(preferred: preferred, render: render)
    }

    var latency: Double { capture.latency }

    func setPaused(_ paused: Bool) { capture.setPaused(paused) }

    func close() {
        usleep(200_000)
        capture.close()
        log.closed()
    }
}
