import ArgumentParser
import Foundation
import Logging
import VideoPlayerFixtures
import VideoPlayerWidgets

/// A small player in an SDL window with ffplay's keys: the render engine's own proof.
@main
struct VPCPlay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vpc-play",
        abstract: "Play media files or URLs in a window.",
        discussion: """
            Keys: space/p pause, left/right seek 10 s, up/down seek 60 s, s step one frame, \
            m mute, 9/0 volume, [ ] speed, z/x subtitle delay -/+50 ms, Ctrl+minus/Ctrl+plus \
            audio delay -/+50 ms, l loop, r next quality of an HLS ladder (Auto, then each \
            rendition), f fullscreen, n/b next/previous item, Shift+S a screenshot of the \
            picture and Ctrl+S one of the window (saved in --screenshot-directory), q/Esc quit.
            With no input, plays a generated sample clip.
            """)

    @Argument(help: "Files or URLs (http, https, HLS) to play in order.")
    var inputs: [String] = []

    @Option(name: .long, help: "Window size as WIDTHxHEIGHT.")
    var size = "1280x720"

    @Option(name: .long, help: "Start volume, 0 to 1.")
    var volume = 1.0

    @Option(name: .long, help: "Playback rate, 0.25 to 4.")
    var rate = 1.0

    @Option(name: .long, help: "Start position in seconds.")
    var start = 0.0

    @Option(name: .long, help: "A WebVTT, SubRip or ASS/SSA file shown over the first item.")
    var subtitles: String?

    // NB: unconditional parsing takes "-1.2" as the value, not as an option.
    @Option(
        name: .long, parsing: .unconditional,
        help: "Seconds the first item's subtitles show late (negative: early).")
    var subDelay = 0.0

    @Option(
        name: .long, parsing: .unconditional,
        help: "Seconds the first item's sound is heard late (negative: early), -2 to 2.")
    var audioDelay = 0.0

    @Option(
        name: .long,
        help: "Save the window's picture as a PNG file after --after seconds of playback, and quit.")
    var screenshot: String?

    @Option(name: .long, help: "Seconds of playback before --screenshot saves the picture.")
    var after = 3.0

    @Option(
        name: .long,
        help: "Where the screenshot keys save PNG files (default: the pictures folder, else the current one)."
    )
    var screenshotDirectory: String?

    @Flag(name: .long, help: "Restart the item at its end.")
    var loop = false

    @Flag(name: .long, help: "Quit when the queue ends (or fails), like ffplay -autoexit.")
    var autoexit = false

    @Flag(
        name: .long,
        help: "Start each item where it was left, and remember where it is left ($XDG_STATE_HOME/vpc-play).")
    var resume = false

    mutating func run() throws {
        // Diagnostics (VPC_LOG=debug) go to standard error, as vpc-play's own messages do.
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var items = try makeItems()
        guard subDelay.isFinite, audioDelay.isFinite else {
            throw ValidationError("--sub-delay and --audio-delay must be numbers of seconds")
        }
        items[0].subtitleDelay = subDelay
        items[0].audioDelay = audioDelay
        let windowSize = try parseSize(size)
        guard after.isFinite, after >= 0 else {
            throw ValidationError("--after must be a number of seconds, 0 or more")
        }
        let capture = screenshot.map { (path: $0, after: after) }
        let exitCode = MainActor.assumeIsolated {
            PlayerApp(
                items: items, size: windowSize, volume: volume, rate: rate, loop: loop, autoexit: autoexit,
                resumes: resume,
                screenshotDirectory: screenshotDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ).run(screenshot: capture)
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    private func makeItems() throws -> [MediaItem] {
        let subtitleURL = subtitles.map { URL(fileURLWithPath: $0) }
        if inputs.isEmpty {
            let sample = try TestMedia.cachedClip(
                ClipSpec(width: 1280, height: 720, duration: 10, gopSeconds: 2, tone: ClipSpec.Tone()))
            return [
                MediaItem(
                    url: sample, title: "Sample clip", startPosition: start, externalSubtitleURL: subtitleURL)
            ]
        }
        return inputs.enumerated().map { index, input in
            let url = URL(mediaLocation: input)
            // A file goes by its name, as in mpv's title bar (screenshots are named after it too).
            let title = url.isFileURL ? url.lastPathComponent : input
            return MediaItem(
                url: url, title: title, startPosition: index == 0 ? start : 0,
                externalSubtitleURL: index == 0 ? subtitleURL : nil)
        }
    }

    private func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts[0] >= 64, parts[1] >= 64 else {
            throw ValidationError("--size must look like 1280x720 (each side at least 64)")
        }
        return Size(width: parts[0], height: parts[1])
    }
}
