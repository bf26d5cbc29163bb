import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// The cookies servers set, kept and sent back to the same host and path, as a browser does.
@Suite struct HTTPCookieJarTests {
    /// A second playlist of a server that refuses requests without the cookie the first answer set.
    @Test func aCookieAnAnswerSetsGoesBackToItsServer() throws {
        let value = UUID().uuidString
        let playlist = Data("#EXTM3U\n".utf8)
        let server = LocalHTTPServer(files: ["/a.m3u8": playlist, "/b.m3u8": playlist])
        server.requireCookie(name: "token", value: value, setBy: "/a.m3u8")
        try server.start()
        defer { server.stop() }
        let interrupt = InterruptGuard()
        _ = try HLSPlaylistFetch.read(
            server.url(for: "/a.m3u8").absoluteString, timeout: 2, interrupt: interrupt)
        #expect(
            HTTPCookieJar.shared.cookies(for: server.url(for: "/").absoluteString).contains(
                "token=\(value); Path=/"))
        _ = try HLSPlaylistFetch.read(
            server.url(for: "/b.m3u8").absoluteString, timeout: 2, interrupt: interrupt)
    }

    @Test func aCookieGoesOnlyWhereItsDomainPathAndSchemeSay() {
        let jar = HTTPCookieJar()
        // No Domain: the host that set it alone; no Path: the folder of the URL that set it.
        jar.absorb(["a=1"], setBy: "http://cdn.example.com/hls/master.m3u8")
        #expect(jar.cookies(for: "http://cdn.example.com/hls/720p/segment0.ts") == ["a=1; path=/hls"])
        #expect(jar.cookies(for: "http://other.example.com/hls/segment0.ts").isEmpty)
        #expect(jar.cookies(for: "file:///hls/segment0.ts").isEmpty)
        // A Domain: its subdomains too, and no other site.
        jar.absorb(["b=2; Domain=.example.com; Path=/"], setBy: "http://cdn.example.com/x")
        #expect(jar.cookies(for: "http://img.example.com/") == ["b=2; Path=/"])
        #expect(jar.cookies(for: "http://example.com/") == ["b=2; Path=/"])
        #expect(jar.cookies(for: "http://badexample.com/").isEmpty)
        // Secure: HTTPS only.
        jar.absorb(["c=3; Path=/; Secure"], setBy: "https://media.example.net/")
        #expect(jar.cookies(for: "http://media.example.net/").isEmpty)
        #expect(jar.cookies(for: "https://media.example.net/") == ["c=3; Path=/; Secure"])
        // The same name, domain and path: the new value replaces the old.
        jar.absorb(["a=9"], setBy: "http://cdn.example.com/hls/other.m3u8")
        #expect(jar.cookies(for: "http://cdn.example.com/hls/x.ts") == ["b=2; Path=/", "a=9; path=/hls"])
    }

    /// A cookie lasts until its Max-Age, or without one until its Expires; one set expired deletes
    /// the one kept, as a server logs out.
    @Test func aCookieLastsUntilItExpiresAndOneSetExpiredDeletesIt() {
        let jar = HTTPCookieJar()
        let now = HTTPServerDate.seconds(ofHTTPDate: "Thu, 26 Nov 2026 15:21:40 GMT")!
        jar.absorb(
            [
                "short=1; Path=/; Max-Age=60", "dated=2; Path=/; Expires=Thu, 26 Nov 2026 16:21:40 GMT",
                "both=3; Path=/; Max-Age=10; Expires=Fri, 27 Nov 2026 15:21:40 GMT",
                "dashed=4; Path=/; Expires=Thu, 26-Nov-2026 15:51:40 GMT", "session=5; Path=/",
            ], setBy: "http://example.com/", now: now)
        let names = { (at: Double) in
            jar.cookies(for: "http://example.com/", now: at).map { String($0.prefix { $0 != "=" }) }
        }
        #expect(names(now) == ["short", "dated", "both", "dashed", "session"])
        #expect(names(now + 30) == ["short", "dated", "dashed", "session"], "Max-Age wins over Expires")
        #expect(names(now + 1_800) == ["dated", "session"])
        #expect(names(now + 3_600) == ["session"])
        jar.absorb(
            ["session=gone; Path=/; Max-Age=0", "dated=gone; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT"],
            setBy: "http://example.com/", now: now)
        #expect(names(now) == ["short", "both", "dashed"])
    }

    @Test func linesThatAreNoCookiesAreLeftOutAndTheOldestGiveWay() {
        let jar = HTTPCookieJar()
        let huge = "big=" + String(repeating: "x", count: HTTPCookieJar.longestLine)
        jar.absorb(["=nameless", "no-value-at-all", huge, ""], setBy: "http://example.com/")
        #expect(jar.cookies(for: "http://example.com/").isEmpty)
        // A server sets no cookie for another site, nor for a whole top-level domain.
        jar.absorb(
            ["x=1; Domain=other.org; Path=/", "y=2; Domain=com; Path=/"], setBy: "http://cdn.example.com/")
        #expect(
            jar.cookies(for: "http://other.org/").isEmpty
                && jar.cookies(for: "http://cdn.example.com/").isEmpty)
        jar.absorb((0..<(HTTPCookieJar.capacity + 6)).map { "n\($0)=v" }, setBy: "http://example.com/")
        let kept = jar.cookies(for: "http://example.com/")
        #expect(kept.count == HTTPCookieJar.capacity)
        #expect(kept.first == "n6=v; path=/")
    }
}
