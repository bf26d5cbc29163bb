import Foundation
import VideoPlayerTestSupport

@testable import VideoPlayerRender

/// A live DASH presentation on the loopback server: the segments of an on-demand DASH encoding of
/// 1 s each (three video representations, one audio), listed by a dynamic manifest that gains one
/// segment per second of real time, as a live packager's does, and keeps the last `window` of
/// them (``Addressing``).
final class LiveDASHStream: GrowingLiveStream {
    let server: LocalHTTPServer
    let window: Int
    /// The number (from 0) of the window's first segment when the stream starts.
    let firstSegment: Int
    /// The on-demand manifest the live one lists the segments of, and the folder of its files.
    private let source: DASHManifest
    private let folder: URL
    /// When the presentation's time 0 was, in seconds since 1970: segment N ends N + 1 s after.
    private let availabilityStart: Double
    let growth: LiveGrowth

    static let manifestPath = "/live.mpd"

    /// How the manifest names the segments and gives their times.
    enum Addressing: CaseIterable, Sendable {
        /// A `SegmentTemplate` whose `SegmentTimeline` lists the window's segments.
        case timeline
        /// A `SegmentTemplate` that spaces them by a `duration` of 1 s: the player counts them
        /// from the clock.
        case duration
        /// A `SegmentList` of the window's segments, with their times in a `SegmentTimeline`.
        case listWithTimeline
        /// A `SegmentList` of the window's segments spaced by a `duration` of 1 s, whose
        /// `startNumber` says which of the period's segments it begins with.
        case listWithDuration
        /// A `SegmentBase`: each publication of the manifest points to a file of its own per
        /// representation, its initialization segment, then a segment index (`sidx`) of the
        /// window's segments, then those segments.
        case indexed

        var isList: Bool { self == .listWithTimeline || self == .listWithDuration }
        var hasTimeline: Bool { self == .timeline || self == .listWithTimeline }
    }

    let addressing: Addressing
    /// The manifest's `suggestedPresentationDelay`, in seconds; `nil` leaves it out.
    let presentationDelay: Double?
    /// Seconds the server's clock runs ahead of the machine's: its manifest's times are on it.
    let clockAhead: Double
    /// The `UTCTiming` scheme by which the manifest says where the server's time is read (at
    /// ``timePath``, as an ISO date or in the `Date` of its answers); `nil` for none.
    let timeScheme: String?

    static let timePath = "/time"

    /// How many segments each period lasts, when the presentation is cut into periods; `nil`
    /// for one. The representations of each period after the first have ids of their own, and
    /// initialization segments at URLs of their own (``initializationPath(_:period:)``), as after
    /// an advertisement; their media times go on.
    let periodLength: Int?
    /// Whether each period's media times start again from 0, as an advertisement's do when a
    /// server puts it in: its segments are served with their times moved back so that its first
    /// begins at 0 (``MP4FragmentShift``), and its `presentationTimeOffset` says where in the
    /// period that is (0 for the picture). With a timeline only.
    let restartsTimes: Bool

    /// The languages of the WebVTT text adaptation sets, whose segments have a cue a second,
    /// "<language> N" from N.2 s to N.8 s in the presentation's time.
    let subtitleLanguages: [String]
    /// Whether each language's cues are in one file beside the presentation (a representation
    /// that names only its `BaseURL`), not in segments. With one period only.
    let subtitlesInOneFile: Bool

    /// The text adaptation sets of ``subtitleLanguages``, as the manifest of an on-demand
    /// encoding lists them: segments of 1 s from 0, numbered from 0, cue times counting from 0.
    private var subtitleSets: [DASHManifest.AdaptationSet] {
        let count = growth.segmentCount
        return subtitleLanguages.enumerated().map { index, language in
            let template = DASHManifest.SegmentTemplate(
                media: "text-\(language)-$Number$.vtt", startNumber: 0, timescale: 1000,
                timeline: [DASHManifest.TimelineEntry(time: 0, duration: 1000, repeatCount: count - 1)])
            let representation = DASHManifest.Representation(
                id: "text-\(language)", bandwidth: 256, mimeType: "text/vtt", baseURL: url.absoluteString,
                template: template)
            return DASHManifest.AdaptationSet(
                id: "text\(index)", content: .text, language: language, representations: [representation])
        }
    }

