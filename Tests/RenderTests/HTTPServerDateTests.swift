import CFFmpeg
import Foundation
import Testing
import VideoPlayerFixtures

@testable import VideoPlayerRender

/// A server's clock read over HTTPS, as DASH's `http-head` timing reads it: a TLS listener of
/// libavformat's on 127.0.0.1, with a certificate made for the test, answers the `HEAD` request.
@Suite struct HTTPServerDateTests {
    /// One TLS connection accepted on a port, its request read and answered with `answer`.
    final class TLSAnswer: Sendable {
        private struct State {
            var reached = false
            var request = ""
        }
        private let state = Locked(State())
        private let finished = DispatchSemaphore(value: 0)

        /// Whether a client came and its handshake was done.
        var reached: Bool { state.withLock { $0.reached } }
        /// What the client wrote, up to the end of its header.
        var request: String { state.withLock { $0.request } }

        /// Listens on `port` on a thread of its own, for up to 10 seconds, with the certificate
        /// and key in the PEM files `certificate` and `key`.
        init(port: UInt16, certificate: String, key: String, answer: String) {
            Thread.detachNewThread { [self] in
                defer { finished.signal() }
                var options: OpaquePointer?
                defer { av_dict_free(&options) }
                for (name, value) in [
                    ("listen", "1"), ("cert_file", certificate), ("key_file", key),
                    ("listen_timeout", "10000"),
                    ("rw_timeout", "10000000"),
                ] {
                    av_dict_set(&options, name, value, 0)
                }
                var handle: UnsafeMutablePointer<AVIOContext>?
                guard
                    avio_open2(&handle, "tls://127.0.0.1:\(port)", AVIO_FLAG_READ_WRITE, nil, &options) >= 0,
                    let context = handle
                else { return }
                defer { avio_closep(&handle) }
                state.withLock { $0.reached = true }
                var request: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 1024)
                while request.firstRange(of: Array("\r\n\r\n".utf8)) == nil, request.count < 16 * 1024 {
                    let count = chunk.withUnsafeMutableBufferPointer {
                        avio_read_partial(context, $0.baseAddress, Int32($0.count))
                    }
                    guard count > 0 else { break }
                    request += chunk.prefix(Int(count))
                }
                state.withLock { $0.request = String(decoding: request, as: UTF8.self) }
                let bytes = Array(answer.utf8)
                avio_write(context, bytes, Int32(bytes.count))
                avio_flush(context)
            }
        }

        /// Waits for the connection to end, or the listener to give up.
        func wait() { finished.wait() }
    }

    /// A self-signed certificate for 127.0.0.1 and its key, made by openssl in `folder`.
    static func certificate(in folder: TemporaryDirectory) throws -> (certificate: String, key: String) {
        let (certificate, key) = (folder.file("cert.pem").path, folder.file("key.pem").path)
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certificate, "-days",
            "1",
            "-subj", "/CN=127.0.0.1",
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
        return (certificate, key)
    }

    /// A port of 127.0.0.1 that was free a moment ago: one the loopback server listened on.
    static func freePort() throws -> UInt16 {
        let server = LocalHTTPServer()
        try server.start()
        server.stop()
        return server.port
    }

    /// The clock of `url` read while `answer` is the TLS listener's answer on `port`: asked again
    /// until the listener, which starts on a thread of its own, is reached.
    static func clock(
        of url: String, port: UInt16, answering answer: String
    ) throws -> (seconds: Double?, request: String) {
        let folder = try TemporaryDirectory()
        defer { withExtendedLifetime(folder) {} }
        let files = try certificate(in: folder)
        let listener = TLSAnswer(port: port, certificate: files.certificate, key: files.key, answer: answer)
        var seconds: Double?
        for _ in 0..<200 {
            seconds = HTTPServerDate.read(url, timeout: 5, interrupt: InterruptGuard())
            if listener.reached { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        listener.wait()
        try #require(listener.reached, "the TLS listener was never reached")
        return (seconds, listener.request)
    }

    @Test func theDateOfAServerIsReadOverTLS() throws {
        let port = try Self.freePort()
        let (seconds, request) = try Self.clock(
            of: "https://127.0.0.1:\(port)/time?zone=utc", port: port,
            answering: "HTTP/1.1 200 OK\r\nServer: test\r\nDate: Thu, 26 Nov 2026 12:00:00 GMT\r\n\r\n")
        #expect(seconds == HTTPServerDate.seconds(ofHTTPDate: "Thu, 26 Nov 2026 12:00:00 GMT"))
        #expect(
            request == "HEAD /time?zone=utc HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
    }

    /// An answer over TLS that tells no date, or is not HTTP, and a server that speaks no TLS,
    /// give no clock, without waiting past the timeout.
    @Test(arguments: ["HTTP/1.1 200 OK\r\nServer: test\r\n\r\n", "SSH-2.0-OpenSSH\r\n\r\n", ""])
    func anAnswerWithoutADateGivesNoClock(answer: String) throws {
        let port = try Self.freePort()
        let (seconds, request) = try Self.clock(
            of: "https://127.0.0.1:\(port)/", port: port, answering: answer)
        #expect(seconds == nil)
        #expect(request.hasPrefix("HEAD / HTTP/1.1\r\n"))
    }

    @Test func aServerThatSpeaksNoTLSGivesNoClock() throws {
        let server = LocalHTTPServer()
        try server.start()
        defer { server.stop() }
        #expect(
            HTTPServerDate.read("https://127.0.0.1:\(server.port)/", timeout: 2, interrupt: InterruptGuard())
                == nil)
        // Over plain HTTP, the same server tells its clock.
        let seconds = try #require(
            HTTPServerDate.read("http://127.0.0.1:\(server.port)/", timeout: 2, interrupt: InterruptGuard()))
        #expect(abs(seconds - Date().timeIntervalSince1970) < 5)
    }
}
