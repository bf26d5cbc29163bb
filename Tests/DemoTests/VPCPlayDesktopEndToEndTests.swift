import Foundation
import Testing
import VideoPlayerDBus
import VideoPlayerTestSupport

/// vpc-play in a real X window (Xvfb) on a session bus of the test's own, with the test as the
/// desktop's other programs: the X server's screensaver, `playerctl`, and a file manager dragging
/// files onto the window.
@Suite(.serialized) struct VPCPlayDesktopEndToEndTests {
    /// vpc-play showing `clip` on a display and bus of its own; everything stops with the value.
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
        func playerctl(_ arguments: String...) throws -> String {
            let path = "/usr/bin/playerctl"
            try #require(FileManager.default.isExecutableFile(atPath: path), "install playerctl (make deps)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Whether `condition` holds within `seconds`, asked every 50 ms.
        func becomes(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            repeat {
                if try condition() { return true }
                usleep(50_000)
            } while Date() < deadline
            return false
        }
    }

    static func clip() throws -> URL {
        try TestMedia.cachedClip(ClipSpec(width: 320, height: 240, duration: 60, tone: nil))
    }

    @Test func theScreenSaverIsHeldOffWhileVideoPlaysAndComesBackWhenPaused() throws {
        let desktop = try Desktop(playing: Self.clip())
        _ = try desktop.x.dropTarget(ofProcess: desktop.player.processIdentifier)
        #expect(try desktop.becomes(within: 20) { try desktop.playerctl("status") == "Playing" })
        // Two timeouts of the screensaver go by while the video plays.
        usleep(2_500_000)
        #expect(!desktop.x.screenSaverIsOn, "held off while playing")
        try desktop.playerctl("pause")
        #expect(desktop.becomes(within: 5) { desktop.x.screenSaverIsOn }, "let go when paused")
        try desktop.playerctl("play")
        #expect(desktop.becomes(within: 5) { !desktop.x.screenSaverIsOn }, "held off again")
        usleep(2_500_000)
        #expect(!desktop.x.screenSaverIsOn)
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

    @Test func theDesktopsScreenSaverServiceHoldsTheScreenAwakeWhileVideoPlays() throws {
        var service: ScreenSaverService?
        let desktop = try Desktop(playing: Self.clip()) { service = try ScreenSaverService(on: $0) }
        let screenSaver = try #require(service)
        _ = try desktop.x.dropTarget(ofProcess: desktop.player.processIdentifier)
        #expect(desktop.becomes(within: 20) { screenSaver.answer() == ["Inhibit Playing video → 7"] })
        #expect(try desktop.playerctl("status") == "Playing")
        try desktop.playerctl("pause")
        #expect(
            desktop.becomes(within: 5) {
                screenSaver.answer() == ["Inhibit Playing video → 7", "UnInhibit 7"]
            })
    }

    @Test func aFileDraggedOntoTheWindowFromAnotherProgramPlays() throws {
        let desktop = try Desktop(playing: Self.clip())
        let window = try desktop.x.dropTarget(ofProcess: desktop.player.processIdentifier)
        #expect(try desktop.becomes(within: 20) { try desktop.playerctl("status") == "Playing" })
        let folder = try TemporaryFolder()
        let dropped = URL(fileURLWithPath: folder.path).appendingPathComponent("dropped clip #2.mp4")
        try FileManager.default.copyItem(
            at: TestMedia.cachedClip(ClipSpec(width: 160, height: 120, duration: 3, tone: nil)), to: dropped)
        try desktop.x.drop(uris: [dropped.absoluteString], onto: window)
        #expect(
            try desktop.becomes(within: 10) {
                try desktop.playerctl("metadata", "xesam:title") == "dropped clip #2.mp4"
            })
        #expect(try desktop.playerctl("metadata", "mpris:length") == "3000000")
    }
}
