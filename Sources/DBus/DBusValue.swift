import CDBus

/// One D-Bus value with its type: what a message carries, read or written through libdbus's
/// iterators.
public indirect enum DBusValue: Hashable, Sendable {
    case byte(UInt8)
    case boolean(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// Elements that all have the type `elementSignature` (`"s"`, `"(so)"`, `"{sv}"`).
    case array(elementSignature: String, [DBusValue])
    case structure([DBusValue])
    case variant(DBusValue)
    /// A key and value of a dictionary (an array of entries).
    case dictEntry(DBusValue, DBusValue)

    /// The value's type as D-Bus writes it.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .boolean: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        case .dictEntry(let key, let value): "{" + key.signature + value.signature + "}"
        }
    }

    /// A dictionary of `keySignature` to `valueSignature`.
    public static func dictionary(
        _ entries: [(DBusValue, DBusValue)], keySignature: String = "s", valueSignature: String = "v"
    ) -> DBusValue {
        .array(elementSignature: "{\(keySignature)\(valueSignature)}", entries.map { .dictEntry($0, $1) })
    }

    // MARK: Reading what a value holds

    public var string: String? {
        switch self {
        case .string(let text), .objectPath(let text), .signature(let text): text
        case .variant(let inner): inner.string
        default: nil
        }
    }

    /// Any integer that fits an `Int`.
    public var integer: Int? {
        switch self {
        case .byte(let value): Int(value)
        case .int16(let value): Int(value)
        case .uint16(let value): Int(value)
        case .int32(let value): Int(value)
        case .uint32(let value): Int(value)
        case .int64(let value): Int(value)
        case .uint64(let value): Int(exactly: value)
        case .variant(let inner): inner.integer
        default: nil
        }
    }

    public var double: Double? {
        switch self {
        case .double(let value): value
        case .variant(let inner): inner.double
        default: integer.map(Double.init)
        }
    }

    public var boolean: Bool? {
        switch self {
        case .boolean(let value): value
        case .variant(let inner): inner.boolean
        default: nil
        }
    }

    /// The elements of an array or the fields of a structure.
    public var items: [DBusValue]? {
        switch self {
        case .array(_, let items), .structure(let items): items
        case .variant(let inner): inner.items
        default: nil
        }
    }
}

// MARK: libdbus iterators

/// The type codes of libdbus, whose macros do not reach Swift.
enum DBusTypeCode {
    static func code(_ character: Character) -> Int32 { Int32(character.asciiValue ?? 0) }
    static let invalid: Int32 = 0
}

extension DBusValue {
    /// Appends the value at `iterator` (of a message or a container being written).
    func append(to iterator: UnsafeMutablePointer<DBusMessageIter>) {
        func basic<T: BitwiseCopyable>(_ character: Character, _ value: T) {
            var copy = value
            dbus_message_iter_append_basic(iterator, DBusTypeCode.code(character), &copy)
        }
        func container(
            _ character: Character, _ signature: String?,
            _ body: (UnsafeMutablePointer<DBusMessageIter>) -> Void
        ) {
            var inner = DBusMessageIter()
            if let signature {
                signature.withCString {
                    _ = dbus_message_iter_open_container(iterator, DBusTypeCode.code(character), $0, &inner)
                }
            } else {
                dbus_message_iter_open_container(iterator, DBusTypeCode.code(character), nil, &inner)
            }
            body(&inner)
            dbus_message_iter_close_container(iterator, &inner)
        }
        switch self {
        case .byte(let value): basic("y", value)
        case .boolean(let value): basic("b", dbus_bool_t(value ? 1 : 0))
        case .int16(let value): basic("n", value)
        case .uint16(let value): basic("q", value)
        case .int32(let value): basic("i", value)
        case .uint32(let value): basic("u", value)
        case .int64(let value): basic("x", value)
        case .uint64(let value): basic("t", value)
        case .double(let value): basic("d", value)
        case .string(let text), .objectPath(let text), .signature(let text):
            let code: Character =
                if case .string = self { "s" } else if case .objectPath = self { "o" } else { "g" }
            // NB: D-Bus strings end at their first NUL; libdbus aborts on one inside.
            let cleaned = text.contains("\0") ? String(text.unicodeScalars.filter { $0 != "\0" }) : text
            cleaned.withCString { pointer in
                var chars: UnsafePointer<CChar>? = pointer
                dbus_message_iter_append_basic(iterator, DBusTypeCode.code(code), &chars)
            }
        case .array(let element, let items):
            container("a", element) { inner in items.forEach { $0.append(to: inner) } }
        case .structure(let fields):
            container("r", nil) { inner in fields.forEach { $0.append(to: inner) } }
        case .variant(let value):
            container("v", value.signature) { inner in value.append(to: inner) }
        case .dictEntry(let key, let value):
            container("e", nil) { inner in
                key.append(to: inner)
                value.append(to: inner)
            }
        }
    }

    /// The value at `iterator`, or `nil` at the end.
    static func read(_ iterator: UnsafeMutablePointer<DBusMessageIter>) -> DBusValue? {
        let type = dbus_message_iter_get_arg_type(iterator)
        guard type != DBusTypeCode.invalid, let scalar = Unicode.Scalar(UInt32(type)) else { return nil }
        func basic<T: BitwiseCopyable>(_ initial: T) -> T {
            var value = initial
            dbus_message_iter_get_basic(iterator, &value)
            return value
        }
        func children() -> [DBusValue] {
            var inner = DBusMessageIter()
            dbus_message_iter_recurse(iterator, &inner)
            var values: [DBusValue] = []
            while let value = read(&inner) {
                values.append(value)
                dbus_message_iter_next(&inner)
            }
            return values
        }
        switch Character(scalar) {
        case "y": return .byte(basic(UInt8(0)))
        case "b": return .boolean(basic(dbus_bool_t(0)) != 0)
        case "n": return .int16(basic(Int16(0)))
        case "q": return .uint16(basic(UInt16(0)))
        case "i": return .int32(basic(Int32(0)))
        case "u": return .uint32(basic(UInt32(0)))
        case "x": return .int64(basic(Int64(0)))
        case "t": return .uint64(basic(UInt64(0)))
        case "d": return .double(basic(Double(0)))
        case "h": return .uint32(basic(UInt32(0)))
        case "s", "o", "g":
            let pointer = basic(UnsafePointer<CChar>?.none)
            let text = pointer.map { String(cString: $0) } ?? ""
            switch Character(scalar) {
            case "s": return .string(text)
            case "o": return .objectPath(text)
            default: return .signature(text)
            }
        case "a":
            let full = dbus_message_iter_get_signature(iterator)
            defer { dbus_free(full) }
            let element = full.map { String(String(cString: $0).dropFirst()) } ?? ""
            return .array(elementSignature: element, children())
        case "r": return .structure(children())
        case "v": return children().first.map { .variant($0) }
        case "e":
            let pair = children()
            guard pair.count == 2 else { return nil }
            return .dictEntry(pair[0], pair[1])
        default: return nil
        }
    }
}
