import Foundation
import Testing

@testable import VideoPlayerRender

#if canImport(Glibc)
    import Glibc
#endif

extension PlayerTests {
    @Suite @MainActor
    struct PlayerNetworkTests {
        @Test func aClosedPortFailsWithRefusedQuickly() async throws {
            let harness = PlayerHarness(networkTimeout: 2)
            let started = MediaPlayer.now
            harness.player.load(MediaItem(url: try #require(URL(string: "http://127.0.0.1:9/clip.mp4"))))
            #expect(await harness.wait(timeout: 3) { harness.isFinished })
            #expect(MediaPlayer.now - started < 2.5)
            #expect(harness.player.status == .failed(.network(.refused)))
            #expect(harness.errors == [.network(.refused)])
            await harness.close()
        }

        @Test func aServerThatNeverAnswersTimesOutWithinTheConfiguredTimeout() async throws {
            let listener = try SilentListener()
            let harness = PlayerHarness(networkTimeout: 1)
            let started = MediaPlayer.now
            harness.player.load(
                MediaItem(url: try #require(URL(string: "http://127.0.0.1:\(listener.port)/x.mp4"))))
            #expect(await harness.wait(timeout: 4) { harness.isFinished })
            let elapsed = MediaPlayer.now - started
            #expect(elapsed > 0.9 && elapsed < 3, "failed after \(elapsed) s")
            #expect(harness.player.status == .failed(.network(.timeout)))
            await harness.close()
        }

        @Test func closingAbortsAStalledOpenAtOnce() async throws {
            let listener = try SilentListener()
            let harness = PlayerHarness(networkTimeout: 30)
            harness.player.load(
                MediaItem(url: try #require(URL(string: "http://127.0.0.1:\(listener.port)/x.mp4"))))
            await harness.wait(timeout: 0.3) { false }
            let session = try #require(harness.player.session)
            let started = MediaPlayer.now
            await harness.close()
            #expect(MediaPlayer.now - started < 1)
            #expect(session.runtime.withLock { $0.threads }.allSatisfy { $0.isFinished })
            #expect(!harness.events.contains { if case .error = $0 { true } else { false } })
        }
    }
}

/// A TCP socket on 127.0.0.1 that accepts connections into its backlog and never answers.
final class SilentListener {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            close(descriptor)
            throw PlayerError.io("cannot listen on 127.0.0.1")
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
