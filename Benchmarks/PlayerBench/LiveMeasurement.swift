import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// The full stack (``BenchStage``) following a live HLS ladder (``LiveHLSStream``: a sliding
/// window of 6 one-second segments of the streaming scenario's three renditions, one more listed
/// each second) for a while: startup time, how far behind the live edge it plays (sampled every
/// frame once the picture shows), stalls, and the bytes fetched over those of the segments fetched.
@MainActor
struct LiveMeasurement {
    let smoke: Bool
    let cache: URL

    /// Seconds the stream is followed once its picture shows.
    nonisolated static func following(smoke: Bool) -> Double { smoke ? 6 : 20 }

    /// The live stream, not growing yet, with segments for `following` seconds and 20 more.
    nonisolated static func stream(following: Double, cache: URL) throws(BenchError) -> LiveHLSStream {
        do {
            return try LiveHLSStream(
                duration: following + 20, ladder: StreamingLadder.heights,
                clip: ClipSpec(width: 320, height: 240, frameRate: 30, gopSeconds: 1, tone: ClipSpec.Tone()),
                bitsPerPixel: 12, cache: cache)
        } catch {
            throw .clipUnavailable("\(error)")
        }
    }

    func run() throws(BenchError) -> Metrics {
        let following = Self.following(smoke: smoke)
        let stream = try Self.stream(following: following, cache: cache)
        defer { stream.stop() }
        let stage = try BenchStage(configuration: PlayerConfiguration(), title: "live")
        defer { stage.close() }
        let player = stage.player
        stream.startGrowing()
        player.load(MediaItem(url: stream.url), autoplay: true)
        var latencies: [Double] = []
        var followedFrom: Double?
        try stage.run(timeout: following + 30, waitingFor: "\(following) s of the live stream") { _ in
            guard player.status == .playing, player.isLive, let latency = player.liveLatency else {
                return false
            }
            let now = ProcessInfo.processInfo.systemUptime
            followedFrom = followedFrom ?? now
            latencies.append(latency)
            return now - (followedFrom ?? now) >= following
        }
        let statistics = player.statistics
        var metrics = Metrics()
        metrics.setMilliseconds(.liveStartupMs, statistics.startupSeconds)
        metrics[.liveLatencyMedianSeconds] = Statistics.median(latencies)
        metrics[.liveLatencyMaxSeconds] = latencies.max()
        metrics[.liveStalls] = Double(statistics.stallCount)
        let needed = StreamingLadder.neededBytes(
            of: stream.server.requests, in: stream.root, segments: 0..<stream.growth.segmentCount)
        if needed > 0 { metrics[.liveBytesRatio] = Double(stream.server.bodyBytesSent) / Double(needed) }
        return metrics
    }
}