    /// How far back the media times of the period that begins with segment `start` (of
    /// `segments`, a representation's) are moved when they start again: to 0 for its first
    /// segment, unless that begins after the period does (the sound's segments drift from the
    /// picture's), whose `presentationTimeOffset` cannot be below 0.
    static func restart(of segments: [DASHManifest.Segment], at start: Int, timescale: Int64) -> Int64 {
        min(segments[start].time, Int64(start) * timescale)
    }

    /// The path of `file`, an initialization segment of the encoding, as period `period` names it.
    /// The position a clip frame shows: position 0 is the start of the window's first segment
    /// when the stream started.
    func position(ofFrame frame: Int) -> Double { Double(frame) / 30 - Double(firstSegment) }

    static func initializationPath(_ file: String, period: Int) -> String {
        period == 0 ? file : "p\(period)-\(file)"
    }

    /// - Parameter lastSegment: the number (from 0) of the last segment listed at first.
    init(
        duration: Double = 40, window: Int = 6, startingAt lastSegment: Int = 9,
        addressing: Addressing = .timeline,
        presentationDelay: Double? = nil, clockAhead: Double = 0, timeScheme: String? = nil,
        periodLength: Int? = nil, restartsTimes: Bool = false, subtitleLanguages: [String] = [],
        subtitlesInOneFile: Bool = false
    ) throws {
        precondition(!restartsTimes || addressing == .timeline, "times start again in a timeline only")
        precondition(!subtitlesInOneFile || periodLength == nil, "a subtitle file spans one period")
        self.subtitlesInOneFile = subtitlesInOneFile
        self.periodLength = periodLength
        self.restartsTimes = restartsTimes
        self.subtitleLanguages = subtitleLanguages
        self.addressing = addressing
        self.presentationDelay = presentationDelay
        self.clockAhead = clockAhead
        self.timeScheme = timeScheme
        let spec = ClipSpec(duration: duration)
        let manifest = try TestMedia.cachedDASH(spec, heights: [240, 180, 120])
        source = try DASHManifest(
            parsing: String(contentsOf: manifest, encoding: .utf8), location: manifest.absoluteString)
        folder = manifest.deletingLastPathComponent()
        server = LocalHTTPServer(root: folder)
        self.window = window
        let segmentCount = Int(duration)
        firstSegment = max(0, lastSegment - window + 1)
        availabilityStart = Date().timeIntervalSince1970 + clockAhead - Double(lastSegment + 1)
        growth = LiveGrowth(last: lastSegment, of: segmentCount)
        server.setClockAhead(clockAhead)
        if let periodLength {
            // Each period's initialization segments, under their own names.
            let folder = manifest.deletingLastPathComponent()
            for representation in source.periods[0].adaptationSets.flatMap(\.representations) {
                guard let pattern = representation.template?.initialization else { continue }
                let file = DASHManifest.expand(
                    pattern, representation: representation, number: nil, time: nil)
                let bytes = try Data(contentsOf: folder.appendingPathComponent(file))
                for period in 1...(segmentCount / periodLength) {
                    server.setFile("/" + Self.initializationPath(file, period: period), bytes)
                }
                guard restartsTimes, let template = representation.template else { continue }
                let timescales = Dictionary(
                    MP4Boxes.trackTimescales(inInitialization: Array(bytes)).map { ($0.id, $0.timescale) },
                    uniquingKeysWith: { first, _ in first })
                let segments = source.segments(of: representation, in: source.periods[0], at: 0)
                for (index, segment) in segments.enumerated() where index >= periodLength {
                    let restart = Self.restart(
                        of: segments, at: index / periodLength * periodLength, timescale: template.timescale)
                    var shift = MP4FragmentShift(
                        ticks: -restart, timescale: template.timescale, trackTimescales: timescales)
                    let path = DASHManifest.expand(
                        template.media ?? "", representation: representation, number: segment.number,
                        time: segment.time)
                    let media = try Data(contentsOf: folder.appendingPathComponent(path))
                    server.setFile("/" + path, Data(shift.push(media) + shift.finish()))
                }
            }
        }
        for language in subtitleLanguages {
            let cues = (0..<segmentCount).map { second in
                "\(Self.vttTime(second, 200)) --> \(Self.vttTime(second, 800))\n\(language) \(second)\n"
            }
            if subtitlesInOneFile {
                server.setFile(
                    "/text-\(language).vtt", Data(("WEBVTT\n\n" + cues.joined(separator: "\n")).utf8))
            }
            for (second, cue) in cues.enumerated() {
                server.setFile("/text-\(language)-\(second).vtt", Data(("WEBVTT\n\n" + cue).utf8))
            }
        }
        publish()
        try server.start()
    }

