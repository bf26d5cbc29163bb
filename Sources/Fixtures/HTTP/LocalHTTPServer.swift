import Foundation
import Glibc
import VideoPlayerRender

/// An HTTP/1.1 server on 127.0.0.1 for tests: serves a directory and in-memory files, with range
/// requests, and faults injected at run time (throttle, stall, status override, dropped connections).
///
/// One thread accepts, one thread serves each connection. Every method may be called from any
/// thread; all mutable state sits in one `Locked`.
public final class LocalHTTPServer: Sendable {
    struct State {
        var listener: Int32 = -1
        /// The port, kept across `stop()` so `start()` listens on the same one again.
        var port: UInt16 = 0
        var connections: [Int: Int32] = [:]
        var nextConnection = 0
        var files: [String: Data] = [:]
        var bytesPerSecond: Int?
        /// Paths sent at their own rate, apart from the link's.
        var pathRates: [String: Int] = [:]
        /// Paths sent at their own rate by how they begin (``throttle(pathsStartingWith:bytesPerSecond:)``).
        var prefixRates: [String: Int] = [:]
        /// When the throttled link is free for the next piece (`ProcessInfo.systemUptime`).
        var linkFreeAt = 0.0
        var stalled = false
        /// The count of body bytes sent at which `stalled` turns on by itself, if set.
        var stallAt: Int?
        /// When the stall began (`MediaPlayer.now`).
        var stalledSince: Double?
        /// The status answered for a path, and how many more of its requests are answered as usual
        /// before.
        var statusOverrides: [String: (status: Int, passing: Int)] = [:]
        /// Paths answered with a redirect: the status (301, 302, 307, 308) and the `Location`.
        var redirects: [String: (status: Int, location: String)] = [:]
        var requests: [String] = []
        var bodyBytesSent = 0
        /// Seconds the `Date` of the answers runs ahead of the machine's clock.
        var clockAhead = 0.0
        /// The cookie (`name=value`) every request must carry, and the path whose answers set it.
        var cookieGate: (cookie: String, setBy: String)?
        /// Bumped by `killConnections()`, so a stalled or throttled sender notices it was dropped.
        var killCount = 0
        /// Whether bodies go whole and in chunks, without their length (`withholdLengths(_:)`).
        var lengthsWithheld = false

        /// The rate `path` is sent at on its own, if any: its own, else that of the longest
        /// prefix of it throttled.
        func ownRate(of path: String) -> Int? {
            pathRates[path]
                ?? prefixRates.filter { path.hasPrefix($0.key) }.max { $0.key.count < $1.key.count }?.value
        }
    }

    /// The directory served under "/", if any.
    let root: URL?
    let state = Locked(State())
    /// Counts running threads, so `stop()` can wait for all of them to end.
    let threads = DispatchGroup()

    /// A stopped server of `root` (if any) and of the in-memory `files`, keyed by path ("/a.ts").
    public init(root: URL? = nil, files: [String: Data] = [:]) {
        self.root = root
        state.withLock { $0.files = files }
    }

    deinit {
        stop()
    }

    /// The port listened on (0 before the first `start()`).
    public var port: UInt16 { state.withLock { $0.port } }

    /// The URL of `path` on this server, such as `url(for: "/hls/playlist.m3u8")`.
    public func url(for path: String) -> URL {
        let slash = path.hasPrefix("/") ? "" : "/"
        return URL(string: "http://127.0.0.1:\(port)\(slash)\(path)") ?? URL(fileURLWithPath: "/")
    }

