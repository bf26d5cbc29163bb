import Foundation

/// The parts of an HLS playlist (RFC 8216) the player reads itself, next to libavformat's demuxer:
/// a master playlist's variants and renditions, and a media playlist's segments, so that a live
/// stream's window (what can be seeked to) and its edge are known, and a switch of variant fetches
/// each segment once.
enum HLSPlaylist: Equatable, Sendable {
    /// A master playlist.
    case master(HLSMasterPlaylist)
    /// A media playlist.
    case media(HLSMediaPlaylist)

    /// The longest playlist read: a live playlist of a day of 2 s segments is about 3 MB.
    static let byteLimit = 8 * 1024 * 1024

    /// Parses `text`; a playlist without the `#EXTM3U` header, or a media playlist whose tags are
    /// malformed, fails with `.unsupportedFormat`.
    init(parsing text: String, location: String) throws(PlayerError) {
        let lines = text.split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard lines.first?.hasPrefix("#EXTM3U") == true else {
            throw .unsupportedFormat("\(location) is not an HLS playlist (no #EXTM3U header)")
        }
        if lines.contains(where: { $0.hasPrefix("#EXT-X-STREAM-INF:") }) {
            self = .master(HLSMasterPlaylist(lines: lines.dropFirst()))
            return
        }
        self = .media(try HLSMediaPlaylist(lines: lines.dropFirst(), location: location))
    }
}

/// A master playlist: its variant streams and the renditions they group.
///
/// Attributes whose values cannot be read (a resolution that is not `WxH`, a bandwidth that is not
/// a number) are left out, as libavformat's demuxer leaves them; the variants still play.
struct HLSMasterPlaylist: Equatable, Sendable {
    /// A variant stream: `EXT-X-STREAM-INF` and the URI of its media playlist on the next line.
    struct Variant: Equatable, Sendable {
        var uri: String
        /// `BANDWIDTH`: bits per second at the peak.
        var bandwidth: Int?
        /// `RESOLUTION`.
        var width: Int?
        var height: Int?
        /// `CODECS`, as RFC 6381 names them ("avc1.64001f", "mp4a.40.2").
        var codecs: [String]
        /// The `GROUP-ID`s of the renditions it plays with (`AUDIO`, `SUBTITLES`).
        var audioGroup: String?
        var subtitlesGroup: String?
    }

    /// A rendition (`EXT-X-MEDIA`): an alternative sound, picture or subtitles of a group.
    struct Rendition: Equatable, Sendable {
        enum Kind: String, Sendable {
            case audio = "AUDIO"
            case video = "VIDEO"
            case subtitles = "SUBTITLES"
            case closedCaptions = "CLOSED-CAPTIONS"
        }

        var kind: Kind
        var groupID: String
        var name: String
        /// RFC 5646 (BCP 47), such as "en" or "pt-BR".
        var language: String?
        /// Its media playlist; `nil` when it is carried in the variant's own segments.
        var uri: String?
        var isDefault: Bool
        var isForced: Bool
        /// `CODECS` of the rendition itself, which RFC 8216 leaves to the variants: only the
        /// playlists the player writes for a DASH manifest (``DASHBridge``) give it, so that each
        /// text rendition says which format its text comes in.
        var codecs: [String] = []
    }

    /// In the playlist's order, which is that of libavformat's programs.
    var variants: [Variant]
    var renditions: [Rendition]
    /// Where playback should begin, for every variant (`EXT-X-START`).
    var start: HLSStartPoint?

    /// The URLs of the variants' media playlists, in order, for the master playlist read from
    /// `location`.
    func variantURLs(relativeTo location: String) -> [String] {
        variants.map { HLSPlaylistFetch.resolve($0.uri, against: location) }
    }

