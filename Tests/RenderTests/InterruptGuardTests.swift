import Foundation
import Testing
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// The guards that stop FFmpeg's blocking I/O, and what a read they stopped fails with.
@Suite struct InterruptGuardTests {
    @Test func aGuardOfAnotherIsStoppedWithItButNotTheOtherWayRound() {
        let session = InterruptGuard()
        let (reading, next) = (InterruptGuard(parent: session), InterruptGuard(parent: session))
        reading.abort()
        #expect(reading.interrupts && !session.interrupts && !next.interrupts)
        session.fail(with: .network(.liveStreamStalled))
        #expect(next.interrupts && next.failure == .network(.liveStreamStalled))
        session.abort()
        #expect(InterruptGuard(parent: session).isAborted)
    }

    @Test func aPlaylistFetchStoppedByAFailureFailsWithIt() throws {
        let server = LocalHTTPServer(files: ["/live.m3u8": Data("#EXTM3U\n".utf8)])
        try server.start()
        defer { server.stop() }
        let session = InterruptGuard()
        session.fail(with: .network(.liveStreamStalled))
        let url = server.url(for: "/live.m3u8").absoluteString
        #expect(throws: PlayerError.network(.liveStreamStalled)) {
            try HLSPlaylistFetch.read(url, timeout: 2, interrupt: InterruptGuard(parent: session))
        }
        // Aborted, as when the player closes: it fails as libavformat says.
        let closed = InterruptGuard()
        closed.abort()
        #expect(throws: PlayerError.self) { try HLSPlaylistFetch.read(url, timeout: 2, interrupt: closed) }
    }
}
