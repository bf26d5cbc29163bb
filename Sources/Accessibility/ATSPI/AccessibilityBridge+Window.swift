import Foundation
import VideoPlayerContainer
import VideoPlayerRender

extension PlayerWindow {
    /// Shows the window's widgets to the desktop's screen reader: opens the window if it is not
    /// open, connects an ``AccessibilityBridge`` to the accessibility bus, registers it with the
    /// desktop's registry and runs it with the loop, which then also wakes for the reader's calls.
    ///
    /// ```swift
    /// let window = PlayerWindow(title: "Watch", context: context) { PlayerWidget(context) }
    /// do {
    ///     try window.enableAccessibility()
    /// } catch {
    ///     print("no screen reader support: \(error)")
    /// }
    /// try window.run()
    /// ```
    ///
    /// Without an accessibility bus (no desktop session, or at-spi2-core not installed) it throws
    /// ``AccessibilityBridgeError/noAccessibilityBus(_:)`` and the window works as before.
    @discardableResult
    public func enableAccessibility(
        applicationName: String? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(AccessibilityBridgeError) -> AccessibilityBridge {
        do {
            try open()
        } catch {
            throw .noWindow(error.description)
        }
        // NB: the first iteration lays the widgets out, so the bridge starts with a full page.
        if host?.redrawCount == 0 { runOnce() }
        guard let host else { throw .noWindow("the window closed") }
        let bridge = try AccessibilityBridge.connect(
            to: host, applicationName: applicationName ?? title, windowTitle: title,
            environment: environment)
        bridge.windowOrigin = position ?? .zero
        bridge.watchSocket(waking: waker)
        addParticipant(bridge)
        return bridge
    }
}

extension AccessibilityBridge: WindowLoopParticipant {
    /// Follows the window: its widgets (again after it reopened), its place on the screen, and
    /// the reader's calls.
    public func windowDidRunIteration(_ window: PlayerWindow) {
        if let current = window.host, current !== host {
            show(current)
            watchSocket(waking: window.waker)
        }
        windowOrigin = window.position ?? windowOrigin
        update()
        socketWatch?.rearm()
    }

    /// The window's elements leave the desktop with it.
    public func windowDidClose(_ window: PlayerWindow) {
        show(nil)
        socketWatch = nil
    }

    /// Wakes the loop through `waker` whenever the bus has something for the bridge, so a call
    /// made while the loop sleeps is answered at once.
    func watchSocket(waking waker: WindowWaker?) {
        guard let waker, let descriptor = connection.fileDescriptor else {
            socketWatch = nil
            return
        }
        socketWatch = SocketWatch(descriptor: descriptor, waker: waker)
    }
}

/// Wakes a window's loop when a socket becomes readable, once per loop iteration: after the
/// wake it waits for ``rearm()``, which the loop calls once it has read the socket, so a reader
/// who floods the bus cannot make the loop spin.
final class SocketWatch {
    private let source: any DispatchSourceRead
    /// Whether the source is suspended after a wake; only changed under the lock.
    private let isWaiting = Locked(false)

    init(descriptor: Int32, waker: WindowWaker) {
        let source = DispatchSource.makeReadSource(
            fileDescriptor: descriptor, queue: DispatchQueue(label: "accessibility-bus"))
        self.source = source
        let isWaiting = isWaiting
        source.setEventHandler {
            isWaiting.withLock { waiting in
                guard !waiting else { return }
                waiting = true
                source.suspend()
            }
            waker.wake()
        }
        source.activate()
    }

    deinit {
        rearm()
        source.cancel()
    }

    /// Watches the socket again after a wake.
    func rearm() {
        isWaiting.withLock { waiting in
            guard waiting else { return }
            waiting = false
            source.resume()
        }
    }
}
