import Foundation
import FoundationXML

/// The parts of a DASH manifest (an MPD, ISO/IEC 23009-1) the player reads itself to play a
/// presentation through its ``DASHBridge``: its timing, and per representation the segments its
/// template, timeline, list or index lists. libavformat's DASH demuxer can neither seek in a live
/// presentation's time-shift window nor notice a manifest that stopped growing, and opens
/// segments past the player's network watch.
///
/// Segment information written on a period or an adaptation set applies to the representations
/// below it, and base URLs are resolved down the tree, so each ``Representation`` is complete.
struct DASHManifest: Equatable, Sendable {
    /// Whether the manifest is `type="dynamic"`: a live presentation whose segments become
    /// available as time goes by, and whose manifest is fetched again.
    var isDynamic: Bool
    /// `availabilityStartTime`: the wall-clock time of the presentation's time 0, in seconds since
    /// 1970.
    var availabilityStart: Double?
    /// `publishTime`, in seconds since 1970.
    var publishTime: Double?
    /// `mediaPresentationDuration`, in seconds.
    var duration: Double?
    /// `minimumUpdatePeriod`: how long the manifest stays valid, in seconds; `nil` when it will
    /// not change.
    var minimumUpdatePeriod: Double?
    /// `timeShiftBufferDepth`: how far behind the live edge segments stay available, in seconds.
    var timeShiftBufferDepth: Double?
    /// `suggestedPresentationDelay`: how far behind the live edge to play, in seconds.
    var suggestedPresentationDelay: Double?
    /// `maxSegmentDuration`, in seconds.
    var maxSegmentDuration: Double?
    var periods: [Period]
    /// The `UTCTiming` elements: where a client reads the server's clock, to count a live
    /// presentation's segments as the server does.
    var clockSources: [ClockSource] = []

    /// A `UTCTiming` element: its scheme (such as `urn:mpeg:dash:utc:http-iso:2014`) and value.
    struct ClockSource: Equatable, Sendable {
        var scheme: String
        var value: String
    }

    /// The longest manifest read: a day of 2 s segments listed one by one is about 2 MB.
    static let byteLimit = 8 * 1024 * 1024

    struct Period: Equatable, Sendable {
        var id: String?
        /// `start`: the period's start on the presentation's timeline, in seconds.
        var start: Double
        /// `duration`, in seconds.
        var duration: Double?
        var adaptationSets: [AdaptationSet]

        /// The first representation whose id is `id`, in any of the period's adaptation sets.
        func representation(_ id: String) -> Representation? {
            adaptationSets.lazy.flatMap(\.representations).first { $0.id == id }
        }
    }

    struct AdaptationSet: Equatable, Sendable {
        enum Content: String, Sendable {
            case video, audio, text, other
        }
        var id: String?
        var content: Content
        /// `lang`, as BCP 47 names it.
        var language: String?
        var representations: [Representation]
    }

    struct Representation: Equatable, Sendable {
        var id: String
        /// `bandwidth`, in bits per second.
        var bandwidth: Int
        var width: Int?
        var height: Int?
        /// `codecs`, as RFC 6381 names them.
        var codecs: String?
        var mimeType: String?
        /// The absolute URL its templates are resolved against.
        var baseURL: String
        /// How its segments are named and timed; `nil` for a representation that says nothing of
        /// its segments (but for text, whose file is then its one segment).
        var template: SegmentTemplate?
    }

    /// A `SegmentTemplate`, segment URLs made from a pattern, or a `SegmentList`, segment URLs and
    /// byte ranges listed one by one; with their times listed by a `SegmentTimeline` or spaced by
    /// a fixed `duration`. Or a `SegmentBase`: a representation in one file, whose segment index
    /// (a `sidx` box) at `index` gives its segments' byte ranges and times, which
    /// ``listing(_:)`` makes a list of.
    struct SegmentTemplate: Equatable, Sendable {
        var media: String?
        var initialization: String?
        /// A list's segments (`SegmentURL`), in order; `nil` for a template.
        var list: [ListedSegment]?
        /// A list's or a `SegmentBase`'s initialization segment (`Initialization`): its URL (`nil`:
        /// the representation's base URL) and byte range.
        var listedInitialization: ListedSegment?
        /// A `SegmentBase`'s `indexRange`: the bytes of the representation's file that hold its
        /// segment index.
        var index: ClosedRange<Int64>?

