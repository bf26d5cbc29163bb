import CDBus

/// Why a D-Bus operation failed: libdbus's error name and message.
public struct DBusFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public let message: String

    public var description: String { "\(name): \(message)" }

    /// Takes the error libdbus filled in and frees it.
    static func taking(_ error: inout DBusError) -> DBusFailure {
        defer { dbus_error_free(&error) }
        return DBusFailure(
            name: error.name.map { String(cString: $0) } ?? "org.freedesktop.DBus.Error.Failed",
            message: error.message.map { String(cString: $0) } ?? "")
    }
}

/// A private connection to a message bus, read and written without blocking from the loop that
/// owns it (the window's, or a test's).
public final class DBusConnection {
    private let pointer: OpaquePointer
    /// The name the bus gave this connection (":1.42").
    public let uniqueName: String

    /// Connects to the bus at `address` ("unix:path=/run/user/1000/bus") and says hello.
    public init(address: String) throws(DBusFailure) {
        var error = DBusError()
        dbus_error_init(&error)
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw DBusFailure.taking(&error)
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        guard dbus_bus_register(connection, &error) != 0 else {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw DBusFailure.taking(&error)
        }
        pointer = connection
        uniqueName = dbus_bus_get_unique_name(connection).map { String(cString: $0) } ?? ""
    }

    deinit {
        dbus_connection_close(pointer)
        dbus_connection_unref(pointer)
    }

    /// Whether the bus is still there.
    public var isConnected: Bool { dbus_connection_get_is_connected(pointer) != 0 }

    /// Queues `message` and, unless `flush` is `false`, writes the queue out; returns its serial.
    /// A sender of many messages at once queues them and calls ``flush()`` after the last.
    @discardableResult
    public func send(_ message: DBusMessage, flush: Bool = true) -> UInt32 {
        var serial: UInt32 = 0
        dbus_connection_send(pointer, message.pointer, &serial)
        if flush { dbus_connection_flush(pointer) }
        return serial
    }

    /// Writes out the messages queued by ``send(_:flush:)``.
    public func flush() {
        dbus_connection_flush(pointer)
    }

    /// The socket the connection reads, for a loop that sleeps until it has data; `nil` when the
    /// transport has none.
    public var fileDescriptor: Int32? {
        var descriptor: Int32 = -1
        return dbus_connection_get_socket(pointer, &descriptor) != 0 && descriptor >= 0 ? descriptor : nil
    }

    /// Sends `message` and waits up to `timeout` seconds for its reply: for the few calls a
    /// connection makes while setting up. An error reply throws.
    public func call(_ message: DBusMessage, timeout: Double = 2) throws(DBusFailure) -> DBusMessage {
        var error = DBusError()
        dbus_error_init(&error)
        guard
            let reply = dbus_connection_send_with_reply_and_block(
                pointer, message.pointer, Int32(timeout * 1000), &error)
        else { throw DBusFailure.taking(&error) }
        return DBusMessage(taking: reply)
    }

    /// The messages that have arrived, without waiting for more.
    public func receive() -> [DBusMessage] {
        dbus_connection_read_write(pointer, 0)
        var messages: [DBusMessage] = []
        while let message = dbus_connection_pop_message(pointer) {
            messages.append(DBusMessage(taking: message))
        }
        return messages
    }

    /// Asks the bus for the well-known name `name` ("org.mpris.MediaPlayer2.watch"), without
    /// queueing behind another owner; `false` when someone else has it.
    public func requestName(_ name: String) throws(DBusFailure) -> Bool {
        var error = DBusError()
        dbus_error_init(&error)
        // NB: 4 is DBUS_NAME_FLAG_DO_NOT_QUEUE; 1 and 4 are "primary owner" and "already owner".
        let result = dbus_bus_request_name(pointer, name, 4, &error)
        if dbus_error_is_set(&error) != 0 { throw DBusFailure.taking(&error) }
        return result == 1 || result == 4
    }

    /// Whether messages wait in the connection's buffer: read from the socket while a send was
    /// flushed, after the last ``receive()``, so a watch on the socket does not see them.
    public var hasBufferedMessages: Bool {
        dbus_connection_get_dispatch_status(pointer) == DBUS_DISPATCH_DATA_REMAINS
    }

    /// Answers the method calls that arrived with what `answer` returns (nothing is sent to a
    /// caller who wants no reply), runs `beforeFlush` (to queue signals) and writes everything
    /// out, without waiting; again while writing read more calls into the buffer, a few rounds
    /// at most, so a caller who floods the bus cannot hold the thread.
    public func answerCalls(with answer: (DBusMessage) -> DBusMessage, beforeFlush: () -> Void = {}) {
        for _ in 0..<8 {
            for message in receive() where message.kind == .methodCall {
                let reply = answer(message)
                if !message.expectsNoReply { send(reply, flush: false) }
            }
            beforeFlush()
            flush()
            guard hasBufferedMessages else { return }
        }
    }

    /// Asks the bus to send this connection the signals `rule` matches
    /// ("type='signal',interface='org.a11y.atspi.Event.Object'").
    public func addMatch(_ rule: String) throws(DBusFailure) {
        var error = DBusError()
        dbus_error_init(&error)
        dbus_bus_add_match(pointer, rule, &error)
        if dbus_error_is_set(&error) != 0 { throw DBusFailure.taking(&error) }
    }
}
