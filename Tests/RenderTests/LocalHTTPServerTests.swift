import CFFmpeg
import Foundation
import Testing
import VideoPlayerRender
import VideoPlayerTestSupport

@Suite struct LocalHTTPServerTests {
    // NB: computed, not a stored global: LeakSanitizer cannot follow the packed reference of a
    // global `Data` and reports its buffer as leaked at exit.
    static var body: Data { Data((0..<10_000).map { UInt8($0 % 256) }) }

    static func server() throws -> LocalHTTPServer {
        let server = LocalHTTPServer(files: ["/clip.mp4": body, "/list.m3u8": Data("#EXTM3U\n".utf8)])
        try server.start()
        return server
    }

    @Test func servesWholeFilesWithLengthAndTypeOnAKeptAliveConnection() throws {
        let server = try Self.server()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let clip = try connection.get("/clip.mp4")
        #expect(clip.status == 200)
        #expect(clip.headers["content-length"] == "10000")
        #expect(clip.headers["content-type"] == "video/mp4")
        #expect(Data(clip.body) == Self.body)
        let playlist = try connection.get("/list.m3u8")
        #expect(playlist.headers["content-type"] == "application/vnd.apple.mpegurl")
        #expect(String(decoding: playlist.body, as: UTF8.self) == "#EXTM3U\n")
        #expect(try connection.get("/missing.ts").status == 404)
        #expect(try connection.get("/clip.mp4", method: "HEAD").headers["content-length"] == "10000")
    }

    @Test func rangeRequestsGetPartialContent() throws {
        let server = try Self.server()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        let middle = try connection.get("/clip.mp4", headers: ["Range": "bytes=100-199"])
        #expect(middle.status == 206)
        #expect(middle.headers["content-range"] == "bytes 100-199/10000")
        #expect(Data(middle.body) == Self.body[100..<200])
        let tail = try connection.get("/clip.mp4", headers: ["Range": "bytes=9990-"])
        #expect(Data(tail.body) == Self.body[9990...])
        let suffix = try connection.get("/clip.mp4", headers: ["Range": "bytes=-5"])
        #expect(Data(suffix.body) == Self.body[9995...])
        #expect(try connection.get("/clip.mp4", headers: ["Range": "bytes=20000-"]).status == 416)
    }

