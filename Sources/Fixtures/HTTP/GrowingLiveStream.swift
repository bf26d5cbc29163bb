import Foundation
import VideoPlayerRender

/// A live stream on the loopback server whose packager lists one more segment every second of
/// real time (``LiveHLSStream``, ``LiveDASHStream``): it writes its playlists or manifest again
/// in ``publish()`` from its ``growth``.
public protocol GrowingLiveStream: AnyObject, Sendable {
    var server: LocalHTTPServer { get }
    var growth: LiveGrowth { get }
    /// What a player loads.
    var url: URL { get }
    /// Writes the playlists or the manifest as ``growth`` says.
    func publish()
}

extension GrowingLiveStream {
    /// The number of the last segment listed.
    public var lastSegment: Int { growth.last }

    /// Adds a segment every second from now on, until ``stopGrowing()`` or ``end()``.
    public func startGrowing() {
        growth.start { [weak self] in self?.publish() }
    }

    /// Leaves the playlists or manifest as they are, as a packager that got stuck.
    public func stopGrowing() { growth.stop() }

    /// Ends the stream: no segment will follow.
    public func end() {
        growth.end()
        publish()
    }

    public func stop() {
        growth.stop()
        server.stop()
    }
}

/// The last segment a live packager listed, one more each second while it grows, and whether
/// the stream ended.
public final class LiveGrowth: Sendable {
    private let state: Locked<(last: Int, ended: Bool)>
    /// How many segments the stream has in all.
    public let segmentCount: Int
    private let ticking = Locked<Task<Void, Never>?>(nil)

    /// - Parameter last: the last segment listed at first, of `segmentCount` (from 0).
    public init(last: Int, of segmentCount: Int) {
        state = Locked((last, false))
        self.segmentCount = segmentCount
    }

    public var last: Int { state.withLock { $0.last } }
    public var ended: Bool { state.withLock { $0.ended } }

    /// Lists one more segment every second, calling `grown` after each, until ``stop()``, the
    /// end, or the last segment.
    public func start(_ grown: @escaping @Sendable () -> Void) {
        let task = Task.detached { [state, segmentCount] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: 1_000_000_000)
                guard !Task.isCancelled else { return }
                let added = state.withLock { state -> Bool in
                    guard !state.ended, state.last + 1 < segmentCount else { return false }
                    state.last += 1
                    return true
                }
                if added { grown() }
            }
        }
        ticking.withLock { $0 = task }
    }

    public func stop() {
        ticking.withLock {
            $0?.cancel()
            $0 = nil
        }
    }

    public func end() {
        stop()
        state.withLock { $0.ended = true }
    }
}
