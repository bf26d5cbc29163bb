import Foundation
import Testing
import VideoPlayerDBus
import VideoPlayerTestSupport

/// vpc-play in a real X window (Xvfb) on a session bus of the test's own, with the test as the
/// desktop's other programs: the X server's screensaver, `playerctl`, and a file manager dragging
/// files onto the window.
@MainActor
@Suite(.serialized) struct VPCPlayDesktopEndToEndTests {
    /// vpc-play showing `clip` on a display and bus of its own; everything stops with the value.
    @MainActor
    final class Desktop {
        // NB: declared in the order they go: the client before its server.
        let x: XClient
        let bus: PrivateBus
        let xvfb: Xvfb
        let player: Process

        init(playing clip: URL, before start: (PrivateBus) throws -> Void = { _ in }) throws {
            xvfb = try Xvfb()
            bus = try PrivateBus()
            try start(bus)
            x = try XClient(display: xvfb.name)
            // The server's screensaver comes on after a second without input, unless held off.
            x.setScreenSaverTimeout(seconds: 1)
            let player = Process()
            player.executableURL = VPCPlayEndToEndTests.executable
            player.arguments = ["--size", "320x240", clip.path]
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = xvfb.name
            environment["SDL_VIDEODRIVER"] = "x11"
            environment["SDL_AUDIODRIVER"] = "dummy"
            environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
            player.environment = environment
            player.standardOutput = FileHandle.nullDevice
            try player.run()
            self.player = player
        }

        deinit {
            kill(player.processIdentifier, SIGKILL)
            player.waitUntilExit()
        }

        /// Runs `playerctl` on the bus; its standard output, trimmed.
        @discardableResult
        func playerctl(_ arguments: String...) async throws -> String {
            try await bus.playerctl(arguments)
        }

        /// Whether `playerctl` with `arguments` answers `expected` within `seconds`.
        func playerctl(_ arguments: String..., answers expected: String, within seconds: Double) async throws
            -> Bool
        {
            let deadline = Date().addingTimeInterval(seconds)
            repeat {
                if try await bus.playerctl(arguments) == expected { return true }
                try await Task.sleep(for: .milliseconds(50))
            } while Date() < deadline
            return false
        }
    }

    nonisolated static func clip() throws -> URL {
        try TestMedia.cachedClip(ClipSpec(width: 320, height: 240, duration: 60, tone: nil))
    }

    @Test func theScreenSaverIsHeldOffWhileVideoPlaysAndComesBackWhenPaused() async throws {
        let desktop = try Desktop(playing: Self.clip())
        _ = try desktop.x.dropTarget(ofProcess: desktop.player.processIdentifier)
        #expect(try await desktop.playerctl("status", answers: "Playing", within: 20))
        // Two timeouts of the screensaver go by while the video plays.
        try await Task.sleep(for: .seconds(2.5))
        #expect(!desktop.x.screenSaverIsOn, "held off while playing")
        try await desktop.playerctl("pause")
        #expect(await waitUntil(timeout: 5) { desktop.x.screenSaverIsOn }, "let go when paused")
        try await desktop.playerctl("play")
        #expect(await waitUntil(timeout: 5) { !desktop.x.screenSaverIsOn }, "held off again")
        try await Task.sleep(for: .seconds(2.5))
        #expect(!desktop.x.screenSaverIsOn)
    }

    /// SDL hands the window's pixels to the X server through shared memory (MIT-SHM), not down the
    /// socket: vpc-play maps a System V segment that holds the 320x240 window's pixels.
    ///
    /// Not under a sanitizer: vpc-play built with ThreadSanitizer gets no segment (SDL then sends
    /// the pixels down the socket), which says nothing of the build users run.
    @Test(.disabled(if: Sanitizer.isActive, "a sanitizer's vpc-play maps no shared memory"))
    func theWindowsPixelsReachTheXServerThroughSharedMemory() async throws {
        let desktop = try Desktop(playing: Self.clip())
        _ = try desktop.x.dropTarget(ofProcess: desktop.player.processIdentifier)
        #expect(try await desktop.playerctl("status", answers: "Playing", within: 20))
        let pid = desktop.player.processIdentifier
        // NB: SDL makes the segment with the window's pixels, on the first picture the window shows.
        let mapped = await waitUntil(timeout: 10) {
            Self.sharedSegments(ofProcess: pid).contains { $0 >= 320 * 240 * 4 }
        }
        #expect(mapped, "System V segments mapped: \(Self.sharedSegments(ofProcess: pid))")
    }

