import Foundation
import VideoPlayerDBus

/// Why a ``PrivateBus`` did not start.
public enum PrivateBusError: Error {
    /// `dbus-daemon` printed no address.
    case noAddress
    /// A program the test runs on the bus is not installed (the Debian package, from `make deps`).
    case missing(String)
}

/// A `dbus-daemon` of the test's own, gone with the value: no test touches the machine's buses.
///
/// It starts no services on demand, unlike a session bus: a call to `org.a11y.Bus` before a
/// test's own launcher owns it would otherwise start the machine's launcher, outside the test's
/// reach and left running after it.
public final class PrivateBus {
    /// Where clients connect (`unix:path=/tmp/dbus-…`).
    public let address: String
    private let process: Process
    private let configuration: URL

    static let configurationText = """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <type>session</type>
          <listen>unix:tmpdir=/tmp</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """

    /// Starts the daemon and waits until it listens.
    public init() throws {
        configuration = FileManager.default.temporaryDirectory
            .appendingPathComponent("vpc-bus-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).conf")
        try Self.configurationText.write(to: configuration, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = [
            "--config-file=\(configuration.path)", "--nofork", "--nopidfile", "--print-address=1",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        // The daemon prints its address on one line once it listens.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            line.append(chunk)
        }
        address = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else {
            kill(process.processIdentifier, SIGKILL)
            throw PrivateBusError.noAddress
        }
    }

    /// Runs `playerctl` (the desktop's command-line media controller) with `arguments` on this
    /// bus; its standard output, trimmed. It waits without blocking the main actor, which may be
    /// the player answering it.
    ///
    /// - Throws: ``PrivateBusError/missing(_:)`` without playerctl, or the failure to start it.
    nonisolated(nonsending) public func playerctl(_ arguments: [String]) async throws -> String {
        let path = "/usr/bin/playerctl"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw PrivateBusError.missing("\(path) (Debian package playerctl; make deps)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        for _ in 0..<1000 where process.isRunning {
            try await Task.sleep(for: .milliseconds(10))
        }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    deinit {
        // NB: dbus-daemon outlives SIGTERM while clients are connected.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: configuration)
    }
}

extension DBusConnection {
    /// Sends `call` and waits (up to five seconds) for its reply, running `pump` between looks:
    /// the other end's answering, when both ends run on this thread. The signals that arrive
    /// meanwhile are appended to `signals`. `nil` when no reply came.
    public func reply(
        to call: DBusMessage, pumping pump: () -> Void, signals: inout [DBusMessage]
    ) -> DBusMessage? {
        let serial = send(call)
        for _ in 0..<5000 {
            pump()
            var reply: DBusMessage?
            for message in receive() {
                if message.kind == .signal {
                    signals.append(message)
                } else if message.replySerial == serial {
                    reply = message
                }
            }
            if let reply { return reply }
            usleep(1000)
        }
        return nil
    }
}
