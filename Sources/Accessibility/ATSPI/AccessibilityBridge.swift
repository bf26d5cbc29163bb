import Foundation
import VideoPlayerContainer
@_exported import VideoPlayerDBus

/// Why the bridge could not reach the desktop's accessibility bus.
public enum AccessibilityBridgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Neither `AT_SPI_BUS_ADDRESS` nor a session bus with `org.a11y.Bus` says where the bus is.
    case noAccessibilityBus(String)
    /// The bus refused the connection or a call.
    case bus(DBusFailure)
    /// The window to show could not be opened.
    case noWindow(String)

    public var description: String {
        switch self {
        case .noAccessibilityBus(let reason): "no accessibility bus: \(reason)"
        case .bus(let failure): "accessibility bus: \(failure)"
        case .noWindow(let reason): "no window to show: \(reason)"
        }
    }
}

/// Shows a ``WidgetHost``'s ``WidgetHost/accessibilityElements`` to the desktop's screen reader
/// (Orca) through AT-SPI2 on D-Bus: the application, its window, and each element below it with
/// its role, name, states, frame, actions and value; focus, name, value and state changes are
/// announced as AT-SPI events.
///
/// ```swift
/// let bridge = try AccessibilityBridge.connect(to: host, applicationName: "Watch")
/// // in the loop, after host.update():
/// bridge.update()
/// ```
///
/// The bridge never blocks the loop: ``update()`` answers the calls that arrived and sends the
/// events of what changed since the last call.
///
/// > Important: Main actor only.
@MainActor
public final class AccessibilityBridge {
    let connection: DBusConnection
    /// The widgets shown, `nil` while the window they were in is closed.
    public private(set) var host: WidgetHost?
    /// What the application is called on the desktop.
    public var applicationName: String
    /// The window's title, the name of the frame the elements lie in.
    public var windowTitle: String
    /// Where the window's top left corner lies on the screen, for screen coordinates.
    public var windowOrigin = Point.zero
    /// The desktop the registry embedded the application in, once ``register()`` succeeded.
    public private(set) var desktop: (name: String, path: String)?
    /// The id the registry gave the application.
    var applicationID: Int32 = 0

    /// The elements as of the last ``update()``: what calls are answered from.
    private(set) var elements: [AccessibilityElement] = []
    private var indexByID: [Int: Int] = [:]
    private var lastRedrawCount = -1
    /// Wakes the window's loop when a call arrives, while the bridge runs with a window.
    var socketWatch: DBusSocketWatch?

    /// The bus name calls and events carry.
    public var busName: String { connection.uniqueName }

    /// A bridge for `host` on the bus at `busAddress`; call ``register()`` to appear on the
    /// desktop.
    public init(
        host: WidgetHost, busAddress: String, applicationName: String, windowTitle: String? = nil
    ) throws(AccessibilityBridgeError) {
        do {
            connection = try DBusConnection(address: busAddress)
        } catch {
            throw .bus(error)
        }
        self.host = host
        self.applicationName = applicationName
        self.windowTitle = windowTitle ?? applicationName
        refresh(force: true)
    }

    isolated deinit {
        // The socket's watch ends before the connection closes the socket.
        socketWatch = nil
    }

    /// A bridge on the desktop's accessibility bus, registered with its registry.
    public static func connect(
        to host: WidgetHost, applicationName: String, windowTitle: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AccessibilityBridgeError) -> AccessibilityBridge {
        let bridge = try AccessibilityBridge(
            host: host, busAddress: accessibilityBusAddress(environment: environment),
            applicationName: applicationName, windowTitle: windowTitle)
        try bridge.register()
        return bridge
    }

    /// Where the accessibility bus is: `AT_SPI_BUS_ADDRESS`, or what `org.a11y.Bus` on the
    /// session bus says.
    nonisolated public static func accessibilityBusAddress(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AccessibilityBridgeError) -> String {
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty { return address }
        guard let session = environment["DBUS_SESSION_BUS_ADDRESS"], !session.isEmpty else {
            throw .noAccessibilityBus("DBUS_SESSION_BUS_ADDRESS is not set")
        }
        let reply: DBusMessage
        do {
            let bus = try DBusConnection(address: session)
            reply = try bus.call(
                .methodCall(
                    destination: "org.a11y.Bus", path: "/org/a11y/bus", interface: "org.a11y.Bus",
                    member: "GetAddress"))
        } catch {
            throw .noAccessibilityBus(error.description)
        }
        guard let address = reply.arguments.first?.string, !address.isEmpty else {
            throw .noAccessibilityBus("org.a11y.Bus gave no address")
        }
        return address
    }

    /// Asks the desktop's registry to embed the application, which makes it a child of the
    /// desktop that screen readers walk.
    public func register() throws(AccessibilityBridgeError) {
        let call = DBusMessage.methodCall(
            destination: ATSPI.registryName, path: ATSPI.rootPath, interface: ATSPI.Interface.socket,
            member: "Embed",
            arguments: [.structure([.string(connection.uniqueName), .objectPath(ATSPI.rootPath)])])
        do {
            let reply = try connection.call(call)
            let fields = reply.arguments.first?.items ?? []
            if fields.count == 2, let name = fields[0].string, let path = fields[1].string {
                desktop = (name, path)
            }
        } catch {
            throw .bus(error)
        }
    }

    /// Announces what changed since the last call and answers the calls that arrived. Call it
    /// after each `host.update()`.
    public func update() {
        let previous = elements
        if refresh(force: false) { announceChanges(from: previous) }
        connection.answerCalls(with: answer)
    }

    /// Shows `host`'s widgets instead of the ones shown so far (`nil`: none, the window closed),
    /// announcing the elements that went and came.
    public func show(_ host: WidgetHost?) {
        guard host !== self.host else { return }
        self.host = host
        let previous = elements
        refresh(force: true)
        announceChanges(from: previous)
        connection.flush()
    }

    /// Takes the host's elements again when it drew since the last time; `true` when it did.
    @discardableResult
    private func refresh(force: Bool) -> Bool {
        let redrawCount = host?.redrawCount ?? -1
        guard force || redrawCount != lastRedrawCount else { return false }
        lastRedrawCount = redrawCount
        elements = host?.accessibilityElements ?? []
        indexByID = Dictionary(
            elements.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        return true
    }

    // MARK: Objects

    /// What an object path names.
    enum Object {
        case application
        case window
        case element(AccessibilityElement, index: Int)
    }

    static let windowPath = "/org/a11y/atspi/accessible/window"
    static let elementPathPrefix = "/org/a11y/atspi/accessible/element"

    static func path(of element: AccessibilityElement) -> String { "\(elementPathPrefix)\(element.id)" }

    func object(at path: String) -> Object? {
        switch path {
        case ATSPI.rootPath: return .application
        case Self.windowPath: return .window
        default:
            guard path.hasPrefix(Self.elementPathPrefix),
                let id = Int(path.dropFirst(Self.elementPathPrefix.count)),
                let index = indexByID[id]
            else { return nil }
            return .element(elements[index], index: index)
        }
    }

    func path(of object: Object) -> String {
        switch object {
        case .application: ATSPI.rootPath
        case .window: Self.windowPath
        case .element(let element, _): Self.path(of: element)
        }
    }

    /// An object reference, `(so)`: the bus name and path.
    func reference(_ path: String, name: String? = nil) -> DBusValue {
        .structure([.string(name ?? connection.uniqueName), .objectPath(path)])
    }

    var nullReference: DBusValue { reference(ATSPI.nullPath, name: "") }
}
