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
        socketWatch = waker.flatMap { waker in
            DBusSocketWatch(connection: connection, label: "accessibility-bus") { waker.wake() }
        }
    }
}
