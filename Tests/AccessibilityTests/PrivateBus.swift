import Foundation
import Testing
import VideoPlayerAccessibility

enum PrivateBusError: Error {
    case noAddress
}

/// A `dbus-daemon` of the test's own, gone with the value: no test touches the machine's buses.
///
/// It starts no services on demand, unlike a session bus: a call to `org.a11y.Bus` before a
/// test's own launcher owns it would otherwise start the machine's launcher, outside the test's
/// reach and left running after it.
final class PrivateBus {
    let address: String
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

    init() throws {
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

    deinit {
        // NB: dbus-daemon outlives SIGTERM while clients are connected.
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: configuration)
    }
}

/// A screen reader's end of the bus: calls the bridge's objects as libatspi does, and keeps the
/// events it hears.
@MainActor
final class ReaderClient {
    let connection: DBusConnection
    let bridge: AccessibilityBridge
    /// The bus, kept for as long as the reader reads.
    let bus: PrivateBus
    private(set) var events: [DBusMessage] = []

    init(bus: PrivateBus, bridge: AccessibilityBridge) throws {
        self.bus = bus
        connection = try DBusConnection(address: bus.address)
        try connection.addMatch("type='signal',interface='org.a11y.atspi.Event.Object'")
        try connection.addMatch("type='signal',interface='org.a11y.atspi.Cache'")
        self.bridge = bridge
    }

    /// Calls `interface.member` on the object at `path` and waits for the reply, letting the
    /// bridge answer meanwhile (both ends run on this thread).
    func call(_ path: String, _ interface: String?, _ member: String, _ arguments: [DBusValue] = [])
        -> DBusMessage?
    {
        let serial = connection.send(
            .methodCall(
                destination: bridge.busName, path: path, interface: interface, member: member,
                arguments: arguments))
        for _ in 0..<5000 {
            bridge.update()
            var reply: DBusMessage?
            for message in connection.receive() {
                if message.kind == .signal {
                    events.append(message)
                } else if message.replySerial == serial {
                    reply = message
                }
            }
            if let reply { return reply }
            usleep(1000)
        }
        Issue.record("no reply to \(member) on \(path)")
        return nil
    }

    /// The first argument of the reply to a call (the result of most AT-SPI methods).
    func result(_ path: String, _ interface: String?, _ member: String, _ arguments: [DBusValue] = [])
        -> DBusValue?
    {
        call(path, interface, member, arguments)?.arguments.first
    }

    /// A property, through `org.freedesktop.DBus.Properties.Get`.
    func property(_ path: String, _ interface: String, _ name: String) -> DBusValue? {
        guard
            case .variant(let value)? = result(
                path, "org.freedesktop.DBus.Properties", "Get", [.string(interface), .string(name)])
        else { return nil }
        return value
    }

    /// Lets the bridge announce what changed and waits (up to five seconds: the daemon passes
    /// signals on in its own time) for an event that matches each of `matches`; `false` if one
    /// never came.
    func hears(_ matches: (DBusMessage) -> Bool...) -> Bool {
        for _ in 0..<5000 {
            bridge.update()
            events += connection.receive().filter { $0.kind == .signal }
            if matches.allSatisfy({ events.contains(where: $0) }) {
                events = []
                return true
            }
            usleep(1000)
        }
        return false
    }
}
