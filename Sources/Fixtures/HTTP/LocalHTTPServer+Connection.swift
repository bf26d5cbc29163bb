import Foundation
import Glibc
import VideoPlayerRender

extension LocalHTTPServer {
    /// The parts of a request the server looks at.
    struct Request {
        var method: String
        var path: String
        var headers: [String: String]
        var keepAlive: Bool
    }

    /// Answers requests on one connection until the client or the server closes it.
    func serve(_ fd: Int32, id: Int) {
        let killCount = state.withLock { $0.killCount }
        defer {
            state.withLock { _ = $0.connections.removeValue(forKey: id) }
            close(fd)
        }
        var pending: [UInt8] = []
        while let request = readRequest(fd, pending: &pending) {
            guard respond(to: request, on: fd, killCount: killCount), request.keepAlive else { return }
        }
    }

    /// Reads one request head (the server ignores request bodies); `nil` when the connection ends.
    private func readRequest(_ fd: Int32, pending: inout [UInt8]) -> Request? {
        let end: [UInt8] = [13, 10, 13, 10]
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let range = pending.firstRange(of: end) {
                let head = String(decoding: pending[..<range.lowerBound], as: UTF8.self)
                pending.removeSubrange(..<range.upperBound)
                return Self.parse(head)
            }
            guard pending.count < 65_536 else { return nil }
            let count = recv(fd, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    private static func parse(_ head: String) -> Request? {
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let connection = headers["connection"]?.lowercased()
        let keepAlive = parts[2] == "HTTP/1.1" ? connection != "close" : connection == "keep-alive"
        let target = parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        return Request(
            method: String(parts[0]), path: target.removingPercentEncoding ?? target, headers: headers,
            keepAlive: keepAlive)
    }

    /// What the server's settings say of a request, read together.
    private struct Answer {
        /// The status it gets instead of the file (``overrideStatus(_:for:passing:)``).
        var override: Int?
        /// The file set in memory at its path (``setFile(_:_:)``).
        var memoryFile: Data?
        var redirect: (status: Int, location: String)?
        var gate: (cookie: String, setBy: String)?
        var lengthsWithheld: Bool
    }

    /// Records `request` and reads what the settings say of it: a status override it gets counts
    /// as used.
    private func answer(to request: Request) -> Answer {
        state.withLock { state in
            state.requests.append("\(request.method) \(request.path) \(request.headers["range"] ?? "")")
            var answer = Answer(
                memoryFile: state.files[request.path], redirect: state.redirects[request.path],
                gate: state.cookieGate, lengthsWithheld: state.lengthsWithheld)
            if let override = state.statusOverrides[request.path] {
                if override.passing == 0 {
                    answer.override = override.status
                } else {
                    state.statusOverrides[request.path] = (override.status, override.passing - 1)
                }
            }
            return answer
        }
    }

    /// Sends the response; `false` when the connection broke or was killed.
    private func respond(to request: Request, on fd: Int32, killCount: Int) -> Bool {
        let answer = answer(to: request)
        let (override, memoryFile, redirect, gate) = (
            answer.override, answer.memoryFile, answer.redirect, answer.gate
        )
        let connection = request.keepAlive ? "keep-alive" : "close"
        if let gate, request.path != gate.setBy, !Self.cookies(of: request).contains(gate.cookie) {
            return sendAll(fd, head(403, ["Content-Length": "0", "Connection": connection]))
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return sendAll(fd, head(405, ["Content-Length": "0", "Connection": connection]))
        }
        if let redirect, override == nil {
            let fields = ["Location": redirect.location, "Content-Length": "0", "Connection": connection]
            return sendAll(fd, head(redirect.status, fields))
        }
        if let override {
            return sendAll(fd, head(override, ["Content-Length": "0", "Connection": connection]))
        }
        guard let body = memoryFile ?? fileData(at: request.path) else {
            return sendAll(fd, head(404, ["Content-Length": "0", "Connection": connection]))
        }
        var fields = ["Content-Type": Self.contentType(of: request.path), "Connection": connection]
        if let gate, request.path == gate.setBy { fields["Set-Cookie"] = "\(gate.cookie); Path=/" }
        if answer.lengthsWithheld {
            fields["Transfer-Encoding"] = "chunked"
            guard sendAll(fd, head(200, fields)), request.method == "GET" else { return true }
            return sendBody(Array(body), of: request.path, on: fd, killCount: killCount, chunked: true)
        }
        fields["Accept-Ranges"] = "bytes"
        var status = 200
        var range = 0..<body.count
        if let header = request.headers["range"] {
            guard let requested = Self.byteRange(header, size: body.count) else {
                fields["Content-Range"] = "bytes */\(body.count)"
                fields["Content-Length"] = "0"
                return sendAll(fd, head(416, fields))
            }
            status = 206
            range = requested
            fields["Content-Range"] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(body.count)"
        }
        fields["Content-Length"] = "\(range.count)"
        guard sendAll(fd, head(status, fields)), request.method == "GET" else { return true }
        return sendBody(Array(body[range]), of: request.path, on: fd, killCount: killCount)
    }

    /// The `name=value` pairs of the request's `Cookie` header.
    private static func cookies(of request: Request) -> [String] {
        (request.headers["cookie"] ?? "").split(separator: ";").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    private func fileData(at path: String) -> Data? {
        guard let root, !path.split(separator: "/").contains("..") else { return nil }
        return try? Data(contentsOf: root.appendingPathComponent(String(path.drop { $0 == "/" })))
    }

    private func head(_ status: Int, _ fields: [String: String]) -> [UInt8] {
        let reasons = [
            200: "OK", 206: "Partial Content", 301: "Moved Permanently", 302: "Found",
            307: "Temporary Redirect", 308: "Permanent Redirect", 403: "Forbidden", 404: "Not Found",
            405: "Method Not Allowed",
            416: "Range Not Satisfiable", 500: "Internal Server Error",
        ]
        var fields = fields
        fields["Date"] = Self.httpDate(Date().timeIntervalSince1970 + state.withLock { $0.clockAhead })
        let lines = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)\r\n" }.joined()
        return Array("HTTP/1.1 \(status) \(reasons[status] ?? "Status")\r\n\(lines)\r\n".utf8)
    }

    /// `seconds` since 1970 as an HTTP date: "Thu, 26 Nov 2026 15:21:40 GMT".
    static func httpDate(_ seconds: Double) -> String {
        var time = time_t(seconds.rounded(.down))
        var fields = tm()
        gmtime_r(&time, &fields)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let day = days[Int(fields.tm_wday)]
        let month = months[Int(fields.tm_mon)]
        let date = String(format: "%02d", Int(fields.tm_mday))
        let clock = String(
            format: "%04d %02d:%02d:%02d", Int(fields.tm_year) + 1900, Int(fields.tm_hour),
            Int(fields.tm_min),
            Int(fields.tm_sec))
        return "\(day), \(date) \(month) \(clock) GMT"
    }

    /// "bytes=a-b", "bytes=a-" or "bytes=-n" as a range of a body of `size` bytes; `nil` when it
    /// cannot be satisfied.
    static func byteRange(_ header: String, size: Int) -> Range<Int>? {
        guard header.hasPrefix("bytes=") else { return nil }
        let bounds = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return nil }
        let first = Int(bounds[0])
        let last = Int(bounds[1])
        switch (first, last) {
        case (let first?, let last?) where first <= last && first < size: return first..<min(last + 1, size)
        case (let first?, nil) where bounds[1].isEmpty && first < size: return first..<size
        case (nil, let suffix?) where bounds[0].isEmpty && suffix > 0: return max(0, size - suffix)..<size
        default: return nil
        }
    }

    static func contentType(of path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "m3u8": "application/vnd.apple.mpegurl"
        case "m4s": "video/iso.segment"
        case "mp4": "video/mp4"
        case "ts": "video/mp2t"
        case "vtt": "text/vtt"
        case "srt": "application/x-subrip"
        default: "application/octet-stream"
        }
    }

