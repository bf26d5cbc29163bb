import Foundation
import Testing
import VideoPlayerAccessibility
import VideoPlayerTestSupport

enum PrivateDesktopError: Error {
    case missing(String)
    case noAccessibilityBus
}

/// A desktop's accessibility stack of the test's own: a private session bus with at-spi2-core's
/// `at-spi-bus-launcher` on it, which starts the accessibility bus, where `at-spi2-registryd`
/// starts on first use. Its sockets live in a directory of its own; all of it is gone with the
/// value.
final class PrivateDesktop {
    static let launcherPath = "/usr/libexec/at-spi-bus-launcher"

    let session: PrivateBus
    let runtimeDirectory: URL
    private let launcher: Process

    /// What an application or a screen reader started on this desktop finds in its environment.
    var environment: [String: String] {
        ["DBUS_SESSION_BUS_ADDRESS": session.address, "XDG_RUNTIME_DIR": runtimeDirectory.path]
    }

    init() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.launcherPath) else {
            throw PrivateDesktopError.missing("\(Self.launcherPath) (Debian package at-spi2-core)")
        }
        session = try PrivateBus()
        runtimeDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("vpc-a11y-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: runtimeDirectory, withIntermediateDirectories: true)
        let launcher = Process()
        launcher.executableURL = URL(fileURLWithPath: Self.launcherPath)
        launcher.arguments = ["--launch-immediately"]
        let environment = [
            "DBUS_SESSION_BUS_ADDRESS": session.address, "XDG_RUNTIME_DIR": runtimeDirectory.path,
            "HOME": runtimeDirectory.path,
        ]
        launcher.environment = environment
        launcher.standardOutput = FileHandle.nullDevice
        launcher.standardError = FileHandle.nullDevice
        try launcher.run()
        self.launcher = launcher
        // The launcher owns org.a11y.Bus once the accessibility bus it started listens.
        for _ in 0..<500 {
            if (try? AccessibilityBridge.accessibilityBusAddress(environment: environment)) != nil { return }
            usleep(10_000)
        }
        throw PrivateDesktopError.noAccessibilityBus
    }

    deinit {
        // NB: a test's threads block SIGTERM, and what the test starts inherits that mask, so the
        // launcher, the accessibility bus and the registry are killed outright. They are found by
        // this desktop's directory, which their environments name.
        let path = runtimeDirectory.path
        let started = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for pid in started.compactMap(Int32.init) {
            let variables = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
            if String(decoding: variables, as: UTF8.self).contains(path) { kill(pid, SIGKILL) }
        }
        kill(launcher.processIdentifier, SIGKILL)
        launcher.waitUntilExit()
        try? FileManager.default.removeItem(at: runtimeDirectory)
    }
}

/// A screen reader's view of a desktop through libatspi, the library Orca uses: a Python
/// program on PyGObject's `Atspi` bindings, run while the test's loop answers its calls.
enum LibatspiReader {
    static let python = "/usr/bin/python3"

    /// Walks the application called `application` and prints, one line per object, what the
    /// reader finds; presses the button called `press`, if any, and says so.
    static let script = #"""
        import sys
        import gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi

        name, press = sys.argv[1], sys.argv[2]
        desktop = Atspi.get_desktop(0)
        apps = [desktop.get_child_at_index(i) for i in range(desktop.get_child_count())]
        app = next((a for a in apps if a.get_name() == name), None)
        if app is None:
            print("missing", [a.get_name() for a in apps])
            sys.exit(2)
        print("application|%s|%s|%s" % (app.get_role_name(), app.get_name(), app.get_toolkit_name()))
        window = app.get_child_at_index(0)
        print("window|%s|%s|%d" % (window.get_role_name(), window.get_name(), window.get_child_count()))
        for i in range(window.get_child_count()):
            element = window.get_child_at_index(i)
            line = "element|%s|%s" % (element.get_role_name(), element.get_name())
            if element.get_value_iface() is not None:
                line += "|value=%g..%g:%g" % (
                    element.get_minimum_value(), element.get_maximum_value(), element.get_current_value())
            if element.get_action_iface() is not None:
                line += "|actions=" + ",".join(
                    element.get_action_name(a) for a in range(element.get_n_actions()))
            extents = element.get_extents(Atspi.CoordType.SCREEN)
            line += "|at=%d,%d,%d,%d" % (extents.x, extents.y, extents.width, extents.height)
            print(line)
            if element.get_name() == press:
                print("pressed|%s" % element.do_action(0))
        """#

    /// Runs the reader on `desktop` while `pump` keeps the application answering; returns what
    /// it printed, its exit status and the warnings libatspi wrote.
    @MainActor
    static func read(
        application: String, press: String = "", on desktop: PrivateDesktop, pump: () -> Void
    ) throws -> (lines: [String], status: Int32, warnings: String) {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw PrivateDesktopError.missing("\(python) (Debian packages python3-gi, gir1.2-atspi-2.0)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-W", "ignore::DeprecationWarning", "-c", script, application, press]
        process.environment = desktop.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { pump() }
        if process.isRunning {
            process.terminate()
            Issue.record("the libatspi reader did not finish within 30 s")
        }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        if process.terminationStatus != 0 { print("libatspi reader:", problems) }
        return (text.split(separator: "\n").map(String.init), process.terminationStatus, problems)
    }
}