    var url: URL { server.url(for: Self.manifestPath) }

    /// `second` and `milliseconds` as a WebVTT time.
    private static func vttTime(_ second: Int, _ milliseconds: Int) -> String {
        String(format: "%02d:%02d:%02d.%03d", second / 3600, second / 60 % 60, second % 60, milliseconds)
    }

    func publish() {
        let (last, ended) = (growth.last, growth.ended)
        let first = max(0, last - window + 1)
        let length = periodLength ?? Int.max
        let periods = (first / length)...(last / length)
        let text = periods.map { index in
            let start = index * (periodLength ?? 0)
            let sets = (source.periods[0].adaptationSets + subtitleSets).map { set in
                let representations = set.representations.compactMap { representation in
                    self.representation(
                        representation, period: index,
                        segments: max(first, start)...min(last, start + length - 1))
                }
                return """
                    <AdaptationSet id="\(set.id ?? "")" contentType="\(set.content.rawValue)" \
                    \(set.language.map { #"lang="\#($0)" "# } ?? "")segmentAlignment="true">
                    \(representations.joined(separator: "\n"))
                    </AdaptationSet>
                    """
            }
            return """
                <Period id="\(index)" start="PT\(start)S">
                \(sets.joined(separator: "\n"))
                </Period>
                """
        }
        publish(periods: text.joined(separator: "\n"), last: last, ended: ended)
    }

