import Foundation

extension DASHManifest {
    /// A media segment of a representation.
    struct Segment: Equatable, Sendable {
        /// Its number (`$Number$`): the template's `startNumber` for the first segment of the
        /// period, one more for each after it; a list's `startNumber` for the first it lists.
        var number: Int
        /// Its start in the template's `timescale` (`$Time$`).
        var time: Int64
        /// Its start on the presentation's timeline, and its length, in seconds.
        var start: Double
        var duration: Double
        var url: String
        /// The bytes of `url` that hold it (a `SegmentList`'s `mediaRange`); `nil`: all of them.
        var range: ClosedRange<Int64>? = nil
    }

    /// The most segments listed for one representation: the last ones are kept. A day of 2 s
    /// segments is 43,200.
    static let segmentLimit = 50_000

    /// The period playing at `now` (seconds since 1970) in a dynamic manifest: the last that has
    /// begun, else the first; the first of a static one.
    func currentPeriod(at now: Double) -> Period {
        guard isDynamic, let availabilityStart else { return periods[0] }
        let elapsed = now - availabilityStart
        return periods.last { $0.start <= elapsed } ?? periods[0]
    }

    /// The end of `period` on the presentation's timeline, in seconds, when the manifest gives one.
    func end(of period: Period) -> Double? {
        if let duration = period.duration { return period.start + duration }
        // NB: by id and start, not by comparing the whole period, timelines and all, on every
        // playlist written.
        if let index = periods.firstIndex(where: { $0.id == period.id && $0.start == period.start }),
            index + 1 < periods.count
        {
            return periods[index + 1].start
        }
        return duration
    }

    /// Whether a template or a list names every segment of each video and audio representation,
    /// in every period, and says where they end: a timeline, or a duration within a period of known
    /// end (a list of a static manifest ends with its last segment, as does the index of a
    /// `SegmentBase`, once read).
    var everySegmentIsNamed: Bool {
        var media = 0
        for period in periods {
            for set in period.adaptationSets where [.video, .audio].contains(set.content) {
                for representation in set.representations {
                    guard let template = representation.template, template.findsSegments else { return false }
                    let listed = (template.list != nil || template.index != nil) && !isDynamic
                    guard
                        listed || template.timeline != nil
                            || (template.duration != nil && end(of: period) != nil)
                    else { return false }
                    media += 1
                }
            }
        }
        return media > 0
    }

    /// Where `representation`'s initialization segment is: its URL, and the bytes of it that hold
    /// the segment (`nil`: all of them); `nil` when it has none.
    func initialization(of representation: Representation) -> (url: String, range: ClosedRange<Int64>?)? {
        if let listed = representation.template?.listedInitialization {
            return (Self.url(of: listed, in: representation), listed.range)
        }
        guard let pattern = representation.template?.initialization else { return nil }
        let path = Self.expand(pattern, representation: representation, number: nil, time: nil)
        return (HLSPlaylistFetch.resolve(path, against: representation.baseURL), nil)
    }

    /// Gives the representation `id` of the period at `place` the segment index read from its
    /// file (``SegmentTemplate/listing(_:)``).
    mutating func list(_ index: SegmentIndex, ofRepresentation id: String, inPeriodAt place: Int) {
        for set in periods[place].adaptationSets.indices {
            for spot in periods[place].adaptationSets[set].representations.indices {
                let representation = periods[place].adaptationSets[set].representations[spot]
                guard representation.id == id, let template = representation.template else { continue }
                periods[place].adaptationSets[set].representations[spot].template = template.listing(index)
            }
        }
    }

    /// The URL of a segment `representation`'s list names.
    private static func url(of listed: ListedSegment, in representation: Representation) -> String {
        listed.url.map { HLSPlaylistFetch.resolve($0, against: representation.baseURL) }
            ?? representation.baseURL
    }

