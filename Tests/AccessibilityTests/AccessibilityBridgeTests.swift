import Foundation
import Testing
import VideoPlayerAccessibility
import VideoPlayerContainer
import VideoPlayerTestSupport

/// What the page under test shows.
final class PageService: Service {
    @ViewState var isPlaying = false
    @ViewState var volume = 0.5
    @ViewState var query = "cats"
    @ViewState var showsExtra = true
}

/// The bridge on a private bus, asked as a screen reader asks: the objects, their roles, names,
/// states, frames, actions and values, and the events of what changes.
@MainActor
@Suite(.serialized) struct AccessibilityBridgeTests {
    let context = Context(mode: .test)
    var page: PageService { context[PageService.self] }
    static let window = "/org/a11y/atspi/accessible/window"
    static let root = "/org/a11y/atspi/accessible/root"
    static let accessible = "org.a11y.atspi.Accessible"

    func host() -> WidgetHost {
        let host = SnapshotRenderer(size: Size(width: 320, height: 200), context: context).makeHost(
            WithService(PageService.self) { page in
                VStack(spacing: 4) {
                    Text("Now playing").accessibilityAddTraits(.isHeader)
                    Symbol(page.isPlaying ? .pause : .play)
                        .onTap { page.isPlaying.toggle() }
                        .focusable()
                        .accessibilityLabel(page.isPlaying ? "Pause" : "Play")
                        .accessibilityHint("Plays or pauses the video")
                        .accessibilityIdentifier("play")
                    Color.gray.frame(width: 100, height: 10)
                        .focusable()
                        .accessibilityLabel("Volume")
                        .accessibilityValue(
                            "\(Int(page.volume * 100)) %", current: page.volume, in: 0...1, step: 0.1
                        )
                        .accessibilityAdjustableAction { direction in
                            page.volume = min(1, max(0, page.volume + (direction == .increment ? 0.1 : -0.1)))
                        }
                    TextField("Search", text: page.binding(\.query)).frame(width: 200, height: 20)
                    SecureField("Password", text: Binding(get: { "secret" }, set: { _ in }))
                        .frame(width: 200, height: 20)
                    if page.showsExtra { Text("Extra") }
                }
            })
        host.update()
        return host
    }

    /// The page, its bridge on a private bus of its own, and a reader on that bus.
    func connected() throws -> (WidgetHost, AccessibilityBridge, ReaderClient) {
        let bus = try PrivateBus()
        let host = host()
        let bridge = try AccessibilityBridge(host: host, busAddress: bus.address, applicationName: "Test app")
        return (host, bridge, try ReaderClient(bus: bus, bridge: bridge))
    }

    func paths(_ value: DBusValue?) -> [String] {
        (value?.items ?? []).compactMap { $0.items?.last?.string }
    }

