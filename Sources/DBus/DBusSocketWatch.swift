import Foundation

/// Calls `onReadable` (on a queue of its own) when a connection's socket has data, once until
/// ``rearm()``: the owner reads the socket on its own thread, then rearms, so a peer who floods the
/// bus cannot make the owner spin.
public final class DBusSocketWatch: @unchecked Sendable {
    private let source: any DispatchSourceRead
    private let lock = NSLock()
    /// Whether the source is suspended after a call of `onReadable`; only changed under the lock.
    private var isWaiting = false

    /// Watches `connection`'s socket; `nil` when its transport has none.
    public convenience init?(
        connection: DBusConnection, label: String, onReadable: @escaping @Sendable () -> Void
    ) {
        guard let descriptor = connection.fileDescriptor else { return nil }
        self.init(descriptor: descriptor, label: label, onReadable: onReadable)
    }

    /// Watches the socket `descriptor`.
    public init(descriptor: Int32, label: String, onReadable: @escaping @Sendable () -> Void) {
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: DispatchQueue(label: label))
        source.setEventHandler { [unowned self] in
            guard suspendIfWatching() else { return }
            onReadable()
        }
        source.activate()
    }

    deinit {
        rearm()
        source.cancel()
    }

    private func suspendIfWatching() -> Bool {
        lock.withLock {
            guard !isWaiting else { return false }
            isWaiting = true
            source.suspend()
            return true
        }
    }

    /// Watches the socket again after a call of `onReadable`.
    public func rearm() {
        lock.withLock {
            guard isWaiting else { return }
            isWaiting = false
            source.resume()
        }
    }
}
