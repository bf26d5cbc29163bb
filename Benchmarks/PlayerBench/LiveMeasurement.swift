import Foundation
import VideoPlayerContainer
import VideoPlayerFixtures

/// The full stack (``BenchStage``) following a live stream of the streaming scenario's three
/// renditions for a while: an HLS ladder (``LiveHLSStream``: a sliding window of 6 one-second
/// segments, one more listed each second) or a DASH presentation (``LiveDASHTemplateStream``: its
/// segments counted from the clock, 6 in its window). Measured: startup time, how far behind the
/// live edge it plays (sampled every frame once the picture shows), stalls, and the bytes fetched
/// over those of the segments fetched.
@MainActor
struct LiveMeasurement {
    /// How the live stream is served.
    enum Kind: Sendable {
        case hls, dash
    }

    /// A live stream, not growing yet, and the bytes its segments need.
    struct Stream: Sendable {
        let live: any GrowingLiveStream
        /// The bytes of the segments fetched so far, each once: of the rendition fetched last for
        /// it, or of the one `height` high; the sound's too, when it has segments of its own.
        let neededBytes: @Sendable (_ height: Int?) -> Int
    }

    let kind: Kind
    let smoke: Bool
    let cache: URL

    /// Seconds the stream is followed once its picture shows.
    nonisolated static func following(smoke: Bool) -> Double { smoke ? 6 : 20 }

    /// The `kind` of live stream, with segments for `following` seconds and 20 more.
    nonisolated static func stream(_ kind: Kind, following: Double, cache: URL) throws(BenchError) -> Stream {
        let clip = ClipSpec(width: 320, height: 240, frameRate: 30, gopSeconds: 1, tone: ClipSpec.Tone())
        do {
            switch kind {
            case .hls:
                let stream = try LiveHLSStream(
                    duration: following + 20, ladder: StreamingLadder.heights, clip: clip, bitsPerPixel: 12,
                    cache: cache)
                return Stream(live: stream) { height in
                    StreamingLadder.neededBytes(
                        of: stream.server.requests, in: stream.root, segments: 0..<stream.growth.segmentCount,
                        playing: height)
                }
            case .dash:
                let stream = try LiveDASHTemplateStream(
                    duration: following + 20, heights: StreamingLadder.heights, clip: clip, bitsPerPixel: 12,
                    cache: cache)
                return Stream(live: stream) { height in Self.neededBytes(of: stream, playing: height) }
            }
        } catch {
            throw .clipUnavailable("\(error)")
        }
    }

    /// The bytes of the segments of `stream` fetched so far: for each number, the picture's
    /// segment of the representation fetched last to its end for it (or of the one `height` high),
    /// and each of the sound's fetched. A glimpse, a segment's first bytes only, plays nothing.
    nonisolated static func neededBytes(of stream: LiveDASHTemplateStream, playing height: Int?) -> Int {
        var pictures: [Int: String] = [:]
        var sounds: Set<String> = []
        for request in stream.server.requests where LocalHTTPServer.readsToTheEnd(request) {
            guard let (representation, number) = LiveDASHTemplateStream.segment(fetchedBy: request) else {
                continue
            }
            if stream.audioRepresentations.contains(representation) {
                sounds.insert(stream.segmentFile(representation: representation, number: number).path)
            } else {
                pictures[number] = representation
            }
        }
        let chosen = height.flatMap { stream.videoRepresentations[$0] }
        let files =
            pictures.map { stream.segmentFile(representation: chosen ?? $0.value, number: $0.key).path }
            + sounds
        return files.reduce(0) { $0 + StreamingLadder.fileBytes(atPath: $1) }
    }

    func run() throws(BenchError) -> Metrics {
        let following = Self.following(smoke: smoke)
        let stream = try Self.stream(kind, following: following, cache: cache)
        defer { stream.live.stop() }
        let stage = try BenchStage(configuration: PlayerConfiguration(), title: "live")
        defer { stage.close() }
        let player = stage.player
        stream.live.startGrowing()
        player.load(MediaItem(url: stream.live.url), autoplay: true)
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
        let needed = stream.neededBytes(nil)
        if needed > 0 { metrics[.liveBytesRatio] = Double(stream.live.server.bodyBytesSent) / Double(needed) }
        return metrics
    }
}