    /// Listens on an ephemeral port the first time, on the same port after a `stop()`.
    public func start() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        var reuse: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(fd, generic, length) == 0 && listen(fd, 64) == 0
                    && getsockname(fd, generic, &length) == 0
            }
        }
        guard bound else {
            let failure = POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            close(fd)
            throw failure
        }
        state.withLock {
            $0.listener = fd
            $0.port = UInt16(bigEndian: address.sin_port)
        }
        spawn { self.acceptLoop(fd) }
    }

    /// Closes the listener and every connection, then waits for all threads to end.
    public func stop() {
        state.withLock { state in
            if state.listener >= 0 { shutdown(state.listener, Int32(SHUT_RDWR)) }
            state.listener = -1
            state.stalled = false
            state.stallAt = nil
        }
        killConnections()
        threads.wait()
    }

    /// Drops every open connection at once, mid-body if a response is being sent.
    public func killConnections() {
        state.withLock { state in
            state.killCount += 1
            for fd in state.connections.values { shutdown(fd, Int32(SHUT_RDWR)) }
        }
    }

    /// Limits response bodies to `bytesPerSecond` in all, shared by the connections as on one link
    /// (`nil` for full speed).
    public func throttle(bytesPerSecond: Int?) { state.withLock { $0.bytesPerSecond = bytesPerSecond } }

    /// Sends the body of `path` at `bytesPerSecond` on its own, as a slow cache behind the same
    /// server would, whatever the link's throttle (`nil` as the link does).
    public func throttle(_ path: String, bytesPerSecond: Int?) {
        state.withLock { $0.pathRates[path] = bytesPerSecond }
    }

    /// Sends the body of every path that begins with `prefix` at `bytesPerSecond`, each on its
    /// own, as ``throttle(_:bytesPerSecond:)`` does one path: a rendition whose cache stays slow.
    public func throttle(pathsStartingWith prefix: String, bytesPerSecond: Int?) {
        state.withLock { $0.prefixRates[prefix] = bytesPerSecond }
    }

    /// Stops sending body bytes, on every connection, until `resume()`.
    public func stall() {
        state.withLock {
            $0.stalled = true
            $0.stalledSince = MediaPlayer.now
        }
    }

    /// Stalls as `stall()` does once `bytes` more body bytes were sent: the data a client holds
    /// when the stall begins is known whatever the timing of its requests.
    public func stall(afterSending bytes: Int) {
        state.withLock { $0.stallAt = $0.bodyBytesSent + bytes }
    }

    /// When the last stall began (`MediaPlayer.now`), `nil` before any.
    public var stalledSince: Double? { state.withLock { $0.stalledSince } }

    /// Lets stalled responses go on.
    public func resume() {
        state.withLock {
            $0.stalled = false
            $0.stallAt = nil
        }
    }

    /// Answers requests for `path` with `status` and no body (`nil` serves the file again), once
    /// the next `passing` requests for it were answered as usual.
    public func overrideStatus(_ status: Int?, for path: String, passing: Int = 0) {
        state.withLock { $0.statusOverrides[path] = status.map { ($0, passing) } }
    }

    /// Answers requests of `path` with a redirect (`status`, 302 unless told) to `location`, an
    /// absolute URL or a path on this server, as a CDN that sends players elsewhere does.
    public func redirect(_ path: String, to location: String, status: Int = 302) {
        state.withLock { $0.redirects[path] = (status, location) }
    }

    /// Answers `path` with a `Set-Cookie` of `name=value` (for every path of the server) and every
    /// other request that does not send the cookie back with 403, as a CDN's signed cookies do.
    public func requireCookie(name: String, value: String, setBy path: String) {
        state.withLock { $0.cookieGate = ("\(name)=\(value)", path) }
    }

    /// Dates the answers (their `Date` header) `seconds` ahead of the machine's clock.
    public func setClockAhead(_ seconds: Double) { state.withLock { $0.clockAhead = seconds } }

    /// Sends bodies without saying how long they are, as a server that streams what it makes does:
    /// whole, whatever range is asked for, in chunks (`Transfer-Encoding: chunked`), with no
    /// `Content-Length`.
    public func withholdLengths(_ withheld: Bool = true) { state.withLock { $0.lengthsWithheld = withheld } }

    /// Serves `data` at `path`, replacing any file there.
    public func setFile(_ path: String, _ data: Data) { state.withLock { $0.files[path] = data } }

    /// Every request line received so far, with its Range header, such as "GET /a.ts bytes=0-".
    public var requests: [String] { state.withLock { $0.requests } }

    /// Whether `request`, a line of ``requests``, asked for its file up to its end: with no Range
    /// header, or with one that runs to the last byte ("bytes=0-", "bytes=4096-", "bytes=-512"). A
    /// range that ends before ("bytes=0-8191") asks for a part only, such as the first bytes a
    /// demuxer glimpses at.
    public static func readsToTheEnd(_ request: String) -> Bool {
        guard let range = request.split(separator: " ").last, range.hasPrefix("bytes="),
            let dash = range.firstIndex(of: "-")
        else { return true }
        return dash == range.index(range.startIndex, offsetBy: 6)
            || range.index(after: dash) == range.endIndex
    }

    /// Body bytes written to sockets so far.
    public var bodyBytesSent: Int { state.withLock { $0.bodyBytesSent } }

    /// Runs `body` on a new thread that `stop()` waits for.
    public func spawn(_ body: @escaping @Sendable () -> Void) {
        threads.enter()
        Thread {
            body()
            self.threads.leave()
        }.start()
    }

    private func acceptLoop(_ listener: Int32) {
        defer { close(listener) }
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let id = state.withLock { state -> Int? in
                // A stop() raced with this accept: refuse the connection.
                guard state.listener == listener else { return nil }
                state.nextConnection += 1
                state.connections[state.nextConnection] = client
                return state.nextConnection
            }
            guard let id else {
                close(client)
                continue
            }
            spawn { self.serve(client, id: id) }
        }
    }
}
