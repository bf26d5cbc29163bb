/// The segments of a media playlist laid end to end on one timeline; a live one's reloads are
/// added to it.
///
/// The timeline's 0 is the start of the first segment of the first playlist read; each later
/// segment starts where the one before it ends, so a segment keeps its time after it slid out of the
/// window. The window is what the playlist lists now: from the start of its first segment to the
/// end of its last (the live edge).
struct LiveTimeline: Equatable, Sendable {
    /// The start of every segment seen, by sequence number, from the first one of the window on.
    private var starts: [Int: Double] = [:]
    private(set) var firstSequence: Int
    private(set) var nextSequence: Int
    /// Where the last segment listed ends: the live edge.
    private(set) var edge: Double
    /// `EXT-X-TARGETDURATION` of the latest playlist.
    private(set) var targetDuration: Double
    /// Whether the latest playlist said no segment will be added.
    private(set) var isFinished: Bool
    /// The hold-back the latest playlist asked for (`EXT-X-SERVER-CONTROL`), if any.
    private(set) var holdBack: Double?
    /// The window's segments as their playlists listed them, by sequence number.
    private var listed: [Int: HLSMediaPlaylist.Segment] = [:]
    /// The latest segment whose date the playlist gave, with where it starts.
    private(set) var dates: DateAnchor?

    /// A time of the timeline and its date, in seconds since 1970 (`EXT-X-PROGRAM-DATE-TIME`).
    struct DateAnchor: Equatable, Sendable {
        var position: Double
        var date: Double
    }

    /// Where a live stream's media stands on the item's timeline, for another playlist of the
    /// stream (a subtitle rendition's) to be laid on it: its edge, and a date of it.
    struct Reference: Equatable, Sendable {
        var edge: Double
        var dates: DateAnchor?
    }

    var reference: Reference { Reference(edge: edge, dates: dates) }

    /// What to add to this timeline's times, another playlist of the stream, to lay it on that of
    /// `reference`: by the dates of their segments when both give them (as hls.js aligns them),
    /// else by their edges, which packagers publish together, give or take a segment.
    func offset(onto reference: Reference) -> Double {
        if let own = dates, let media = reference.dates {
            return media.position + (own.date - media.date) - own.position
        }
        return reference.edge - edge
    }

    init(_ playlist: HLSMediaPlaylist) {
        firstSequence = playlist.mediaSequence
        nextSequence = playlist.mediaSequence
        edge = 0
        targetDuration = playlist.targetDuration
        isFinished = playlist.isFinished
        holdBack = playlist.holdBack
        update(with: playlist)
    }

    /// Adds the segments of a reloaded playlist and drops those that left its window; returns
    /// whether it listed segments not seen before.
    ///
    /// Segments that came and went between two loads are counted at the target duration each.
    @discardableResult
    mutating func update(with playlist: HLSMediaPlaylist) -> Bool {
        targetDuration = playlist.targetDuration
        isFinished = playlist.isFinished
        holdBack = playlist.holdBack
        let added = playlist.nextSequence > nextSequence
        if playlist.mediaSequence > nextSequence {
            edge += Double(playlist.mediaSequence - nextSequence) * playlist.targetDuration
            nextSequence = playlist.mediaSequence
            starts[nextSequence] = edge
        }
        for segment in playlist.segments where segment.sequence >= nextSequence {
            starts[segment.sequence] = edge
            listed[segment.sequence] = segment
            if let date = segment.programDate { dates = DateAnchor(position: edge, date: date) }
            edge += segment.duration
            nextSequence = segment.sequence + 1
        }
        if playlist.mediaSequence > firstSequence {
            for sequence in firstSequence..<playlist.mediaSequence {
                starts[sequence] = nil
                listed[sequence] = nil
            }
            firstSequence = playlist.mediaSequence
        }
        return added
    }

    /// What can be played now: from the start of the window's first segment to the live edge.
    var window: ClosedRange<Double> { (starts[firstSequence] ?? edge)...edge }

    /// When the segment of `sequence` starts, while it is in the window.
    func start(ofSequence sequence: Int) -> Double? { starts[sequence] }

    /// The window's segments in order: each one's sequence number, its URI as the playlist lists
    /// it, and its span; each one made as it is asked for, with no array built (the subtitle
    /// renditions look for one on every pump of the player).
    var segments: some Sequence<(sequence: Int, uri: String, start: Double, end: Double)> {
        (firstSequence..<nextSequence).lazy.compactMap { sequence in
            guard let segment = listed[sequence], let span = span(ofSequence: sequence) else { return nil }
            return (sequence, segment.uri, span.start, span.end)
        }
    }

    /// Where the window's segment of `sequence` begins and ends; `nil` when the window does not
    /// list it.
    func span(ofSequence sequence: Int) -> (start: Double, end: Double)? {
        guard (firstSequence..<nextSequence).contains(sequence), listed[sequence] != nil,
            let start = starts[sequence]
        else { return nil }
        return (start, starts[sequence + 1] ?? edge)
    }

    /// The window's segment of `sequence` as its playlist listed it.
    func segment(ofSequence sequence: Int) -> HLSMediaPlaylist.Segment? { listed[sequence] }

    /// The sequence number of the window's segment whose URI, resolved against `base`, is `url`.
    func sequence(ofSegment url: String, base: String) -> Int? {
        // NB: a URI resolves to a URL that ends as it does after its last "/": only those that
        // can match are resolved, not the whole window (asked while a segment downloads).
        listed.first { _, segment in
            let uri = segment.uri
            let name = uri.lastIndex(of: "/").map { uri[uri.index(after: $0)...] } ?? uri[...]
            return url.hasSuffix(name) && HLSPlaylistFetch.resolve(uri, against: base) == url
        }?.key
    }

    /// The sequence number of the window's segment that holds `time`, else the first or last one.
    func sequence(at time: Double) -> Int {
        let listed = (firstSequence..<nextSequence).compactMap { sequence in
            starts[sequence].map { (sequence, $0) }
        }
        return listed.last { $0.1 <= time }?.0 ?? firstSequence
    }

    /// Where playback of a live stream begins, and where "go to live" goes: the playlist's
    /// hold-back before the edge, else three target durations (what RFC 8216 asks for), within
    /// the window.
    var livePosition: Double {
        max(window.lowerBound, edge - (holdBack ?? 3 * targetDuration))
    }
}