        /// Whether it names each segment: a template with a `media` pattern, or a list.
        var namesSegments: Bool { media != nil || list != nil }
        /// Whether it names each segment or, read at `index`, the file does.
        var findsSegments: Bool { namesSegments || index != nil }
        /// Whether it lists one segment that spans its period, with no timing of its own (a
        /// subtitle file beside the media).
        var isOneSegment: Bool { list?.count == 1 && timeline == nil && duration == nil }
        var startNumber: Int = 1
        /// Units per second of `duration`, `presentationTimeOffset` and the timeline's times.
        var timescale: Int64 = 1
        /// Each segment's duration when there is no timeline, in `timescale` units.
        var duration: Int64?
        /// The time (in `timescale` units) shown at the period's start.
        var presentationTimeOffset: Int64 = 0
        var timeline: [TimelineEntry]?
    }

    /// A segment of a `SegmentList`: its URL, relative to the representation's base URL (`nil`:
    /// the base URL itself, a representation in one file), and the bytes of it that hold the
    /// segment (`nil`: all of them).
    struct ListedSegment: Equatable, Sendable {
        var url: String?
        var range: ClosedRange<Int64>?
    }

    /// An `S` element of a `SegmentTimeline`: `repeatCount + 1` segments of `duration` each, from
    /// `time` (after the previous entry's segments when `nil`). A repeat count of -1 repeats up to
    /// the next entry, the period's end, or the live edge.
    struct TimelineEntry: Equatable, Sendable {
        var time: Int64?
        var duration: Int64
        var repeatCount: Int
    }
}

extension DASHManifest {
    /// Parses `text`, the manifest at `location` (which relative base URLs are resolved against).
    ///
    /// - Throws: `.unsupportedFormat` for text that is not XML, XML whose root is not an `MPD`,
    ///   and a manifest without periods or with attributes the player needs but cannot read.
    init(parsing text: String, location: String) throws(PlayerError) {
        let root = try XMLTree.parse(Data(text.utf8), document: "a DASH manifest", location: location)
        guard root.name == "MPD" else {
            throw .unsupportedFormat("\(location) is not a DASH manifest (its root is <\(root.name)>)")
        }
        let reader = AttributeReader(location: location)
        isDynamic = root.attributes["type"] == "dynamic"
        availabilityStart = try reader.date(root, "availabilityStartTime")
        publishTime = try reader.date(root, "publishTime")
        duration = try reader.duration(root, "mediaPresentationDuration")
        minimumUpdatePeriod = try reader.duration(root, "minimumUpdatePeriod")
        timeShiftBufferDepth = try reader.duration(root, "timeShiftBufferDepth")
        suggestedPresentationDelay = try reader.duration(root, "suggestedPresentationDelay")
        maxSegmentDuration = try reader.duration(root, "maxSegmentDuration")
        let base = Self.baseURL(of: root, against: location)
        var periods: [Period] = []
        for element in root.children where element.name == "Period" {
            let start =
                try reader.duration(element, "start") ?? periods.last.flatMap { last in
                    last.duration.map { last.start + $0 }
                } ?? 0
            periods.append(try Period(element, start: start, base: base, reader: reader))
        }
        guard !periods.isEmpty else { throw .unsupportedFormat("\(location) lists no period") }
        self.periods = periods
        clockSources = root.children.filter { $0.name == "UTCTiming" }.compactMap { element in
            guard let scheme = element.attributes["schemeIdUri"], let value = element.attributes["value"]
            else {
                return nil
            }
            return ClockSource(scheme: scheme, value: value)
        }
        if isDynamic, availabilityStart == nil {
            throw .unsupportedFormat("\(location) is a dynamic manifest without availabilityStartTime")
        }
    }

    /// Whether the root element of the manifest `bytes` declares it dynamic (`type="dynamic"`),
    /// whether or not the rest can be read.
    static func declaresDynamic(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
        guard let root = text.range(of: "<MPD") else { return false }
        let tag = text[root.upperBound...].prefix { $0 != ">" }
        return tag.contains("type=\"dynamic\"") || tag.contains("type='dynamic'")
    }

