import CDBus

/// A D-Bus message: a method call, its reply or error, or a signal.
public final class DBusMessage {
    public enum Kind: Sendable {
        case methodCall, methodReturn, error, signal, other
    }

    let pointer: OpaquePointer

    /// Takes over a reference libdbus handed out.
    init(taking pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit { dbus_message_unref(pointer) }

    /// A call of `interface.member` on the object at `path` of `destination`.
    public static func methodCall(
        destination: String?, path: String, interface: String?, member: String, arguments: [DBusValue] = []
    ) -> DBusMessage {
        let message = DBusMessage(taking: dbus_message_new_method_call(destination, path, interface, member))
        message.append(arguments)
        return message
    }

    /// The reply to `call`, carrying `arguments`.
    public static func reply(to call: DBusMessage, _ arguments: [DBusValue] = []) -> DBusMessage {
        let message = DBusMessage(taking: dbus_message_new_method_return(call.pointer))
        message.append(arguments)
        return message
    }

    /// The error reply `name` ("org.freedesktop.DBus.Error.InvalidArgs") to `call`.
    public static func error(to call: DBusMessage, name: String, text: String) -> DBusMessage {
        DBusMessage(taking: dbus_message_new_error(call.pointer, name, text))
    }

    /// A signal `interface.member` from the object at `path`, to whoever listens.
    public static func signal(path: String, interface: String, member: String, arguments: [DBusValue])
        -> DBusMessage
    {
        let message = DBusMessage(taking: dbus_message_new_signal(path, interface, member))
        message.append(arguments)
        return message
    }

    private func append(_ arguments: [DBusValue]) {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(pointer, &iterator)
        for argument in arguments { argument.append(to: &iterator) }
    }

    public var kind: Kind {
        switch dbus_message_get_type(pointer) {
        case 1: .methodCall
        case 2: .methodReturn
        case 3: .error
        case 4: .signal
        default: .other
        }
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    public var path: String? { Self.text(dbus_message_get_path(pointer)) }
    public var interface: String? { Self.text(dbus_message_get_interface(pointer)) }
    public var member: String? { Self.text(dbus_message_get_member(pointer)) }
    public var sender: String? { Self.text(dbus_message_get_sender(pointer)) }
    public var destination: String? { Self.text(dbus_message_get_destination(pointer)) }
    /// The error's name, for an error reply.
    public var errorName: String? { Self.text(dbus_message_get_error_name(pointer)) }
    /// The types of the arguments.
    public var signature: String { Self.text(dbus_message_get_signature(pointer)) ?? "" }
    public var serial: UInt32 { dbus_message_get_serial(pointer) }
    /// For a reply, the serial of the call it answers.
    public var replySerial: UInt32 { dbus_message_get_reply_serial(pointer) }

    /// Whether the caller waits for no reply.
    public var expectsNoReply: Bool { dbus_message_get_no_reply(pointer) != 0 }

    /// The arguments, read afresh.
    public var arguments: [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(pointer, &iterator) != 0 else { return [] }
        var values: [DBusValue] = []
        while let value = DBusValue.read(&iterator) {
            values.append(value)
            dbus_message_iter_next(&iterator)
        }
        return values
    }
}
