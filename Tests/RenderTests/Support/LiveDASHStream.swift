import Foundation
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// A live DASH presentation on the loopback server: the segments of an on-demand DASH encoding of
/// 1 s each (three video representations, one audio), listed by a dynamic manifest whose
/// `SegmentTimeline` gains one segment per second of real time, as a live packager's does, and
/// keeps the last `window` of them.
final class LiveDASHStream: GrowingLiveStream {
    let server: LocalHTTPServer
    let window: Int
    /// The number (from 0) of the window's first segment when the stream starts.
    let firstSegment: Int
    /// The on-demand manifest the live one lists the segments of.
    private let source: DASHManifest
    /// When the presentation's time 0 was, in seconds since 1970: segment N ends N + 1 s after.
    private let availabilityStart: Double
    let growth: LiveGrowth

    static let manifestPath = "/live.mpd"

    /// Whether the segments are listed by a `SegmentTimeline`; else the template spaces them by a
    /// `duration` of 1 s, and the player counts them from the clock.
    let timeline: Bool
    /// The manifest's `suggestedPresentationDelay`, in seconds; `nil` leaves it out.
    let presentationDelay: Double?
    /// Seconds the server's clock runs ahead of the machine's: its manifest's times are on it.
    let clockAhead: Double
    /// Whether the manifest says where the server's time is read (`UTCTiming`, at ``timePath``).
    let tellsTime: Bool

    static let timePath = "/time"

    /// - Parameter lastSegment: the number (from 0) of the last segment listed at first.
    init(
        duration: Double = 40, window: Int = 6, startingAt lastSegment: Int = 9, timeline: Bool = true,
        presentationDelay: Double? = nil, clockAhead: Double = 0, tellsTime: Bool = false
    ) throws {
        self.timeline = timeline
        self.presentationDelay = presentationDelay
        self.clockAhead = clockAhead
        self.tellsTime = tellsTime
        let spec = ClipSpec(duration: duration)
        let manifest = try TestMedia.cachedDASH(spec, heights: [240, 180, 120])
        source = try DASHManifest(
            parsing: String(contentsOf: manifest, encoding: .utf8), location: manifest.absoluteString)
        server = LocalHTTPServer(root: manifest.deletingLastPathComponent())
        self.window = window
        let segmentCount = Int(duration)
        firstSegment = max(0, lastSegment - window + 1)
        availabilityStart = Date().timeIntervalSince1970 + clockAhead - Double(lastSegment + 1)
        growth = LiveGrowth(last: lastSegment, of: segmentCount)
        publish()
        try server.start()
    }

    var url: URL { server.url(for: Self.manifestPath) }

    func publish() {
        let (last, ended) = (growth.last, growth.ended)
        let first = max(0, last - window + 1)
        let period = source.periods[0]
        var sets: [String] = []
        for set in period.adaptationSets {
            var representations: [String] = []
            for representation in set.representations {
                guard let template = representation.template else { continue }
                let segments = source.segments(of: representation, in: period, at: 0)
                let listed = segments[min(first, segments.count)..<min(last + 1, segments.count)]
                let entries = listed.map { segment in
                    #"<S t="\#(segment.time)" d="\#(Int64((segment.duration * Double(template.timescale)).rounded()))"/>"#
                }
                var attributes = #"id="\#(representation.id)" bandwidth="\#(representation.bandwidth)""#
                if let codecs = representation.codecs { attributes += #" codecs="\#(codecs)""# }
                if let mimeType = representation.mimeType { attributes += #" mimeType="\#(mimeType)""# }
                if let width = representation.width, let height = representation.height {
                    attributes += #" width="\#(width)" height="\#(height)""#
                }
                let patterns =
                    #"initialization="\#(template.initialization ?? "")" media="\#(template.media ?? "")""#
                let addressing =
                    timeline
                    ? """
                    <SegmentTemplate timescale="\(template.timescale)" \(patterns) startNumber="\(template.startNumber + first)">
                    <SegmentTimeline>\(entries.joined())</SegmentTimeline></SegmentTemplate>
                    """
                    : """
                    <SegmentTemplate timescale="\(template.timescale)" duration="\(template.timescale)" \(patterns) \
                    startNumber="\(template.startNumber)"/>
                    """
                representations.append("<Representation \(attributes)>\(addressing)</Representation>")
            }
            sets.append(
                """
                <AdaptationSet id="\(set.id ?? "")" contentType="\(set.content.rawValue)" segmentAlignment="true">
                \(representations.joined(separator: "\n"))
                </AdaptationSet>
                """)
        }
        let delay = presentationDelay.map { #" suggestedPresentationDelay="PT\#($0)S""# } ?? ""
        let clock = DASHLiveBridge.dateText(Date().timeIntervalSince1970 + clockAhead)
        server.setFile(Self.timePath, Data(clock.utf8))
        let timing =
            tellsTime
            ? #"<UTCTiming schemeIdUri="urn:mpeg:dash:utc:http-iso:2014" value="\#(Self.timePath)"/>"#
            : ""
        let kind =
            ended
            ? #"type="static" mediaPresentationDuration="PT\#(last + 1)S""#
            : #"type="dynamic" minimumUpdatePeriod="PT1S" timeShiftBufferDepth="PT\#(window)S""#
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" \
            \(kind) availabilityStartTime="\(DASHLiveBridge.dateText(availabilityStart))" \
            publishTime="\(DASHLiveBridge.dateText(availabilityStart + Double(last + 1)))" \
            maxSegmentDuration="PT1S" minBufferTime="PT2S"\(delay)>
            <Period id="0" start="PT0S">
            \(sets.joined(separator: "\n"))
            </Period>
            \(timing)
            </MPD>
            """
        server.setFile(Self.manifestPath, Data(text.utf8))
    }
}