    /// The manifest `bytes` with the segments of each `SegmentList` numbered from 0 (its
    /// `startNumber` set to 0), as libavformat's DASH demuxer must be given them.
    ///
    /// The demuxer takes a list's `startNumber` as the index of the first segment it fetches and
    /// of the one a seek lands on: from 1, the usual number, it skips each representation's first
    /// segment (an on-demand presentation plays one segment short, and seeks one late). A list
    /// names its segments by URL and range, not by number, so the number means nothing else.
    static func segmentListsNumberedFromZero(_ bytes: [UInt8]) -> [UInt8] {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("SegmentList") else { return bytes }
        let attribute = /(<(?:[A-Za-z_][\w.\-]*:)?SegmentList\b[^>]*?\sstartNumber\s*=\s*)(["'])[^"'>]*(["'])/
        let renumbered = text.replacing(attribute) { match in "\(match.1)\(match.2)0\(match.3)" }
        return Array(renumbered.utf8)
    }

    /// The base URL `element`'s first `BaseURL` child gives, resolved against `parent`.
    fileprivate static func baseURL(of element: XMLTree, against parent: String) -> String {
        guard let child = element.children.first(where: { $0.name == "BaseURL" }) else { return parent }
        let text = child.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? parent : HLSPlaylistFetch.resolve(text, against: parent)
    }
}

extension DASHManifest.Period {
    fileprivate init(_ element: XMLTree, start: Double, base: String, reader: AttributeReader)
        throws(PlayerError)
    {
        id = element.attributes["id"]
        self.start = start
        duration = try reader.duration(element, "duration")
        let base = DASHManifest.baseURL(of: element, against: base)
        let template = try DASHManifest.SegmentTemplate(element, inheriting: nil, reader: reader)
        var sets: [DASHManifest.AdaptationSet] = []
        for child in element.children where child.name == "AdaptationSet" {
            sets.append(try DASHManifest.AdaptationSet(child, base: base, template: template, reader: reader))
        }
        adaptationSets = sets
    }
}

extension DASHManifest.AdaptationSet {
    fileprivate init(
        _ element: XMLTree, base: String, template: DASHManifest.SegmentTemplate?, reader: AttributeReader
    ) throws(PlayerError) {
        id = element.attributes["id"]
        language = element.attributes["lang"]
        let base = DASHManifest.baseURL(of: element, against: base)
        let template = try DASHManifest.SegmentTemplate(element, inheriting: template, reader: reader)
        var representations: [DASHManifest.Representation] = []
        for child in element.children where child.name == "Representation" {
            representations.append(
                try DASHManifest.Representation(
                    child, parent: element, base: base, template: template, reader: reader))
        }
        let mimeType = element.attributes["mimeType"] ?? representations.first?.mimeType
        content = Self.content(declared: element.attributes["contentType"], mimeType: mimeType)
        if content == .text {
            // NB: a text representation that says nothing of its segments is one file (a
            // subtitle file beside the media, as packagers list it): one segment spanning the
            // period.
            for index in representations.indices where representations[index].template == nil {
                representations[index].template = DASHManifest.SegmentTemplate(
                    list: [DASHManifest.ListedSegment(url: nil, range: nil)])
            }
        }
        self.representations = representations
    }

    /// What the set holds: its `contentType`, else the top-level type of its MIME type.
    private static func content(declared: String?, mimeType: String?) -> Content {
        if let declared, let content = Content(rawValue: declared) { return content }
        switch mimeType?.split(separator: "/").first {
        case "video"?: return .video
        case "audio"?: return .audio
        case "text"?: return .text
        case "application"? where mimeType?.contains("ttml") == true: return .text
        default: return .other
        }
    }
}

