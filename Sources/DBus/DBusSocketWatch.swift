import Foundation

/// Calls `onReadable` (on a queue of its own) when a connection's socket has data, once until
/// ``rearm()``: the owner reads the socket on its own thread, then rearms, so a peer who floods the
/// bus cannot make the owner spin.
public final class DBusSocketWatch {
    /// Whether the source is suspended after a call of `onReadable`, and whether it is going away.
    private final class Suspension: @unchecked Sendable {
        // NB: `@unchecked`: the flags are only read and written under `lock`.
        let lock = NSLock()
        var isSuspended = false
        var isClosed = false
    }

    private let source: any DispatchSourceRead
    private let suspension = Suspension()

    /// Watches `connection`'s socket; `nil` when its transport has none.
    public convenience init?(
        connection: DBusConnection, label: String, onReadable: @escaping @Sendable () -> Void
    ) {
        guard let descriptor = connection.fileDescriptor else { return nil }
        self.init(descriptor: descriptor, label: label, onReadable: onReadable)
    }

    /// Watches the socket `descriptor`.
    public init(descriptor: Int32, label: String, onReadable: @escaping @Sendable () -> Void) {
        let source = DispatchSource.makeReadSource(
            fileDescriptor: descriptor, queue: DispatchQueue(label: label))
        self.source = source
        let suspension = suspension
        // NB: the handler holds the source and the flag, not the watch, so it can run while the
        // watch goes away; cancelling the source in `deinit` releases it.
        source.setEventHandler {
            let suspended = suspension.lock.withLock {
                guard !suspension.isSuspended, !suspension.isClosed else { return false }
                suspension.isSuspended = true
                source.suspend()
                return true
            }
            if suspended { onReadable() }
        }
        source.activate()
    }

    deinit {
        // NB: libdispatch traps when a suspended source is released, and the handler, running on
        // its queue meanwhile, could suspend it again between a resume and the cancel: once closed
        // it never does, so the source is released running.
        suspension.lock.withLock {
            suspension.isClosed = true
            if suspension.isSuspended {
                suspension.isSuspended = false
                source.resume()
            }
        }
        source.cancel()
    }

    /// Whether `onReadable` was called and the watch waits for ``rearm()``: the socket has data
    /// nobody read yet.
    public var hasFired: Bool {
        suspension.lock.withLock { suspension.isSuspended }
    }

    /// Watches the socket again after a call of `onReadable`.
    public func rearm() {
        suspension.lock.withLock {
            guard suspension.isSuspended else { return }
            suspension.isSuspended = false
            source.resume()
        }
    }
}