    /// The codecs a `CODECS` attribute lists ("avc1.64001f,mp4a.40.2").
    private static func codecs(_ attribute: String?) -> [String] {
        attribute?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } ?? []
    }

    fileprivate init(lines: ArraySlice<String>) {
        variants = []
        renditions = []
        var pending: [String: String]?
        for line in lines where !line.isEmpty {
            if let value = HLSMediaPlaylist.value(of: "#EXT-X-START:", in: line) {
                start = HLSStartPoint(value)
            } else if let value = HLSMediaPlaylist.value(of: "#EXT-X-STREAM-INF:", in: line) {
                pending = HLSMediaPlaylist.attributes(value)
            } else if let value = HLSMediaPlaylist.value(of: "#EXT-X-MEDIA:", in: line) {
                let attributes = HLSMediaPlaylist.attributes(value)
                guard let kind = attributes["TYPE"].flatMap(Rendition.Kind.init(rawValue:)),
                    let group = attributes["GROUP-ID"], let name = attributes["NAME"]
                else { continue }
                renditions.append(
                    Rendition(
                        kind: kind, groupID: group, name: name, language: attributes["LANGUAGE"],
                        uri: attributes["URI"], isDefault: attributes["DEFAULT"] == "YES",
                        isForced: attributes["FORCED"] == "YES", codecs: Self.codecs(attributes["CODECS"])))
            } else if !line.hasPrefix("#"), let attributes = pending {
                let size = attributes["RESOLUTION"]?.split(separator: "x").compactMap { Int($0) }
                let sized = size?.count == 2 && size?.allSatisfy { $0 > 0 } == true
                variants.append(
                    Variant(
                        uri: line, bandwidth: attributes["BANDWIDTH"].flatMap { Int($0) },
                        width: sized ? size?[0] : nil, height: sized ? size?[1] : nil,
                        codecs: Self.codecs(attributes["CODECS"]),
                        audioGroup: attributes["AUDIO"], subtitlesGroup: attributes["SUBTITLES"]))
                pending = nil
            }
        }
    }
}

/// A media playlist: its segments and whether more will come.
struct HLSMediaPlaylist: Equatable, Sendable {
    struct Segment: Equatable, Sendable {
        /// As written in the playlist (often relative to it).
        var uri: String
        /// Seconds (`EXTINF`).
        var duration: Double
        /// The segment's media sequence number.
        var sequence: Int
        /// The date and time of its first sample, in seconds since 1970, when the playlist gives it
        /// (`EXT-X-PROGRAM-DATE-TIME`).
        var programDate: Double?
        /// The bytes of its URI it is (`EXT-X-BYTERANGE`), when not all of them.
        var byteRange: ClosedRange<Int64>? = nil
        /// The initialization section it follows (`EXT-X-MAP`), if any.
        var initialization: Initialization? = nil
    }

    /// An initialization section (`EXT-X-MAP`): the bytes `byteRange` of `uri` (`nil`: all).
    struct Initialization: Hashable, Sendable {
        /// As written in the playlist (often relative to it).
        var uri: String
        var byteRange: ClosedRange<Int64>?
    }

    /// `EXT-X-TARGETDURATION`: no segment is longer; a live playlist is reloaded about this often.
    var targetDuration: Double
    /// The sequence number of the first segment listed (`EXT-X-MEDIA-SEQUENCE`, 0 when absent).
    var mediaSequence: Int
    var segments: [Segment]
    /// `EXT-X-ENDLIST`: no segment will be added.
    var isFinished: Bool
    /// `EXT-X-PLAYLIST-TYPE:EVENT`: segments are only added, never removed.
    var isEvent: Bool

    /// Seconds before the live edge that playback should keep (`HOLD-BACK` of
    /// `EXT-X-SERVER-CONTROL`), when the playlist says.
    var holdBack: Double?

    /// Where playback should begin (`EXT-X-START`), when the playlist says.
    var start: HLSStartPoint?

    /// Whether its segments follow an initialization section (`EXT-X-MAP`): fragmented MP4
    /// segments, most often.
    var hasInitializationSection = false

    /// Whether segments are still to come: no `EXT-X-ENDLIST`, and not a video-on-demand playlist.
    var isLive: Bool { !isFinished }

    /// The number after the last segment's.
    var nextSequence: Int { mediaSequence + segments.count }

