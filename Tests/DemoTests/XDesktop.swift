import CXlib
import Foundation
import Testing

enum XDesktopError: Error {
    case noDisplay(String)
    case noWindow(pid: Int32)
    case dragRefused(String)
}

/// A client of an X display, doing what the desktop's other programs do to a window: a screensaver
/// that watches the idle time, and a file manager that drags files onto it (XDND).
final class XClient {
    let display: OpaquePointer
    let root: Window

    init(display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw XDesktopError.noDisplay(name) }
        self.display = display
        root = XDefaultRootWindow(display)
    }

    deinit { XCloseDisplay(display) }

    func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Makes the server's own screensaver come on after `seconds` without input.
    func setScreenSaverTimeout(seconds: Int32) {
        XSetScreenSaver(display, seconds, 0, DefaultBlanking, DefaultExposures)
        XSync(display, 0)
    }

    /// Whether the server's screensaver is on now.
    var screenSaverIsOn: Bool {
        guard let info = XScreenSaverAllocInfo() else { return false }
        defer { XFree(info) }
        guard XScreenSaverQueryInfo(display, root, info) != 0 else { return false }
        return info.pointee.state == ScreenSaverOn
    }

    /// The top-level window of the process `pid` (by `_NET_WM_PID`) that takes drops (`XdndAware`),
    /// once it is there.
    func dropTarget(ofProcess pid: Int32, within seconds: Double = 20) throws -> Window {
        let deadline = Date().addingTimeInterval(seconds)
        let pidAtom = atom("_NET_WM_PID")
        let aware = atom("XdndAware")
        while Date() < deadline {
            for window in topLevelWindows()
            where property(pidAtom, of: window).first == Int(pid) && !property(aware, of: window).isEmpty {
                return window
            }
            usleep(50_000)
        }
        throw XDesktopError.noWindow(pid: pid)
    }

    private func topLevelWindows() -> [Window] {
        var rootReturn: Window = 0
        var parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, root, &rootReturn, &parent, &children, &count) != 0, let children else {
            return []
        }
        defer { XFree(children) }
        return Array(UnsafeBufferPointer(start: children, count: Int(count)))
    }

    /// The 32-bit items of a window's property; empty when it has none.
    private func property(_ name: Atom, of window: Window) -> [Int] {
        var type: Atom = 0
        var format: Int32 = 0
        var items: UInt = 0
        var after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window, name, 0, 16, 0, Atom(AnyPropertyType), &type, &format, &items, &after, &data)
                == Success, let data
        else { return [] }
        defer { XFree(data) }
        guard format == 32 else { return [] }
        // NB: Xlib hands 32-bit items over as longs.
        return data.withMemoryRebound(to: Int.self, capacity: Int(items)) { longs in
            (0..<Int(items)).map { longs[$0] }
        }
    }

    /// Drags `uris` (a `text/uri-list`) from a window of this client onto `target` and drops them,
    /// as a file manager does (XDND version 5): enter, position, the target's status, drop, then the
    /// selection the target asks for, until the target says it finished.
    func drop(uris: [String], onto target: Window, within seconds: Double = 10) throws {
        let source = XCreateSimpleWindow(display, root, 0, 0, 1, 1, 0, 0, 0)
        defer { XDestroyWindow(display, source) }
        let selection = atom("XdndSelection")
        let uriList = atom("text/uri-list")
        XSetSelectionOwner(display, selection, source, Time(CurrentTime))
        var x: Int32 = 0
        var y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, target, root, 20, 20, &x, &y, &child)
        send("XdndEnter", to: target, [Int(source), 5 << 24, Int(uriList), 0, 0])
        send(
            "XdndPosition", to: target,
            [Int(source), 0, Int(x) << 16 | Int(y), 0, Int(atom("XdndActionCopy"))])
        let status = try waitFor(clientMessage: "XdndStatus", within: seconds)
        guard status[1] & 1 == 1 else { throw XDesktopError.dragRefused("the target refused \(uris)") }
        send("XdndDrop", to: target, [Int(source), 0, 0, 0, 0])
        let payload = Array((uris.joined(separator: "\r\n") + "\r\n").utf8)
        _ = try waitFor(clientMessage: "XdndFinished", within: seconds) { event in
            guard event.type == SelectionRequest else { return }
            let request = event.xselectionrequest
            var reply = XEvent()
            reply.xselection = XSelectionEvent(
                type: SelectionNotify, serial: 0, send_event: 1, display: display,
                requestor: request.requestor,
                selection: request.selection, target: request.target, property: 0, time: request.time)
            if request.target == uriList {
                payload.withUnsafeBufferPointer { bytes in
                    _ = XChangeProperty(
                        display, request.requestor, request.property, uriList, 8, PropModeReplace,
                        bytes.baseAddress, Int32(bytes.count))
                }
                reply.xselection.property = request.property
            }
            XSendEvent(display, request.requestor, 0, 0, &reply)
            XFlush(display)
        }
    }

    private func send(_ type: String, to window: Window, _ longs: [Int]) {
        var event = XEvent()
        event.xclient = XClientMessageEvent()
        event.xclient.type = ClientMessage
        event.xclient.display = display
        event.xclient.window = window
        event.xclient.message_type = atom(type)
        event.xclient.format = 32
        event.xclient.data.l = (longs[0], longs[1], longs[2], longs[3], longs[4])
        XSendEvent(display, window, 0, 0, &event)
        XFlush(display)
    }

    /// Reads this client's events until a client message of `type` comes, handing the others to
    /// `other`; returns its five longs.
    private func waitFor(
        clientMessage type: String, within seconds: Double, other: (XEvent) -> Void = { _ in }
    ) throws -> [Int] {
        let wanted = atom(type)
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            guard XPending(display) > 0 else {
                usleep(10_000)
                continue
            }
            var event = XEvent()
            XNextEvent(display, &event)
            if event.type == ClientMessage, event.xclient.message_type == wanted {
                let l = event.xclient.data.l
                return [l.0, l.1, l.2, l.3, l.4]
            }
            other(event)
        }
        throw XDesktopError.dragRefused("no \(type) within \(seconds) s")
    }
}