    /// The segments of `representation` in `period` a player may fetch at `now` (seconds since
    /// 1970), in order.
    ///
    /// A static manifest's are all of the period's. A dynamic manifest's are those its timeline
    /// lists within the time-shift buffer before the last (an open-ended repeat runs to `now`), or
    /// without a timeline those whose end has passed at `now` and that lie within the buffer.
    /// A list's are those it lists, as far as the period lasts (and in a dynamic manifest, those
    /// of them the timeline or the clock says are available). Segments wholly before the period's
    /// start or after its end are left out. Empty for a representation without a template or a
    /// list.
    func segments(of representation: Representation, in period: Period, at now: Double) -> [Segment] {
        guard let template = representation.template, template.namesSegments else { return [] }
        let scale = Double(template.timescale)
        // The presentation's time at `now`, and the period's end, in the template's units.
        let live = isDynamic ? availabilityStart.map { now - $0 } : nil
        let periodEnd = end(of: period)
        func units(_ seconds: Double) -> Int64 {
            Self.clamped((seconds - period.start) * scale + Double(template.presentationTimeOffset))
        }
        let limit = [live, periodEnd].compactMap { $0 }.min().map(units)
        var spans: [(time: Int64, duration: Int64, count: Int, number: Int)] = []
        if let timeline = template.timeline {
            var time: Int64 = 0
            var number = template.startNumber
            for (index, entry) in timeline.enumerated() {
                if let start = entry.time { time = start }
                var count = entry.repeatCount + 1
                if entry.repeatCount == -1 {
                    let next = timeline.dropFirst(index + 1).first?.time
                    guard let end = next ?? limit else { break }
                    let whole = (end - time) / entry.duration
                    // NB: up to the next entry, a last partial segment counts; up to now, it has
                    // not been published yet.
                    count = Int(max(0, next != nil && (end - time) % entry.duration != 0 ? whole + 1 : whole))
                }
                spans.append((time, entry.duration, count, number))
                time += Int64(count) * entry.duration
                number += count
            }
        } else if let duration = template.duration
            ?? Self.onlySegment(of: template, in: period, end: periodEnd ?? live)
        {
            // NB: a list spaced by a duration begins `startNumber - 1` segments into the period
            // (its first is the period's `startNumber`th, counting from 1), as dash.js and Shaka
            // Player read it, so that a live one can drop the segments that left its window.
            let before = template.list == nil ? 0 : max(0, template.startNumber - 1)
            let first = template.presentationTimeOffset
            let end: Int64?
            if let live {
                end = units(min(live, periodEnd ?? .infinity))
            } else {
                end = periodEnd.map { units($0) + duration - 1 }
            }
            let count: Int
            if let end {
                count = Int(max(0, (end - first) / duration))
            } else if let list = template.list, !isDynamic {
                count = before + list.count
            } else {
                return []
            }
            spans.append((first, duration, count, template.startNumber - before))
        }
        // The earliest start kept: within the time-shift buffer before the last segment's end.
        let lastEnd = spans.last.map { $0.time + Int64($0.count) * $0.duration }
        let earliest: Int64? =
            isDynamic
            ? timeShiftBufferDepth.flatMap { depth in lastEnd.map { $0 - Self.clamped(depth * scale) } } : nil
        var segments: [Segment] = []
        for span in spans.reversed() where span.count > 0 {
            // The segments of the span that end after `earliest`, the last `segmentLimit` at most.
            var skip = 0
            if let earliest, earliest > span.time {
                skip = Int(min(Int64(span.count), (earliest - span.time) / span.duration))
            }
            skip = max(skip, span.count - (Self.segmentLimit - segments.count))
            for index in stride(from: span.count - 1, through: skip, by: -1) {
                let time = span.time + Int64(index) * span.duration
                let number = span.number + index
                var segment = Segment(
                    number: number, time: time,
                    start: period.start + Double(time - template.presentationTimeOffset) / scale,
                    duration: Double(span.duration) / scale, url: "")
                // NB: media before the `presentationTimeOffset` or after the period's end is not
                // the period's, as when each period of a programme cut by advertisements points
                // to the whole file (a `SegmentBase`).
                guard segment.start + segment.duration > period.start + 1e-6,
                    segment.start < (periodEnd ?? .infinity) - 1e-6
                else { continue }
                if let list = template.list {
                    // NB: a list names as many segments as it has, whatever the timing says.
                    let place = number - template.startNumber
                    guard list.indices.contains(place) else { continue }
                    segment.url = Self.url(of: list[place], in: representation)
                    segment.range = list[place].range
                } else {
                    let path = Self.expand(
                        template.media ?? "", representation: representation, number: number, time: time)
                    segment.url = HLSPlaylistFetch.resolve(path, against: representation.baseURL)
                }
                segments.append(segment)
            }
            if segments.count >= Self.segmentLimit { break }
        }
        return segments.reversed()
    }