    /// The sizes of the System V shared memory segments process `pid` maps, in bytes.
    nonisolated static func sharedSegments(ofProcess pid: Int32) -> [Int] {
        let maps = (try? String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)) ?? ""
        return maps.split(separator: "\n").filter { $0.contains("/SYSV") }.compactMap { line -> Int? in
            let bounds = line.split(separator: " ").first?.split(separator: "-") ?? []
            guard bounds.count == 2, let start = Int(bounds[0], radix: 16),
                let end = Int(bounds[1], radix: 16)
            else { return nil }
            return end - start
        }
    }

    /// The desktop's screensaver service (GNOME's, KDE's) on the session bus, which counts who holds
    /// the screen awake: `Inhibit(app, reason)` gives a cookie, `UnInhibit(cookie)` lets go.
    final class ScreenSaverService {
        let connection: DBusConnection
        private(set) var calls: [String] = []

        init(on bus: PrivateBus) throws {
            connection = try DBusConnection(address: bus.address)
            try #require(try connection.requestName("org.freedesktop.ScreenSaver"))
        }

        /// Answers the calls that came; what was called so far ("Inhibit Playing video → 7").
        func answer() -> [String] {
            connection.answerCalls { call in
                switch (call.interface, call.member, call.arguments.last) {
                case ("org.freedesktop.ScreenSaver", "Inhibit", .string(let reason)):
                    calls.append("Inhibit \(reason) → 7")
                    return .reply(to: call, [.uint32(7)])
                case ("org.freedesktop.ScreenSaver", "UnInhibit", .uint32(let cookie)):
                    calls.append("UnInhibit \(cookie)")
                    return .reply(to: call)
                default:
                    return .error(
                        to: call, name: "org.freedesktop.DBus.Error.UnknownMethod", text: call.member ?? "")
                }
            }
            return calls
        }
    }

    @Test func theDesktopsScreenSaverServiceHoldsTheScreenAwakeWhileVideoPlays() async throws {
        var service: ScreenSaverService?
        let desktop = try Desktop(playing: Self.clip()) { service = try ScreenSaverService(on: $0) }
        let screenSaver = try #require(service)
        _ = try desktop.x.dropTarget(ofProcess: desktop.player.processIdentifier)
        #expect(await waitUntil(timeout: 20) { screenSaver.answer() == ["Inhibit Playing video → 7"] })
        #expect(try await desktop.playerctl("status") == "Playing")
        try await desktop.playerctl("pause")
        #expect(
            await waitUntil(timeout: 5) {
                screenSaver.answer() == ["Inhibit Playing video → 7", "UnInhibit 7"]
            })
    }

    @Test func aFileDraggedOntoTheWindowFromAnotherProgramPlays() async throws {
        let desktop = try Desktop(playing: Self.clip())
        let window = try desktop.x.dropTarget(ofProcess: desktop.player.processIdentifier)
        #expect(try await desktop.playerctl("status", answers: "Playing", within: 20))
        let folder = try TemporaryFolder()
        let dropped = URL(fileURLWithPath: folder.path).appendingPathComponent("dropped clip #2.mp4")
        try FileManager.default.copyItem(
            at: TestMedia.cachedClip(ClipSpec(width: 160, height: 120, duration: 3, tone: nil)), to: dropped)
        try desktop.x.drop(uris: [dropped.absoluteString], onto: window)
        #expect(
            try await desktop.playerctl("metadata", "xesam:title", answers: "dropped clip #2.mp4", within: 10)
        )
        // NB: the title is known at once, the length once the file is open.
        #expect(try await desktop.playerctl("metadata", "mpris:length", answers: "3000000", within: 10))
    }
}
