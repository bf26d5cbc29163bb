import Foundation
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// A live HLS stream on the loopback server: the segments of a video-on-demand encoding of 1 s
/// each, listed in a sliding window that gains one segment per second of real time, as a live
/// packager's playlist does.
final class LiveHLSStream: Sendable {
    let server: LocalHTTPServer
    /// Segments the window lists.
    let windowLength: Int
    /// The sequence number of the window's first segment when the stream starts.
    let firstSequence: Int
    private let segmentCount: Int
    private let publishing = Locked<Task<Void, Never>?>(nil)
    private let last: Locked<Int>

    static let playlistPath = "/live.m3u8"

    /// - Parameter startingAt: the sequence number of the last segment listed at first.
    init(duration: Double = 40, windowLength: Int = 6, startingAt lastSegment: Int = 9) throws {
        let vod = try TestMedia.cachedHLS(ClipSpec(duration: duration), segmentDuration: 1)
        server = LocalHTTPServer(root: vod.deletingLastPathComponent())
        self.windowLength = windowLength
        segmentCount = Int(duration)
        firstSequence = max(0, lastSegment - windowLength + 1)
        last = Locked(lastSegment)
        publish()
        try server.start()
    }

    var url: URL { server.url(for: Self.playlistPath) }

    /// The sequence number of the last segment listed.
    var lastSegment: Int { last.withLock { $0 } }

    /// Adds a segment every second from now on, until ``stopGrowing()``.
    func startGrowing() {
        let task = Task.detached { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 1_000_000_000)
                guard !Task.isCancelled else { return }
                let grown = last.withLock { last -> Bool in
                    guard last + 1 < segmentCount else { return false }
                    last += 1
                    return true
                }
                if grown { publish() }
            }
        }
        publishing.withLock { $0 = task }
    }

    /// Leaves the playlist as it is, as a packager that got stuck.
    func stopGrowing() {
        publishing.withLock {
            $0?.cancel()
            $0 = nil
        }
    }

    func stop() {
        stopGrowing()
        server.stop()
    }

    private func publish() {
        let last = lastSegment
        let first = max(0, last - windowLength + 1)
        var lines = [
            "#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:1", "#EXT-X-MEDIA-SEQUENCE:\(first)",
        ]
        for index in first...last { lines += ["#EXTINF:1.000000,", "segment\(index).ts"] }
        server.setFile(Self.playlistPath, Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