    fileprivate init(lines: ArraySlice<String>, location: String) throws(PlayerError) {
        var target: Double?
        var sequence = 0
        var segments: [Segment] = []
        var pending: Double?
        var pendingDate: Double?
        var finished = false
        var event = false
        var vod = false
        var holdBack: Double?
        var start: HLSStartPoint?
        var range: (length: Int64, offset: Int64?)?
        // Where the last byte range ended: a range without an offset follows it.
        var rangeEnd: Int64?
        var initialization: Initialization?
        func malformed(_ line: String) -> PlayerError {
            .unsupportedFormat("malformed HLS playlist \(location): \(line.prefix(80))")
        }
        for line in lines where !line.isEmpty {
            if let value = Self.value(of: "#EXT-X-TARGETDURATION:", in: line) {
                guard let seconds = Double(value), seconds > 0 else { throw malformed(line) }
                target = seconds
            } else if let value = Self.value(of: "#EXT-X-MEDIA-SEQUENCE:", in: line) {
                guard let number = Int(value), number >= 0, segments.isEmpty else { throw malformed(line) }
                sequence = number
            } else if let value = Self.value(of: "#EXTINF:", in: line) {
                let seconds = value.split(separator: ",", maxSplits: 1).first.flatMap { Double($0) }
                guard let seconds, seconds >= 0, seconds.isFinite else { throw malformed(line) }
                pending = seconds
            } else if let value = Self.value(of: "#EXT-X-PLAYLIST-TYPE:", in: line) {
                event = value == "EVENT"
                vod = value == "VOD"
            } else if let value = Self.value(of: "#EXT-X-SERVER-CONTROL:", in: line) {
                if let text = Self.attributes(value)["HOLD-BACK"] {
                    guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                        throw malformed(line)
                    }
                    holdBack = seconds
                }
            } else if let value = Self.value(of: "#EXT-X-START:", in: line) {
                start = HLSStartPoint(value)
            } else if let value = Self.value(of: "#EXT-X-PROGRAM-DATE-TIME:", in: line) {
                // NB: a date that cannot be read is left out, as libavformat leaves it.
                pendingDate = Self.date(value)
            } else if let value = Self.value(of: "#EXT-X-MAP:", in: line) {
                hasInitializationSection = true
                let attributes = Self.attributes(value[...])
                guard let uri = attributes["URI"] else { throw malformed(line) }
                var bytes: ClosedRange<Int64>?
                if let text = attributes["BYTERANGE"] {
                    guard let (length, offset) = Self.byteRange(text[...]) else { throw malformed(line) }
                    // NB: RFC 8216 asks a map's range for its offset; 0 when it is left out.
                    bytes = (offset ?? 0)...((offset ?? 0) + length - 1)
                }
                initialization = Initialization(uri: uri, byteRange: bytes)
            } else if let value = Self.value(of: "#EXT-X-BYTERANGE:", in: line) {
                guard let parsed = Self.byteRange(value) else { throw malformed(line) }
                range = parsed
            } else if line == "#EXT-X-ENDLIST" {
                finished = true
            } else if !line.hasPrefix("#") {
                guard let duration = pending else { throw malformed(line) }
                var bytes: ClosedRange<Int64>?
                if let (length, offset) = range {
                    // No offset written: the range goes on from where the last one ended (RFC 8216
                    // asks for one of the same URI; libavformat takes the last one, else 0).
                    let start = offset ?? rangeEnd ?? 0
                    guard start <= Int64.max - length else { throw malformed(line) }
                    bytes = start...(start + length - 1)
                }
                segments.append(
                    Segment(
                        uri: line, duration: duration, sequence: sequence + segments.count,
                        programDate: pendingDate, byteRange: bytes, initialization: initialization))
                rangeEnd = bytes.map { $0.upperBound + 1 }
                pending = nil
                pendingDate = nil
                range = nil
            }
        }
        guard let target else {
            throw .unsupportedFormat("HLS playlist \(location) has no #EXT-X-TARGETDURATION")
        }
        targetDuration = target
        mediaSequence = sequence
        self.segments = segments
        isFinished = finished || vod
        isEvent = event
        self.holdBack = holdBack
        self.start = start
    }

    /// The attributes of a tag's attribute list (`NAME=value,NAME="quoted, value"`), by name, with
    /// quoted values unquoted.
    static func attributes(_ list: Substring) -> [String: String] {
        var attributes: [String: String] = [:]
        var rest = list[...]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingCharacters(in: .whitespaces)
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let close = body.firstIndex(of: "\"") ?? body.endIndex
                value = body[..<close]
                rest = close < body.endIndex ? body[body.index(after: close)...] : body[body.endIndex...]
                rest = rest.drop { $0 != "," }
            } else {
                let comma = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<comma]
                rest = rest[comma...]
            }
            rest = rest.dropFirst()
            attributes[name] = String(value)
        }
        return attributes
    }

    /// An ISO 8601 date and time with its offset from UTC, as `EXT-X-PROGRAM-DATE-TIME` gives it
    /// ("2026-11-26T12:00:00.250Z", "2026-11-26T13:00:00+01:00"), in seconds since 1970.
    static func date(_ text: Substring) -> Double? {
        let characters = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= characters.count else { return nil }
            return Int(String(decoding: characters[range], as: UTF8.self))
        }
        guard characters.count >= 19, characters[4] == UInt8(ascii: "-"), characters[7] == UInt8(ascii: "-"),
            characters[10] == UInt8(ascii: "T"), characters[13] == UInt8(ascii: ":"),
            characters[16] == UInt8(ascii: ":"), let year = number(0..<4), let month = number(5..<7),
            let day = number(8..<10), let hour = number(11..<13), let minute = number(14..<16),
            let second = number(17..<19), (1...12).contains(month), (1...31).contains(day), hour < 24,
            minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < characters.count, characters[index] == UInt8(ascii: ".") {
            let digits = characters[(index + 1)...].prefix { (48...57).contains($0) }
            guard !digits.isEmpty, let value = Double("0." + String(decoding: digits, as: UTF8.self)) else {
                return nil
            }
            fraction = value
            index += 1 + digits.count
        }
        var offset = 0
        switch characters.count > index ? characters[index] : nil {
        case UInt8(ascii: "Z")?, UInt8(ascii: "z")?:
            guard index + 1 == characters.count else { return nil }
        case let sign? where sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"):
            let zone = String(decoding: characters[(index + 1)...], as: UTF8.self).replacingOccurrences(
                of: ":", with: "")
            guard zone.count == 4, let hours = Int(zone.prefix(2)), let minutes = Int(zone.suffix(2)) else {
                return nil
            }
            offset = (hours * 60 + minutes) * 60 * (sign == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        // Days from 1970-01-01 to the date, in the proleptic Gregorian calendar.
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    static func value(of tag: String, in line: String) -> Substring? {
        line.hasPrefix(tag) ? line.dropFirst(tag.count) : nil
    }

    /// A byte range as `EXT-X-BYTERANGE` and the `BYTERANGE` of `EXT-X-MAP` write it,
    /// `<length>[@<offset>]`: a length of at least one byte, and the offset when given.
    static func byteRange(_ text: Substring) -> (length: Int64, offset: Int64?)? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        guard let length = Int64(parts[0]), length > 0 else { return nil }
        guard parts.count == 2 else { return (length, nil) }
        guard let offset = Int64(parts[1]), offset >= 0, offset <= Int64.max - length else { return nil }
        return (length, offset)
    }
}