extension DASHManifest.Representation {
    fileprivate init(
        _ element: XMLTree, parent: XMLTree, base: String, template: DASHManifest.SegmentTemplate?,
        reader: AttributeReader
    ) throws(PlayerError) {
        guard let id = element.attributes["id"] else {
            throw .unsupportedFormat("\(reader.location) has a representation without an id")
        }
        self.id = id
        guard let bandwidth = try reader.integer(element, "bandwidth") else {
            throw .unsupportedFormat("\(reader.location): representation \(id) has no bandwidth")
        }
        self.bandwidth = bandwidth
        // NB: size, codecs and MIME type may be written once for the whole adaptation set.
        let setWidth = try reader.integer(parent, "width")
        let setHeight = try reader.integer(parent, "height")
        width = try reader.integer(element, "width") ?? setWidth
        height = try reader.integer(element, "height") ?? setHeight
        codecs = element.attributes["codecs"] ?? parent.attributes["codecs"]
        mimeType = element.attributes["mimeType"] ?? parent.attributes["mimeType"]
        baseURL = DASHManifest.baseURL(of: element, against: base)
        self.template = try DASHManifest.SegmentTemplate(element, inheriting: template, reader: reader)
    }
}

extension DASHManifest.SegmentTemplate {
    /// The template `element`'s `SegmentTemplate` child makes of `inherited`: its attributes and
    /// timeline replace those of the level above. `inherited` when it has none.
    fileprivate init?(
        _ element: XMLTree, inheriting inherited: Self?, reader: AttributeReader
    ) throws(PlayerError) {
        guard
            let node = element.children.first(where: {
                ["SegmentTemplate", "SegmentList", "SegmentBase"].contains($0.name)
            })
        else {
            guard let inherited else { return nil }
            self = inherited
            return
        }
        self = inherited ?? Self()
        if let media = node.attributes["media"] { self.media = media }
        if let initialization = node.attributes["initialization"] { self.initialization = initialization }
        if node.name != "SegmentTemplate" {
            try readList(node, reader: reader)
        }
        if let index = try reader.byteRange(node, "indexRange") { self.index = index }
        if let number = try reader.integer(node, "startNumber") { startNumber = number }
        if let scale = try reader.integer(node, "timescale") {
            guard scale > 0 else {
                throw .unsupportedFormat("\(reader.location) has a timescale of \(scale)")
            }
            timescale = Int64(scale)
        }
        if let duration = try reader.integer(node, "duration") {
            guard duration > 0 else {
                throw .unsupportedFormat("\(reader.location) has a segment duration of \(duration)")
            }
            self.duration = Int64(duration)
        }
        if let offset = try reader.integer(node, "presentationTimeOffset") {
            presentationTimeOffset = Int64(offset)
        }
        // NB: times beyond 2^53 units lose precision in seconds, and their sums could overflow.
        guard (0...Int64(1 << 53)).contains(presentationTimeOffset), timescale <= 1 << 53,
            (duration ?? 0) <= 1 << 53,
            startNumber >= 0, startNumber < Int32.max
        else {
            throw .unsupportedFormat("\(reader.location) has a segment template out of range")
        }
        if let timeline = node.children.first(where: { $0.name == "SegmentTimeline" }) {
            var entries: [DASHManifest.TimelineEntry] = []
            // NB: the end of the entries so far, kept to refuse a timeline whose times overflow.
            var end: Int64 = 0
            for entry in timeline.children where entry.name == "S" {
                guard let duration = try reader.integer(entry, "d"), duration > 0 else {
                    throw .unsupportedFormat("\(reader.location) has a timeline entry without a duration")
                }
                let repeats = try reader.integer(entry, "r") ?? 0
                let time = try reader.integer(entry, "t")
                let span = Int64(duration).multipliedReportingOverflow(by: Int64(max(repeats, 0)) + 1)
                let start = Int64(time ?? Int(end))
                let next = span.overflow ? span : start.addingReportingOverflow(span.partialValue)
                guard repeats >= -1, repeats < Int32.max, start >= 0, !next.overflow,
                    next.partialValue < 1 << 62
                else {
                    throw .unsupportedFormat("\(reader.location) has a timeline entry out of range")
                }
                end = next.partialValue
                entries.append(
                    .init(time: time.map(Int64.init), duration: Int64(duration), repeatCount: repeats))
            }
            self.timeline = entries
        }
    }
}