    /// The segments of a representation that runs through the periods of a dynamic manifest, such
    /// as a live presentation cut by an advertisement: per period begun at `now`, the
    /// representation `matching` finds in it, with its segments; together, those within the
    /// time-shift buffer before the last one's end, the last `segmentLimit` at most. A static
    /// manifest's are those of all its periods.
    func segments(at now: Double, matching: (Period) -> Representation?) -> [PeriodSegments] {
        let elapsed = isDynamic ? availabilityStart.map { now - $0 } ?? 0 : 0
        let begun = isDynamic ? periods.filter { $0.start <= elapsed } : periods
        var runs: [PeriodSegments] = begun.compactMap { period in
            guard let representation = matching(period) else { return nil }
            let segments = self.segments(of: representation, in: period, at: now)
            return segments.isEmpty
                ? nil : PeriodSegments(period: period, representation: representation, segments: segments)
        }
        guard let last = runs.last?.segments.last else { return [] }
        // NB: each period's own segments are cut at its own end's buffer; the buffer is the
        // presentation's, before the end of the last.
        let earliest = isDynamic ? timeShiftBufferDepth.map { last.start + last.duration - $0 } : nil
        var room = Self.segmentLimit
        for index in runs.indices.reversed() {
            var kept = runs[index].segments
            if let earliest { kept.removeAll { $0.start + $0.duration <= earliest + 1e-6 } }
            kept = Array(kept.suffix(room))
            room -= kept.count
            runs[index].segments = kept
        }
        return runs.filter { !$0.segments.isEmpty }
    }

    /// A representation's segments in one period.
    struct PeriodSegments: Sendable {
        var period: Period
        var representation: Representation
        var segments: [Segment]
    }

    /// The duration of a list's one segment that spans its period up to `end` (the period's end;
    /// in a live presentation whose period has none, the live edge: the segment grows with it),
    /// in its timescale's units: a list of one segment needs no `duration`.
    private static func onlySegment(of template: SegmentTemplate, in period: Period, end: Double?) -> Int64? {
        guard template.isOneSegment, let end, end > period.start else { return nil }
        return max(1, clamped((end - period.start) * Double(template.timescale)))
    }

    /// `value` rounded down, within ±2^62 so that sums of two do not overflow.
    static func clamped(_ value: Double) -> Int64 {
        guard value.isFinite else { return value > 0 ? 1 << 62 : -(1 << 62) }
        return Int64(min(max(value.rounded(.down), -0x1p62), 0x1p62))
    }

    /// `pattern` with its identifiers replaced (ISO/IEC 23009-1 5.3.9.4.4): `$RepresentationID$`,
    /// `$Number$`, `$Time$` and `$Bandwidth$` (the last three with an optional width such as
    /// `%05d`), and `$$`. An unknown identifier is left as it is.
    static func expand(_ pattern: String, representation: Representation, number: Int?, time: Int64?)
        -> String
    {
        var result = ""
        var rest = Substring(pattern)
        while let open = rest.firstIndex(of: "$") {
            result += rest[..<open]
            let after = rest.index(after: open)
            guard let close = rest[after...].firstIndex(of: "$") else {
                rest = rest[open...]
                break
            }
            let identifier = rest[after..<close]
            rest = rest[rest.index(after: close)...]
            let (name, format) =
                identifier.firstIndex(of: "%").map { (identifier[..<$0], identifier[$0...]) } ?? (
                    identifier, ""
                )
            let value: String?
            switch name {
            case "": value = "$"
            case "RepresentationID": value = format.isEmpty ? representation.id : nil
            case "Number": value = number.map { pad(String($0), format: format) }
            case "Time": value = time.map { pad(String($0), format: format) }
            case "Bandwidth": value = pad(String(representation.bandwidth), format: format)
            default: value = nil
            }
            result += value ?? "$\(identifier)$"
        }
        return result + rest
    }

    /// `digits` padded with zeros to the width of a `%0Nd` format.
    private static func pad(_ digits: String, format: Substring) -> String {
        guard format.hasPrefix("%0"), format.hasSuffix("d"), let width = Int(format.dropFirst(2).dropLast())
        else {
            return digits
        }
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
