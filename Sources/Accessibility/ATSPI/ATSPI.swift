import VideoPlayerContainer

/// The names and numbers of the AT-SPI2 protocol (at-spi2-core's `atspi-constants.h`).
enum ATSPI {
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let nullPath = "/org/a11y/atspi/null"
    static let registryName = "org.a11y.atspi.Registry"

    enum Interface {
        static let accessible = "org.a11y.atspi.Accessible"
        static let application = "org.a11y.atspi.Application"
        static let component = "org.a11y.atspi.Component"
        static let action = "org.a11y.atspi.Action"
        static let value = "org.a11y.atspi.Value"
        static let text = "org.a11y.atspi.Text"
        static let socket = "org.a11y.atspi.Socket"
        static let cache = "org.a11y.atspi.Cache"
        static let objectEvents = "org.a11y.atspi.Event.Object"
        static let properties = "org.freedesktop.DBus.Properties"
        static let introspectable = "org.freedesktop.DBus.Introspectable"
    }

    /// `AtspiRole` values and the names `atspi_role_get_name` gives them.
    struct Role: Hashable {
        let code: UInt32
        let name: String

        static let application = Role(code: 75, name: "application")
        static let frame = Role(code: 23, name: "frame")

        init(code: UInt32, name: String) {
            self.code = code
            self.name = name
        }

        init(_ role: AccessibilityRole) {
            switch role {
            case .button: self.init(code: 43, name: "push button")
            case .toggle: self.init(code: 62, name: "toggle button")
            case .slider: self.init(code: 51, name: "slider")
            case .link: self.init(code: 88, name: "link")
            case .textField, .searchField: self.init(code: 79, name: "entry")
            case .secureTextField: self.init(code: 40, name: "password text")
            case .heading: self.init(code: 83, name: "heading")
            case .image: self.init(code: 27, name: "image")
            case .staticText: self.init(code: 116, name: "static")
            case .interactiveArea: self.init(code: 107, name: "video")
            case .group: self.init(code: 39, name: "panel")
            case .progressIndicator: self.init(code: 42, name: "progress bar")
            case .menuItem: self.init(code: 35, name: "menu item")
            case .popUpButton: self.init(code: 11, name: "combo box")
            }
        }
    }

    /// `AtspiStateType` bits, sent as two 32-bit words.
    enum State: Int {
        case active = 1
        case checked = 4
        case editable = 7
        case enabled = 8
        case focusable = 11
        case focused = 12
        case selectable = 22
        case selected = 23
        case sensitive = 24
        case showing = 25
        case singleLine = 26
        case visible = 30
        case checkable = 41

        /// The event name of a change of the state (`object:state-changed:focused`).
        var eventName: String {
            switch self {
            case .active: "active"
            case .checked: "checked"
            case .editable: "editable"
            case .enabled: "enabled"
            case .focusable: "focusable"
            case .focused: "focused"
            case .selectable: "selectable"
            case .selected: "selected"
            case .sensitive: "sensitive"
            case .showing: "showing"
            case .singleLine: "single-line"
            case .visible: "visible"
            case .checkable: "checkable"
            }
        }

        static func words(_ states: Set<State>) -> DBusValue {
            var words: [UInt32] = [0, 0]
            for state in states { words[state.rawValue / 32] |= 1 << UInt32(state.rawValue % 32) }
            return .array(elementSignature: "u", words.map { .uint32($0) })
        }
    }

    /// `AtspiCoordType`.
    enum Coordinates: Int {
        case screen = 0
        case window = 1
        case parent = 2
    }

    /// `AtspiComponentLayer`.
    enum Layer {
        static let widget: UInt32 = 3
        static let window: UInt32 = 7
    }

    /// The D-Bus errors calls are answered with.
    enum ErrorName {
        static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"
        static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
        static let unknownProperty = "org.freedesktop.DBus.Error.UnknownProperty"
        static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
        static let readOnly = "org.freedesktop.DBus.Error.PropertyReadOnly"
    }
}
