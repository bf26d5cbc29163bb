import Foundation
import Glibc
import VideoPlayerTestSupport

/// A minimal blocking HTTP/1.1 client on one socket, to see exactly what `LocalHTTPServer` sends:
/// statuses, headers, partial bodies and dropped connections. Reads time out after 5 seconds.
final class RawHTTPConnection {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        /// Whether the whole Content-Length arrived before the connection ended.
        var isComplete: Bool
    }

    private let fd: Int32
    private var pending: [UInt8] = []

    init(port: UInt16) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
        guard connected else {
            close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
    }

    deinit {
        close(fd)
    }

    /// Sends a GET (or `method`) for `path` and reads the response.
    func get(
        _ path: String, method: String = "GET", headers: [String: String] = [:], keepAlive: Bool = true
    ) throws -> Response {
        var lines = [
            "\(method) \(path) HTTP/1.1", "Host: 127.0.0.1",
            "Connection: \(keepAlive ? "keep-alive" : "close")",
        ]
        lines += headers.map { "\($0.key): \($0.value)" }
        let request = Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
        guard
            request.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
                == request.count
        else {
            throw POSIXError(.EPIPE)
        }
        return try readResponse(hasBody: method != "HEAD")
    }

    private func readResponse(hasBody: Bool) throws -> Response {
        while pending.firstRange(of: [13, 10, 13, 10]) == nil {
            guard try fill() else { throw POSIXError(.ECONNRESET) }
        }
        guard let end = pending.firstRange(of: [13, 10, 13, 10]) else { throw POSIXError(.EPROTO) }
        let lines = String(decoding: pending[..<end.lowerBound], as: UTF8.self).components(
            separatedBy: "\r\n")
        pending.removeSubrange(..<end.upperBound)
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        let length = hasBody ? Int(headers["content-length"] ?? "0") ?? 0 : 0
        while pending.count < length, try fill() {}
        let body = Array(pending.prefix(length))
        pending.removeFirst(body.count)
        return Response(status: status, headers: headers, body: body, isComplete: body.count == length)
    }

    /// Reads more bytes; `false` at the end of the stream (or when the server dropped it).
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count < 0, errno == EAGAIN { throw POSIXError(.ETIMEDOUT) }
        guard count > 0 else { return false }
        pending.append(contentsOf: chunk[..<count])
        return true
    }
}