    @Test func aRequestReadsToTheEndUnlessItsRangeEndsBefore() throws {
        let server = try Self.server()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: server.port)
        for range in [nil, "bytes=0-", "bytes=9990-", "bytes=-5", "bytes=0-8191", "bytes=100-199"] {
            _ = try connection.get("/clip.mp4", headers: range.map { ["Range": $0] } ?? [:])
        }
        #expect(server.requests.map(LocalHTTPServer.readsToTheEnd) == [true, true, true, true, false, false])
    }

    @Test func statusOverrideAppliesUntilCleared() throws {
        let server = try Self.server()
        defer { server.stop() }
        server.overrideStatus(500, for: "/clip.mp4")
        #expect(try RawHTTPConnection(port: server.port).get("/clip.mp4").status == 500)
        server.overrideStatus(nil, for: "/clip.mp4")
        #expect(try RawHTTPConnection(port: server.port).get("/clip.mp4").status == 200)
    }

    @Test func throttleSlowsTheBody() throws {
        let server = try Self.server()
        defer { server.stop() }
        server.throttle(bytesPerSecond: 20_000)
        let started = ContinuousClock.now
        let response = try RawHTTPConnection(port: server.port).get("/clip.mp4")
        #expect(response.isComplete)
        #expect(ContinuousClock.now - started > .milliseconds(400))
    }

    @Test func stallHoldsTheBodyUntilResumedAndKillDropsIt() throws {
        let server = try Self.server()
        defer { server.stop() }
        server.throttle(bytesPerSecond: 50_000)
        let stalledBody = Locked<RawHTTPConnection.Response?>(nil)
        let port = server.port
        server.spawn {
            let response = try? RawHTTPConnection(port: port).get("/clip.mp4")
            stalledBody.withLock { $0 = response }
        }
        usleep(60_000)
        server.stall()
        let sentAtStall = server.bodyBytesSent
        usleep(150_000)
        #expect(server.bodyBytesSent - sentAtStall <= 1_000, "at most one piece after the stall")
        #expect(stalledBody.withLock { $0 } == nil)
        server.killConnections()
        server.resume()
        let deadline = ContinuousClock.now + .seconds(3)
        while stalledBody.withLock({ $0 }) == nil, ContinuousClock.now < deadline { usleep(10_000) }
        let response = stalledBody.withLock { $0 }
        #expect(response?.status == 200)
        #expect(response?.isComplete == false)
        #expect((response?.body.count ?? 0) < Self.body.count)
        #expect(try RawHTTPConnection(port: port).get("/clip.mp4").isComplete, "new connections still work")
    }

    @Test func aStallAfterSendingACountOfBytesHoldsTheRestOfTheBody() throws {
        let server = try Self.server()
        defer { server.stop() }
        server.stall(afterSending: 2_500)
        #expect(server.stalledSince == nil)
        let stalledBody = Locked<RawHTTPConnection.Response?>(nil)
        let port = server.port
        server.spawn {
            let response = try? RawHTTPConnection(port: port).get("/clip.mp4")
            stalledBody.withLock { $0 = response }
        }
        let deadline = ContinuousClock.now + .seconds(3)
        while server.stalledSince == nil, ContinuousClock.now < deadline { usleep(5_000) }
        #expect(server.stalledSince != nil)
        usleep(100_000)
        #expect(server.bodyBytesSent == 2_500)
        #expect(stalledBody.withLock { $0 } == nil)
        server.resume()
        while stalledBody.withLock({ $0 }) == nil, ContinuousClock.now < deadline { usleep(5_000) }
        #expect(stalledBody.withLock { $0 }.map { Data($0.body) } == Self.body, "the rest follows a resume")
    }

    @Test func restartListensOnTheSamePort() throws {
        let server = try Self.server()
        let port = server.port
        server.stop()
        #expect(throws: (any Error).self) { try RawHTTPConnection(port: port) }
        try server.start()
        defer { server.stop() }
        #expect(server.port == port)
        #expect(try RawHTTPConnection(port: port).get("/clip.mp4").status == 200)
    }

    @Test func libavformatPlaysTheHLSCorpusThroughTheServer() throws {
        guard let playlist = SharedMedia.url("hls/multi-segment/playlist.m3u8") else { return }
        let server = LocalHTTPServer(root: playlist.deletingLastPathComponent())
        try server.start()
        defer { server.stop() }
        let probe = try MediaProbe(server.url(for: "/playlist.m3u8").absoluteString)
        #expect(abs(probe.duration - 1.05) < 0.1)
        let packets = try probe.readPackets()
        let video = try #require(probe.streamIndex(of: AVMEDIA_TYPE_VIDEO))
        let lastVideo = packets.filter { $0.streamIndex == video }.compactMap(\.time).max() ?? 0
        #expect(lastVideo > 0.9, "packets reach the end of the second segment")
        let requested = server.requests.map { $0.split(separator: " ")[1] }
        #expect(requested.contains("/playlist0.m4s") && requested.contains("/playlist1.m4s"))
    }

    @Test func libavformatReportsAnOverriddenPlaylistStatusAsAnError() throws {
        guard let playlist = SharedMedia.url("hls/multi-segment/playlist.m3u8") else { return }
        let server = LocalHTTPServer(root: playlist.deletingLastPathComponent())
        try server.start()
        defer { server.stop() }
        server.overrideStatus(404, for: "/playlist.m3u8")
        #expect(throws: (any Error).self) { try MediaProbe(server.url(for: "/playlist.m3u8").absoluteString) }
    }

    @Test func aLiveDASHSegmentRequestNamesItsRepresentationAndNumber() {
        let segment = LiveDASHTemplateStream.segment(fetchedBy:)
        #expect(segment("GET /chunk-stream2-00007.m4s bytes=0-") ?? ("", -1) == ("2", 6))
        #expect(segment("GET /chunk-stream10-00001.m4s ") ?? ("", -1) == ("10", 0))
        for other in [
            "GET /chunk-stream2-7.m4s ", "GET /chunk-stream2-00000.m4s ", "GET /init-stream2.m4s ",
            "GET /live.mpd ", "GET /a/chunk-stream2-00007.m4s ", "GET /chunk-stream-00007.m4s ",
        ] {
            #expect(segment(other) == nil, "\(other)")
        }
    }
}