    @Test func aReaderWalksTheApplicationTheWindowAndItsElements() throws {
        let (host, bridge, reader) = try connected()

        #expect(reader.result(Self.root, Self.accessible, "GetRole") == .uint32(75))
        #expect(reader.property(Self.root, Self.accessible, "Name") == .string("Test app"))
        #expect(
            reader.property(Self.root, "org.a11y.atspi.Application", "ToolkitName")
                == .string("VideoPlayerContainer"))
        let windows = try #require(reader.result(Self.root, Self.accessible, "GetChildren"))
        #expect(
            windows
                == .array(
                    elementSignature: "(so)",
                    [.structure([.string(bridge.busName), .objectPath(Self.window)])]))
        #expect(reader.result(Self.window, Self.accessible, "GetRole") == .uint32(23))

        let children = paths(reader.result(Self.window, Self.accessible, "GetChildren"))
        let elements = host.accessibilityElements
        #expect(children.count == elements.count)
        #expect(reader.property(Self.window, Self.accessible, "ChildCount") == .int32(Int32(elements.count)))
        let described = children.map { path in
            let role = reader.result(path, Self.accessible, "GetRoleName")?.string ?? "?"
            let name = reader.property(path, Self.accessible, "Name")?.string ?? "?"
            return "\(role) \(name)"
        }
        #expect(
            described == [
                "heading Now playing", "push button Play", "slider Volume", "entry Search",
                "password text Password",
                "static Extra",
            ])

        // The button: its hint, states, frame on the screen and in the window, and its parent.
        let play = children[1]
        #expect(reader.property(play, Self.accessible, "Description") == .string("Plays or pauses the video"))
        #expect(reader.property(play, Self.accessible, "AccessibleId") == .string("play"))
        #expect(reader.result(play, Self.accessible, "GetIndexInParent") == .int32(1))
        #expect(
            reader.property(play, Self.accessible, "Parent")
                == .structure([.string(bridge.busName), .objectPath(Self.window)]))
        let stateWords = reader.result(play, Self.accessible, "GetState")?.items ?? []
        let states = stateWords.compactMap { $0.integer }
        try #require(states.count == 2)
        for bit in [8, 11, 24, 25, 30] { #expect(states[bit / 32] & (1 << (bit % 32)) != 0, "state \(bit)") }
        #expect(states[0] & (1 << 12) == 0)  // not focused
        let frame = try #require(host.frame(ofIdentifier: "play"))
        func extents(_ coordinates: UInt32) -> [Int] {
            reader.result(play, "org.a11y.atspi.Component", "GetExtents", [.uint32(coordinates)])?.items?
                .compactMap(\.integer) ?? []
        }
        #expect(extents(1) == [frame.minX, frame.minY, frame.width, frame.height].map { Int($0.rounded()) })
        bridge.windowOrigin = Point(x: 100, y: 50)
        #expect(
            extents(0)
                == [frame.minX + 100, frame.minY + 50, frame.width, frame.height].map { Int($0.rounded()) })
        let hit = reader.result(
            Self.window, "org.a11y.atspi.Component", "GetAccessibleAtPoint",
            [.int32(Int32(frame.midX + 100)), .int32(Int32(frame.midY + 50)), .uint32(0)])
        #expect(hit?.items?.last == .objectPath(play))

        // The slider's value, the field's text, and no text of the secure field.
        let volume = children[2]
        #expect(reader.property(volume, "org.a11y.atspi.Value", "CurrentValue") == .double(0.5))
        #expect(reader.property(volume, "org.a11y.atspi.Value", "MaximumValue") == .double(1))
        #expect(reader.property(volume, "org.a11y.atspi.Value", "Text") == .string("50 %"))
        #expect(
            reader.result(children[3], "org.a11y.atspi.Text", "GetText", [.int32(0), .int32(-1)])
                == .string("cats"))
        let secureInterfaces = reader.result(children[4], Self.accessible, "GetInterfaces")?.items ?? []
        #expect(!secureInterfaces.contains(.string("org.a11y.atspi.Text")))
        #expect(secureInterfaces.contains(.string("org.a11y.atspi.Component")))

        // The cache gives every object at once, as its own methods do one by one.
        let items = try #require(
            reader.result("/org/a11y/atspi/cache", "org.a11y.atspi.Cache", "GetItems")?.items)
        #expect(items.count == 2 + children.count)
        let playItem = try #require(items.first { $0.items?.first?.items?.last == .objectPath(play) })
        let fields = try #require(playItem.items)
        #expect(fields[1] == .structure([.string(bridge.busName), .objectPath(Self.root)]))
        #expect(fields[2] == .structure([.string(bridge.busName), .objectPath(Self.window)]))
        #expect(fields[3] == .int32(Int32(try #require(children.firstIndex(of: play)))))
        #expect(fields[4] == .int32(0))
        #expect(fields[5].items?.contains(.string("org.a11y.atspi.Action")) == true)
        #expect(fields[6] == .string("Play") && fields[7] == .uint32(43))
        #expect(fields[8] == .string("Plays or pauses the video"))
        #expect(fields[9] == reader.result(play, Self.accessible, "GetState"))
        let windowItem = try #require(
            items.first { $0.items?.first?.items?.last == .objectPath(Self.window) })
        #expect(windowItem.items?[4] == .int32(Int32(children.count)))
    }

    @Test func actionsReachTheWidgetsAndChangesAreAnnounced() throws {
        let (host, bridge, reader) = try connected()
        let children = paths(reader.result(Self.window, Self.accessible, "GetChildren"))
        let (play, volume) = (children[1], children[2])

        let actions = reader.result(play, "org.a11y.atspi.Action", "GetActions")
        #expect(actions?.items?.first?.items?.first == .string("click"))
        #expect(reader.result(play, "org.a11y.atspi.Action", "DoAction", [.int32(0)]) == .boolean(true))
        #expect(page.isPlaying)
        host.update()
        #expect(
            reader.hears {
                $0.member == "PropertyChange" && $0.path == play
                    && $0.arguments.first == .string("accessible-name")
                    && $0.arguments[3] == .variant(.string("Pause"))
            })
        #expect(reader.property(play, Self.accessible, "Name") == .string("Pause"))

        // Focus from the reader, heard as object:state-changed:focused.
        #expect(reader.result(volume, "org.a11y.atspi.Component", "GrabFocus") == .boolean(true))
        host.update()
        #expect(
            reader.hears {
                $0.member == "StateChanged" && $0.path == volume && $0.arguments.first == .string("focused")
                    && $0.arguments[1] == .int32(1)
            })
        #expect(host.accessibilityElements.first { $0.label == "Volume" }?.isFocused == true)

        // The value, stepped by its actions and by setting it.
        let value = "org.a11y.atspi.Value"
        #expect(reader.result(volume, "org.a11y.atspi.Action", "DoAction", [.int32(0)]) == .boolean(true))
        #expect(abs(page.volume - 0.6) < 1e-9)
        host.update()
        #expect(reader.hears { $0.member == "PropertyChange" && $0.path == volume })
        #expect(reader.property(volume, value, "MinimumIncrement") == .double(0.1))
        // Setting it steps the slider (which has only steps) to the value asked for.
        _ = reader.call(
            volume, "org.freedesktop.DBus.Properties", "Set",
            [.string(value), .string("CurrentValue"), .variant(.double(0.2))])
        #expect(abs(page.volume - 0.2) < 1e-9)

        // An element that goes is announced, and its path answers no more.
        let extra = children[5]
        page.showsExtra = false
        host.update()
        let extraReference = DBusValue.structure([.string(bridge.busName), .objectPath(extra)])
        let removed: (DBusMessage) -> Bool = {
            $0.member == "ChildrenChanged" && $0.path == Self.window
                && $0.arguments.first == .string("remove")
                && $0.arguments[3] == .variant(extraReference)
        }
        let uncached: (DBusMessage) -> Bool = {
            $0.member == "RemoveAccessible" && $0.path == "/org/a11y/atspi/cache"
                && $0.arguments == [extraReference]
        }
        #expect(reader.hears(removed, uncached))
        #expect(
            reader.call(extra, Self.accessible, "GetRole")?.errorName
                == "org.freedesktop.DBus.Error.UnknownObject")
    }

    @Test func malformedCallsGetErrorsAndTheBridgeKeepsAnswering() throws {
        let (_, _, reader) = try connected()
        let children = paths(reader.result(Self.window, Self.accessible, "GetChildren"))
        let play = children[1]
        let errors = [
            reader.call("/org/a11y/atspi/accessible/element999999", Self.accessible, "GetRole"),
            reader.call("/somewhere/else", Self.accessible, "GetRole"),
            reader.call(play, Self.accessible, "Explode"),
            reader.call(play, "org.a11y.atspi.Table", "GetRowCount"),
            reader.call(play, "org.a11y.atspi.Action", "DoAction", [.string("first")]),
            reader.call(play, "org.a11y.atspi.Action", "DoAction", [.int32(7)]),
            reader.call(play, "org.a11y.atspi.Action", "DoAction", [.int32(-1)]),
            reader.call(
                play, "org.freedesktop.DBus.Properties", "Get", [.string(Self.accessible), .string("Colour")]),
            reader.call(play, "org.freedesktop.DBus.Properties", "Get", [.int32(1)]),
            reader.call(
                play, "org.freedesktop.DBus.Properties", "Set",
                [.string(Self.accessible), .string("Name"), .variant(.string("x"))]),
            reader.call(
                play, "org.a11y.atspi.Component", "GetExtents",
                [.string(String(repeating: "x", count: 100_000))]),
            reader.call(Self.window, Self.accessible, "GetChildAtIndex", []),
        ].map { $0?.errorName }
        #expect(
            errors == [
                "org.freedesktop.DBus.Error.UnknownObject", "org.freedesktop.DBus.Error.UnknownObject",
                "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownMethod",
                "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.InvalidArgs",
                "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.UnknownProperty",
                "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.PropertyReadOnly",
                "org.freedesktop.DBus.Error.InvalidArgs", "org.freedesktop.DBus.Error.InvalidArgs",
            ])
        #expect(!page.isPlaying)
        // An index past the end is the null object, as libatspi expects.
        let past = reader.result(Self.window, Self.accessible, "GetChildAtIndex", [.int32(99)])
        #expect(past?.items?.last == .objectPath("/org/a11y/atspi/null"))
        #expect(reader.result(play, Self.accessible, "GetRoleName") == .string("push button"))
    }

    @Test func withoutARegistryOrABusTheErrorSaysWhy() throws {
        let host = host()
        #expect(throws: AccessibilityBridgeError.self) {
            try AccessibilityBridge.connect(to: host, applicationName: "Test app", environment: [:])
        }
        do {
            _ = try AccessibilityBridge.connect(to: host, applicationName: "x", environment: [:])
        } catch {
            #expect(error == .noAccessibilityBus("DBUS_SESSION_BUS_ADDRESS is not set"))
        }
        #expect(throws: AccessibilityBridgeError.self) {
            try AccessibilityBridge(
                host: host, busAddress: "unix:path=/nonexistent/bus", applicationName: "x")
        }
        // A bus with no registry on it: the bridge is there, but the desktop cannot embed it.
        let bus = try PrivateBus()
        let bridge = try AccessibilityBridge(host: host, busAddress: bus.address, applicationName: "Test app")
        do {
            try bridge.register()
            Issue.record("registered without a registry")
        } catch {
            guard case .bus(let failure) = error else { throw error }
            #expect(failure.name == "org.freedesktop.DBus.Error.ServiceUnknown")
        }
        #expect(bridge.desktop == nil)
    }
}
