import Foundation
import VideoPlayerFixtures
import VideoPlayerRender

/// The streaming scenario's stream: an HLS ladder of three renditions on the loopback server, whose
/// throughput follows a schedule: free, then capped between the two lower renditions' bit rates
/// (the player should step down without a stall), then free again (and step back up).
///
/// Both the worker and ffplay play it, each with a server of its own.
final class StreamingLadder: Sendable {
    static let heights = [240, 180, 120]
    let server: LocalHTTPServer
    let folder: URL
    let duration: Double
    /// Each rendition's declared bit rate, by height.
    let bitRates: [Int: Int]
    /// The seconds from the start at which the cap begins and ends.
    let capped: Range<Double>

    init(smoke: Bool, cache: URL) throws(BenchError) {
        duration = smoke ? 8 : 24
        capped = smoke ? 2.5..<5.5 : 4..<16
        let spec = ClipSpec(
            width: 320, height: 240, frameRate: 30, duration: duration, gopSeconds: 1, tone: ClipSpec.Tone())
        let master: URL
        do {
            master = try TestMedia.cachedHLSLadder(spec, heights: Self.heights, bitsPerPixel: 12, in: cache)
        } catch {
            throw .clipUnavailable("\(error)")
        }
        folder = master.deletingLastPathComponent()
        var rates: [Int: Int] = [:]
        let text = (try? String(contentsOf: master, encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix("#EXT-X-STREAM-INF") {
            let fields = line.split(separator: ",")
            let rate = fields.first { $0.contains("BANDWIDTH=") && !$0.contains("AVERAGE") }
                .flatMap { Int($0.split(separator: "=").last ?? "") }
            let height = fields.first { $0.hasPrefix("RESOLUTION=") }
                .flatMap { Int($0.split(separator: "x").last ?? "") }
            if let rate, let height { rates[height] = rate }
        }
        bitRates = rates
        server = LocalHTTPServer(root: folder)
        do {
            try server.start()
        } catch {
            throw .playbackFailed("the loopback server did not start: \(error)")
        }
    }

    var url: URL { server.url(for: "/" + TestMedia.hlsMasterPlaylistName) }

    /// Bytes per second while capped: halfway between the two lower renditions' bit rates.
    var capBytesPerSecond: Int {
        let low = bitRates[120] ?? 200_000
        let middle = bitRates[180] ?? 2 * low
        return (low + middle) / 2 / 8
    }

    /// Applies the schedule from now on, on a thread of its own.
    func startSchedule() {
        let (server, capped, cap) = (server, capped, capBytesPerSecond)
        let thread = Thread {
            Thread.sleep(forTimeInterval: capped.lowerBound)
            server.throttle(bytesPerSecond: cap)
            Thread.sleep(forTimeInterval: capped.upperBound - capped.lowerBound)
            server.throttle(bytesPerSecond: nil)
        }
        thread.start()
    }

    func stop() { server.stop() }

    /// What the renditions played need: for each segment fetched, the size of the one fetched last
    /// to its end (the one that played it), or of `height`'s.
    func neededBytes(playing height: Int? = nil) -> Int {
        Self.neededBytes(
            of: server.requests, in: folder, segments: 0..<Int(duration.rounded(.up)), playing: height)
    }

    /// What the renditions that `requests` fetched from the ladder in `folder` need for those of
    /// `segments` they fetched: for each, the size of the rendition's segment fetched last to its
    /// end, or of `height`'s. A glimpse, a segment's first bytes only, plays nothing.
    static func neededBytes(
        of requests: [String], in folder: URL, segments: Range<Int>, playing height: Int? = nil
    ) -> Int {
        var last: [Int: Int] = [:]
        for request in requests where LocalHTTPServer.readsToTheEnd(request) {
            for candidate in heights {
                let prefix = "GET /\(TestMedia.hlsRenditionFolder(height: candidate))/segment"
                guard request.hasPrefix(prefix),
                    let index = Int(request.dropFirst(prefix.count).prefix { $0.isNumber })
                else { continue }
                last[index] = candidate
            }
        }
        return segments.reduce(0) { total, index in
            guard let fetched = last[index] else { return total }
            let chosen = height ?? fetched
            let file = folder.appendingPathComponent(TestMedia.hlsRenditionFolder(height: chosen))
                .appendingPathComponent("segment\(index).ts")
            return total + fileBytes(atPath: file.path)
        }
    }

    /// The size of the file at `path`, 0 when it cannot be read.
    static func fileBytes(atPath path: String) -> Int {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? Int) ?? 0
    }
}