/// Where a playlist asks playback to begin (`EXT-X-START`).
///
/// A tag whose `TIME-OFFSET` is missing or not a number is ignored, as libavformat's demuxer
/// ignores it.
struct HLSStartPoint: Equatable, Sendable {
    /// Seconds from the start of the playlist, or before its end when negative.
    var offset: Double
    /// `PRECISE=YES`: begin at the offset itself, not at the start of the segment holding it.
    var isPrecise: Bool

    init(offset: Double, isPrecise: Bool = false) {
        self.offset = offset
        self.isPrecise = isPrecise
    }

    init?(_ value: Substring) {
        let attributes = HLSMediaPlaylist.attributes(value)
        guard let offset = attributes["TIME-OFFSET"].flatMap(Double.init), offset.isFinite else { return nil }
        self.init(offset: offset, isPrecise: attributes["PRECISE"] == "YES")
    }

    /// Where playback begins for it on `timeline`, the playlist's segments laid end to end: the
    /// start of the segment holding the time it names, or that time itself when precise; the end of
    /// a finished playlist begins its last segment.
    func beginning(on timeline: LiveTimeline) -> Double {
        let time = time(in: timeline.window)
        if isPrecise, !timeline.isFinished || time < timeline.window.upperBound { return time }
        return timeline.start(ofSequence: timeline.sequence(at: time)) ?? time
    }

    /// The time it names on a timeline that spans `range`: from its start, or before its end for a
    /// negative offset, within the range.
    func time(in range: ClosedRange<Double>) -> Double {
        min(
            max(offset < 0 ? range.upperBound + offset : range.lowerBound + offset, range.lowerBound),
            range.upperBound)
    }
}