    /// Sends the body of `path` in small pieces, obeying the throttle and stall settings between
    /// pieces; each a chunk of its own when `chunked`, then the last, empty one.
    private func sendBody(
        _ body: [UInt8], of path: String, on fd: Int32, killCount: Int, chunked: Bool = false
    )
        -> Bool
    {
        var offset = 0
        var ownFreeAt = 0.0
        while offset < body.count {
            let (rate, own, stalled, killed, leftBeforeStall) = state.withLock { state in
                if let stallAt = state.stallAt, state.bodyBytesSent >= stallAt {
                    state.stallAt = nil
                    state.stalled = true
                    state.stalledSince = MediaPlayer.now
                }
                return (
                    state.bytesPerSecond, state.ownRate(of: path), state.stalled,
                    state.killCount != killCount, state.stallAt.map { $0 - state.bodyBytesSent }
                )
            }
            if killed { return false }
            if stalled {
                usleep(5_000)
                continue
            }
            // With a throttle, pieces of rate / 50 bytes, each in its turn on the link that all
            // connections share (or on the path's own): 50 a second in all.
            let paced = own ?? rate
            let piece = min(
                body.count - offset, leftBeforeStall ?? .max, paced.map { max(1, $0 / 50) } ?? 16_384)
            if let paced {
                let now = ProcessInfo.processInfo.systemUptime
                let due = state.withLock { state -> Double in
                    let seconds = Double(piece) / Double(paced)
                    guard own == nil else {
                        ownFreeAt = max(ownFreeAt, now) + seconds
                        return ownFreeAt
                    }
                    state.linkFreeAt = max(state.linkFreeAt, now) + seconds
                    return state.linkFreeAt
                }
                usleep(UInt32(max(0, due - now) * 1_000_000))
            }
            let bytes = body[offset..<(offset + piece)]
            guard
                sendAll(
                    fd,
                    chunked ? Array("\(String(piece, radix: 16))\r\n".utf8) + bytes + [13, 10] : Array(bytes))
            else { return false }
            state.withLock { $0.bodyBytesSent += piece }
            offset += piece
        }
        return !chunked || sendAll(fd, Array("0\r\n\r\n".utf8))
    }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }
}
