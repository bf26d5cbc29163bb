import Foundation
import VideoPlayerRender

/// A live DASH presentation on the loopback server, as a packager that numbers its segments by the
/// clock serves one: the representations of an on-demand DASH encoding of 1 s segments
/// (``TestMedia/cachedDASH(_:heights:bitsPerPixel:segmentDuration:layout:in:)``) in a dynamic
/// manifest whose `SegmentTemplate`s space their segments by a `duration` of 1 s, so that a player
/// counts the segments available from the manifest's `availabilityStartTime` and the time of day;
/// `timeShiftBufferDepth` keeps the last `window` of them.
///
/// Segment N (from 0; the files number them from 1) is available once N + 1 s have passed since
/// the availability start, which is `lastSegment` + 1 s before the stream is made. Every segment's
/// file is served from the start, as a CDN that holds the whole encoding would; the manifest is
/// written again each second while the stream grows, with the time of its publication.
public final class LiveDASHTemplateStream: GrowingLiveStream {
    public let server: LocalHTTPServer
    public let growth: LiveGrowth
    /// The folder of the encoding, whose files the server serves.
    public let root: URL
    public let window: Int
    /// The identifiers of the picture's representations, by the height of their picture.
    public let videoRepresentations: [Int: String]
    /// The identifiers of the sound's representations.
    public let audioRepresentations: [String]
    /// The on-demand manifest made live: its `type` and times are written by ``publish()``.
    private let body: String
    /// When the presentation's time 0 was, in seconds since 1970.
    private let availabilityStart: Double

    public static let manifestPath = "/live.mpd"

    /// - Parameter duration: the seconds of media encoded, one segment per second.
    /// - Parameter lastSegment: the number (from 0) of the last segment available at first.
    /// - Parameter clip: the picture and sound encoded, at `bitsPerPixel` for each height of
    ///   `heights`, kept in `cache`.
    public init(
        duration: Double = 40, window: Int = 6, startingAt lastSegment: Int = 9, heights: [Int],
        clip: ClipSpec? = nil, bitsPerPixel: Double = 3, cache: URL = TestMedia.defaultCacheDirectory
    ) throws {
        var spec = clip ?? ClipSpec(duration: duration)
        spec.duration = duration
        let manifest = try TestMedia.cachedDASH(spec, heights: heights, bitsPerPixel: bitsPerPixel, in: cache)
        root = manifest.deletingLastPathComponent()
        let text = try String(contentsOf: manifest, encoding: .utf8)
        var video: [Int: String] = [:]
        var audio: [String] = []
        for match in text.matches(of: /<Representation\b[^>]*>/) {
            let element = match.output
            guard let id = element.firstMatch(of: /\sid="([^"]*)"/)?.output.1 else { continue }
            if let height = element.firstMatch(of: /\sheight="(\d+)"/).flatMap({ Int($0.output.1) }) {
                video[height] = String(id)
            } else if element.contains("audio/") {
                audio.append(String(id))
            }
        }
        videoRepresentations = video
        audioRepresentations = audio
        body = Self.live(text)
        self.window = window
        availabilityStart = Date().timeIntervalSince1970 - Double(lastSegment + 1)
        growth = LiveGrowth(last: lastSegment, of: Int(duration))
        server = LocalHTTPServer(root: root)
        publish()
        try server.start()
    }

    public var url: URL { server.url(for: Self.manifestPath) }

    /// The body of an on-demand manifest of FFmpeg's DASH muxer (from `<MPD`'s attributes on) with
    /// its segments spaced by their templates' timescale, one second, instead of listed in
    /// timelines, and its `type` and length left to ``publish()``.
    private static func live(_ manifest: String) -> String {
        let times = /\s(type|mediaPresentationDuration|availabilityStartTime|publishTime)="[^"]*"/
        return
            manifest
            .replacing(/(?s)\s*<SegmentTimeline>.*?<\/SegmentTimeline>\s*/, with: "")
            .replacing(/<SegmentTemplate timescale="(\d+)"/) { match in
                #"<SegmentTemplate timescale="\#(match.output.1)" duration="\#(match.output.1)""#
            }
            .replacing(times, with: "")
            .replacing(/<MPD\b/, with: "<MPD $(TIMES)")
    }

    /// The file of segment `number` (from 0) of the representation `id`.
    public func segmentFile(representation id: String, number: Int) -> URL {
        root.appendingPathComponent(Self.segmentName(representation: id, number: number))
    }

    /// The name FFmpeg's DASH muxer gives segment `number` (from 0) of the representation `id`:
    /// its `SegmentTemplate` counts from 1.
    static func segmentName(representation id: String, number: Int) -> String {
        segmentPrefix + id + "-" + String(format: "%05d", number + 1) + segmentSuffix
    }

    private static let (segmentPrefix, segmentSuffix) = ("chunk-stream", ".m4s")

    /// The representation and the number (from 0) of the segment a request of the server's log
    /// (``LocalHTTPServer/requests``) fetched, if it fetched one: the reverse of
    /// ``segmentName(representation:number:)``.
    public static func segment(fetchedBy request: String) -> (representation: String, number: Int)? {
        guard request.hasPrefix("GET /"),
            let name = request.dropFirst(5).split(separator: " ", maxSplits: 1).first,
            name.hasPrefix(segmentPrefix), name.hasSuffix(segmentSuffix)
        else { return nil }
        let middle = name.dropFirst(segmentPrefix.count).dropLast(segmentSuffix.count)
        guard let dash = middle.lastIndex(of: "-"), let counted = Int(middle[middle.index(after: dash)...]),
            counted >= 1
        else { return nil }
        let id = String(middle[..<dash])
        // NB: the number is written with five digits at least; anything else names another file.
        guard !id.isEmpty, !id.contains("/"), segmentName(representation: id, number: counted - 1) == name
        else { return nil }
        return (id, counted - 1)
    }

    public func publish() {
        let (last, ended) = (growth.last, growth.ended)
        let times =
            ended
            ? #"type="static" mediaPresentationDuration="PT\#(last + 1)S""#
            : #"type="dynamic" minimumUpdatePeriod="PT1S" timeShiftBufferDepth="PT\#(window)S""#
                + #" publishTime="\#(Self.dateText(Date().timeIntervalSince1970))""#
        let text = body.replacingOccurrences(
            of: "$(TIMES)",
            with: #"\#(times) availabilityStartTime="\#(Self.dateText(availabilityStart))""#)
        server.setFile(Self.manifestPath, Data(text.utf8))
    }

    /// `seconds` since 1970 as an ISO 8601 date with milliseconds, in UTC.
    private static func dateText(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }
}
