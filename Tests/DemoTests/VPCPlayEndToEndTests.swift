import Foundation
import Testing
import VideoPlayerTestSupport
import VideoPlayerWidgets

/// `vpc-play --screenshot PATH --after SECONDS`: a real window plays the clip with its subtitles and
/// saves what it shows.
@MainActor
@Suite(.serialized) struct VPCPlayEndToEndTests {
    static let script =
        TestScript.header(
            width: 320, height: 240,
            styles: [.init(name: "Top", size: 36, colour: 0xFF0000, alignment: 8, marginV: 8)])
        + "Dialogue: 0,0:00:00.00,0:00:02.00,Top,,0,0,0,,HEAD\n"

    /// The `vpc-play` executable SwiftPM built next to the test bundle.
    nonisolated static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("vpc-play")
    }

    /// This process's environment with SDL's headless drivers unless others are chosen, and
    /// `changes` made (`nil` removes a variable).
    nonisolated static func headlessEnvironment(_ changes: [String: String?] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SDL_VIDEODRIVER"] = environment["SDL_VIDEODRIVER"] ?? "offscreen"
        environment["SDL_AUDIODRIVER"] = environment["SDL_AUDIODRIVER"] ?? "dummy"
        for (name, value) in changes { environment[name] = value }
        return environment
    }

    /// Runs `vpc-play` on a 2 s clip with `script` as its subtitles and the `options` given, and
    /// returns the screenshot it saved after half a second of playback.
    private func screenshot(script: String, options: [String] = [], savedAs name: String) throws
        -> RasterImage
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vpc-play-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let scriptFile = folder.appendingPathComponent("styled.ass")
        try script.write(to: scriptFile, atomically: true, encoding: .utf8)
        let shot = folder.appendingPathComponent("shot.png")
        let clip = try TestMedia.cachedClip(ClipSpec(width: 320, height: 240, duration: 2, tone: nil))
        let process = Process()
        process.executableURL = Self.executable
        process.arguments =
            [
                "--size", "320x240", "--subtitles", scriptFile.path, "--screenshot", shot.path, "--after",
                "0.5",
            ]
            + options + [clip.path]
        process.environment = Self.headlessEnvironment()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        if let screenshots = ProcessInfo.processInfo.environment["VPC_SCREENSHOTS"] {
            try? FileManager.default.copyItem(
                at: shot, to: URL(fileURLWithPath: screenshots).appendingPathComponent(name))
        }
        return try RasterImage(contentsOfPNG: shot)
    }

    @Test func aScreenshotAfterSomePlaybackShowsThePictureWithItsStyledSubtitles() throws {
        let image = try screenshot(script: Self.script, savedAs: "vpc-play-ass.png")
        #expect(image.width == 320 && image.height == 240)
        let red = try #require(image.bounds { $0.r > 200 && $0.g < 60 && $0.b < 60 })
        #expect(red.minY < 30 && abs(red.midX - 160) < 12, "the top style: \(red)")
        // The picture under it: the clip's frames are one flat colour each, never black.
        let middle = image.pixel(x: 40, y: 120)
        #expect(Int(middle.r) + Int(middle.g) + Int(middle.b) > 60, "\(middle)")
    }

    @Test func aSubtitleDelayShowsALaterCueEarly() throws {
        let late = Self.script.replacingOccurrences(
            of: "0:00:00.00,0:00:02.00", with: "0:00:01.50,0:00:03.00")
        let undelayed = try screenshot(script: late, savedAs: "vpc-play-no-delay.png")
        #expect(undelayed.bounds { $0.r > 200 && $0.g < 60 && $0.b < 60 } == nil, "not yet at 0.5 s")
        let delayed = try screenshot(
            script: late, options: ["--sub-delay", "-1.2"], savedAs: "vpc-play-delay.png")
        let red = try #require(delayed.bounds { $0.r > 200 && $0.g < 60 && $0.b < 60 })
        #expect(red.minY < 30 && abs(red.midX - 160) < 12, "shown from 0.3 s: \(red)")
    }

    @Test func aBadAfterValueIsRefusedWithAMessage() throws {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--screenshot", "/tmp/never.png", "--after", "-1"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("--after"))
    }

    /// What `vpc-play --autoexit` writes to standard error while it plays a 1 s clip to its end.
    private func diagnostics(level: String?) throws -> String {
        let clip = try TestMedia.cachedClip(ClipSpec(width: 160, height: 120, duration: 1, tone: nil))
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = ["--size", "160x120", "--autoexit", clip.path]
        process.environment = Self.headlessEnvironment(["VPC_LOG": level])
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: output, as: UTF8.self)
    }

    @Test func diagnosticsAreQuietUnlessVPCLogAsksForThem() throws {
        let quiet = try diagnostics(level: nil)
        #expect(!quiet.contains("vpc."), "\(quiet)")
        let told = try diagnostics(level: "debug")
        #expect(told.contains("vpc.window"), "the window's renderer: \(told)")
        #expect(told.contains("vpc.engine"), "the player's events: \(told)")
        #expect(told.contains("statusChanged"), "\(told)")
        #expect(told.contains("ended"), "\(told)")
        #expect(!told.contains("timeTick"), "ticks are traces, below debug")
    }
}

extension VPCPlayEndToEndTests {
    /// `vpc-play` without a file makes its sample clip in the media cache first: a run killed while
    /// it encodes leaves the clip's temporary file behind, and the next run removes it.
    @Test func whatARunKilledWhileMakingTheSampleLeftIsRemovedByTheNext() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vpc-cache-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("VideoPlayerContainer-TestMedia")
        func start() throws -> Process {
            let process = Process()
            process.executableURL = Self.executable
            process.environment = Self.headlessEnvironment(["TMPDIR": folder.path])
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        let partial = {
            (try? FileManager.default.contentsOfDirectory(atPath: cache.path))?.first {
                $0.hasPrefix(".partial-")
            }
        }
        let first = try start()
        #expect(await waitUntil(timeout: 30) { partial() != nil })
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let leftover = try #require(partial())
        let second = try start()
        defer {
            if second.isRunning { kill(second.processIdentifier, SIGKILL) }
            second.waitUntilExit()
        }
        let left = cache.appendingPathComponent(leftover).path
        #expect(
            await waitUntil(timeout: 30) { !FileManager.default.fileExists(atPath: left) },
            "\(leftover) is still there")
        // A service manager's stop ends it, though the test's thread that started it blocks SIGTERM
        // and the process inherited that: held while the sample is made, it ends the window's loop
        // as soon as that starts. (The limit allows for the encoding under a sanitizer.)
        second.terminate()
        #expect(await waitUntil(timeout: 120) { !second.isRunning }, "SIGTERM did not end vpc-play")
        #expect(second.terminationReason == .exit && second.terminationStatus == 0)
    }
}