    /// The `Representation` element of `representation` in period `period`, listing `segments`
    /// (by their numbers from 0) when the manifest has a timeline or a list.
    private func representation(
        _ representation: DASHManifest.Representation, period: Int, segments range: ClosedRange<Int>
    ) -> String? {
        if subtitlesInOneFile, representation.mimeType == "text/vtt" {
            return #"""
                <Representation id="\#(representation.id)" bandwidth="256" mimeType="text/vtt">\#
                <BaseURL>\#(representation.id).vtt</BaseURL></Representation>
                """#
        }
        guard let template = representation.template else { return nil }
        let segments = source.segments(of: representation, in: source.periods[0], at: 0)
        let listed = segments[
            min(range.lowerBound, segments.count)..<min(range.upperBound + 1, segments.count)]
        // NB: the media times go on from period to period (each period's offset is its start),
        // unless they start again from 0.
        let start = period * (periodLength ?? 0)
        let restart =
            restartsTimes && start < segments.count
            ? Self.restart(of: segments, at: start, timescale: template.timescale) : 0
        let entries = listed.map { segment in
            let duration = Int64((segment.duration * Double(template.timescale)).rounded())
            return #"<S t="\#(segment.time - restart)" d="\#(duration)"/>"#
        }
        // NB: the periods after the first name their representations and initialization
        // segments their own way; the names of the files stay those of the encoding.
        let id = period == 0 ? representation.id : "\(representation.id)-p\(period)"
        var attributes = #"id="\#(id)" bandwidth="\#(representation.bandwidth)""#
        if let codecs = representation.codecs { attributes += #" codecs="\#(codecs)""# }
        if let mimeType = representation.mimeType { attributes += #" mimeType="\#(mimeType)""# }
        if let width = representation.width, let height = representation.height {
            attributes += #" width="\#(width)" height="\#(height)""#
        }
        let initializationFile = template.initialization.map { pattern in
            DASHManifest.expand(pattern, representation: representation, number: nil, time: nil)
        }
        let initialization = initializationFile.map { Self.initializationPath($0, period: period) }
        let offset = template.presentationTimeOffset + Int64(start) * template.timescale - restart
        let timing = #"""
            timescale="\#(template.timescale)" presentationTimeOffset="\#(offset)"
            """#
        let timeline = "<SegmentTimeline>\(entries.joined())</SegmentTimeline>"
        let addressing: String
        if self.addressing == .indexed {
            guard let initializationFile,
                let file = try? indexedFile(
                    "\(id)-\(range.lowerBound)-\(range.upperBound).mp4", of: representation,
                    segments: Array(listed), initialization: initializationFile)
            else { return nil }
            addressing = """
                <BaseURL>\(file.name)</BaseURL><SegmentBase \(timing) \
                indexRange="\(file.index.lowerBound)-\(file.index.upperBound)">\
                <Initialization range="0-\(file.index.lowerBound - 1)"/></SegmentBase>
                """
        } else if self.addressing.isList {
            let urls = listed.map { segment in
                let path = DASHManifest.expand(
                    template.media ?? "", representation: representation, number: segment.number,
                    time: segment.time)
                return #"<SegmentURL media="\#(path)"/>"#
            }
            // NB: spaced by a duration, the list's first is the period's `startNumber`th, from 1.
            let (times, number) =
                self.addressing.hasTimeline
                ? (timeline, template.startNumber + range.lowerBound)
                : ("", range.lowerBound - start + 1)
            let spacing = self.addressing.hasTimeline ? "" : #" duration="\#(template.timescale)""#
            addressing = """
                <SegmentList \(timing)\(spacing) startNumber="\(number)">\
                \(initialization.map { #"<Initialization sourceURL="\#($0)"/>"# } ?? "")\
                \(times)\(urls.joined())</SegmentList>
                """
        } else {
            let media = (template.media ?? "").replacingOccurrences(
                of: "$RepresentationID$", with: representation.id)
            let patterns = #"\#(initialization.map { #"initialization="\#($0)" "# } ?? "")media="\#(media)" "#
            addressing =
                self.addressing.hasTimeline
                ? """
                <SegmentTemplate \(patterns)\(timing) startNumber="\(template.startNumber + range.lowerBound)">
                \(timeline)</SegmentTemplate>
                """
                : """
                <SegmentTemplate \(patterns)\(timing) duration="\(template.timescale)" \
                startNumber="\(template.startNumber + start)"/>
                """
        }
        return "<Representation \(attributes)>\(addressing)</Representation>"
    }

    /// Serves, under `name`, the file of `representation` with `segments`: its initialization
    /// segment (the file at `initialization`), their index, then them; returns its path and where
    /// the index lies in it.
    private func indexedFile(
        _ name: String, of representation: DASHManifest.Representation, segments: [DASHManifest.Segment],
        initialization: String
    ) throws -> (name: String, index: ClosedRange<Int>) {
        guard let template = representation.template, let first = segments.first else {
            throw PlayerError.unsupportedFormat("no segments to index")
        }
        let head = try Data(contentsOf: folder.appendingPathComponent(initialization))
        let media = try segments.map { segment in
            let path = DASHManifest.expand(
                template.media ?? "", representation: representation, number: segment.number,
                time: segment.time)
            return try Data(contentsOf: folder.appendingPathComponent(path))
        }
        let references = zip(segments, media).map { segment, bytes in
            let duration = (segment.duration * Double(template.timescale)).rounded()
            return (size: UInt32(bytes.count), duration: UInt32(duration), nested: false)
        }
        let index = DASHManifestTests.segmentIndex(
            firstOffset: 0, timescale: UInt32(template.timescale), earliestTime: UInt64(first.time),
            references: references)
        var file = head
        file.append(contentsOf: index)
        for bytes in media { file.append(bytes) }
        server.setFile("/" + name, file)
        return (name, head.count...(head.count + index.count - 1))
    }

    /// Writes the manifest of `periods`, whose segments up to `last` are listed.
    private func publish(periods: String, last: Int, ended: Bool) {
        let delay = presentationDelay.map { #" suggestedPresentationDelay="PT\#($0)S""# } ?? ""
        let clock = DASHBridge.dateText(Date().timeIntervalSince1970 + clockAhead)
        server.setFile(Self.timePath, Data(clock.utf8))
        let timing =
            timeScheme.map { #"<UTCTiming schemeIdUri="\#($0)" value="\#(Self.timePath)"/>"# } ?? ""
        let kind =
            ended
            ? #"type="static" mediaPresentationDuration="PT\#(last + 1)S""#
            : #"type="dynamic" minimumUpdatePeriod="PT1S" timeShiftBufferDepth="PT\#(window)S""#
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" profiles="urn:mpeg:dash:profile:isoff-live:2011" \
            \(kind) availabilityStartTime="\(DASHBridge.dateText(availabilityStart))" \
            publishTime="\(DASHBridge.dateText(availabilityStart + Double(last + 1)))" \
            maxSegmentDuration="PT1S" minBufferTime="PT2S"\(delay)>
            \(periods)
            \(timing)
            </MPD>
            """
        server.setFile(Self.manifestPath, Data(text.utf8))
    }
}
