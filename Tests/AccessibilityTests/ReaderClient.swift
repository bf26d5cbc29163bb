import Foundation
import Testing
import VideoPlayerAccessibility
import VideoPlayerTestSupport

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
        let call = DBusMessage.methodCall(
            destination: bridge.busName, path: path, interface: interface, member: member,
            arguments: arguments)
        if let reply = connection.reply(to: call, pumping: bridge.update, signals: &events) { return reply }
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