extension DASHManifest.SegmentTemplate {
    /// Reads a `SegmentList`'s or a `SegmentBase`'s `Initialization` and `SegmentURL` children; a
    /// list without `SegmentURL`s keeps those of the level above.
    fileprivate mutating func readList(_ node: XMLTree, reader: AttributeReader) throws(PlayerError) {
        if let initialization = node.children.first(where: { $0.name == "Initialization" }) {
            listedInitialization = DASHManifest.ListedSegment(
                url: initialization.attributes["sourceURL"],
                range: try reader.byteRange(initialization, "range"))
        }
        let urls = node.children.filter { $0.name == "SegmentURL" }
        guard !urls.isEmpty else { return }
        guard urls.count <= DASHManifest.segmentLimit else {
            throw .unsupportedFormat(
                "\(reader.location) lists more than \(DASHManifest.segmentLimit) segments for a representation"
            )
        }
        var listed: [DASHManifest.ListedSegment] = []
        listed.reserveCapacity(urls.count)
        for url in urls {
            listed.append(
                DASHManifest.ListedSegment(
                    url: url.attributes["media"], range: try reader.byteRange(url, "mediaRange")))
        }
        list = listed
    }
}

/// Reads typed attributes of a manifest's elements, failing on values that are present but
/// unreadable.
private struct AttributeReader {
    let location: String

    func integer(_ element: XMLTree, _ name: String) throws(PlayerError) -> Int? {
        guard let text = element.attributes[name] else { return nil }
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw .unsupportedFormat("\(location): \(name)=\"\(text.prefix(40))\" is not a whole number")
        }
        return value
    }

    func duration(_ element: XMLTree, _ name: String) throws(PlayerError) -> Double? {
        guard let text = element.attributes[name] else { return nil }
        guard let value = DASHManifest.seconds(ofDuration: text) else {
            throw .unsupportedFormat("\(location): \(name)=\"\(text.prefix(40))\" is not a duration")
        }
        return value
    }

    func date(_ element: XMLTree, _ name: String) throws(PlayerError) -> Double? {
        guard let text = element.attributes[name] else { return nil }
        guard let value = DASHManifest.seconds(ofDate: text) else {
            throw .unsupportedFormat("\(location): \(name)=\"\(text.prefix(40))\" is not a date")
        }
        return value
    }

    /// A byte range written "first-last" (both counted from 0, the last included).
    func byteRange(_ element: XMLTree, _ name: String) throws(PlayerError) -> ClosedRange<Int64>? {
        guard let text = element.attributes[name] else { return nil }
        let bounds = text.trimmingCharacters(in: .whitespaces).split(
            separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first >= 0,
            first <= last, last < 1 << 62
        else {
            throw .unsupportedFormat("\(location): \(name)=\"\(text.prefix(40))\" is not a byte range")
        }
        return first...last
    }
}

extension DASHManifest {
    /// The seconds an `xs:duration` ("PT1H2M3.5S", "P1DT2H") gives; `nil` when it is malformed or
    /// counts years or months, whose length varies.
    static func seconds(ofDuration text: String) -> Double? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        let negative = rest.first == "-"
        if negative { rest = rest.dropFirst() }
        guard rest.first == "P" else { return nil }
        rest = rest.dropFirst()
        var total = 0.0
        var inTime = false
        var number = ""
        var sawValue = false
        for character in rest {
            switch character {
            case "T":
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
            case "0"..."9", ".":
                number.append(character)
            default:
                guard let value = Double(number) else { return nil }
                let unit: Double
                switch (character, inTime) {
                case ("D", false): unit = 86_400
                case ("H", true): unit = 3600
                case ("M", true): unit = 60
                case ("S", true): unit = 1
                default: return nil
                }
                total += value * unit
                number = ""
                sawValue = true
            }
        }
        guard number.isEmpty, sawValue else { return nil }
        return negative ? -total : total
    }

    /// The seconds since 1970 of an `xs:dateTime`; one without a zone is taken as UTC, as DASH
    /// packagers mean it.
    static func seconds(ofDate text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = HLSMediaPlaylist.date(Substring(trimmed)) { return date }
        return HLSMediaPlaylist.date(Substring(trimmed + "Z"))
    }
}
