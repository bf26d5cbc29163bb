/// Has an HLS rendition switch fetch each stretch of media once: the rendition joining begins with
/// the first segment the one playing has not fetched, and the one playing fetches nothing the
/// joining one has.
///
/// libavformat's HLS demuxer starts a variant it is told to read at the segment of the last packet
/// it returned, a segment the variant playing has fetched already, and goes on reading the variant
/// playing until that one is no longer wanted, while the first segments of the new one come: both
/// are fetched twice. The network watch asks ``admits(_:)`` before each segment opens; a segment
/// refused is skipped by the demuxer at once, with nothing fetched. Segments are known by their
/// URLs and times, read from the variant playlists (``map(_:)``); a segment not listed there is
/// always let through.
///
/// The times of what each rendition opened count from the last move of the container
/// (``containerMoved()``): a seek starts every variant anew.
final class RenditionSplice: Sendable {
    /// A segment of a variant playlist: its rendition (the variant's position in the master
    /// playlist, libavformat's program id) and its span on the media's timeline.
    struct Segment: Equatable, Sendable {
        var rendition: Rendition.ID
        var start: Double
        var end: Double
        /// Whether it follows an initialization section (fragmented MP4), whose demuxer finds its
        /// samples at positions counted from its start.
        var fragmented = false

        var middle: Double { (start + end) / 2 }
    }

    private struct State {
        var segments: [String: Segment] = [:]
        var playing: Rendition.ID?
        var joining: Rendition.ID?
        /// The latest segment each rendition opened since the container moved.
        var opened: [Rendition.ID: Segment] = [:]
        /// Where the first segment a joining rendition opened begins: the rendition playing
        /// fetches nothing from there on.
        var joinBegan: Double?
        /// While the item opens: the rendition it starts with, whose segments come whole.
        var opening: Rendition.ID?
        /// The renditions whose first segment was let through in part while the item opened.
        var glimpsed: Set<Rendition.ID> = []
        /// The declared bit rates of the renditions, which say how much of a segment is a glimpse.
        var bitRates: [Rendition.ID: Int] = [:]
        /// Whether the item opens anew (``open(with:among:anew:)``): a glimpse is then
        /// ``reopeningGlimpseBytes``.
        var anew = false
        /// The segments whose downloads were given up, by URL.
        var givenUp: Set<String> = []
        /// While the item opens anew for a switch: the media before this time came whole from the
        /// rendition playing, so the opening rendition's segments that hold it are refused.
        var delivered: Double?
        /// Whether a live ladder opens: the segments mapped are forgotten once one plays.
        var live = false
        /// The URLs of the latest segments let through since the container moved, oldest first
        /// (``recentlyAdmitted``).
        var admitted: [String] = []
    }

    /// How much of a segment may be fetched.
    enum Admission: Equatable, Sendable {
        case whole
        /// Its first bytes only (an HTTP range): enough for the demuxer to learn the streams.
        /// `keepsLength` when zeros must follow them up to the segment's length (``PaddedInput``):
        /// a glimpse of a fragmented MP4 segment that other segments of its rendition follow.
        case prefix(Int, keepsLength: Bool = false)
        /// None: the demuxer skips it at once.
        case refused
    }

    /// Bytes of another rendition's first segment fetched while the item opens, for a rendition of
    /// `bitRate` bits per second: a quarter of a second of it, and 32 KiB at least. That holds its
    /// container's header, the start of a keyframe and the first sound, from which the demuxer
    /// learns the picture's size and the sound's format.
    static func glimpseBytes(bitRate: Int?) -> Int { max(32 * 1024, (bitRate ?? 0) / 32) }

    /// Bytes of another rendition's segment fetched while a stream whose segments follow an
    /// initialization section opens anew (a seek, a switch): 32 KiB, whatever its bit rate. Its
    /// streams come with the initialization section; the demuxer needs only to open the segment,
    /// and the sooner that is done, the sooner the rendition fetched whole begins.
    static let reopeningGlimpseBytes = 32 * 1024

    /// Bytes of each segment after the first that another rendition of a live ladder gives while
    /// the item opens (``open(with:among:anew:delivered:live:)``), and of the first too when it is
    /// fragmented MP4: 8 KiB. Of a transport stream, its first packets, which begin its picture's
    /// and its sound's first packets and so end those of the segment before; of a fragmented MP4
    /// segment, its `moof`, which gives the times of its samples, whose streams the initialization
    /// section told.
    static let liveGlimpseBytes = 8 * 1024

    /// Bytes of another rendition's first segment fetched while the item opens: ``liveGlimpseBytes``
    /// of a `liveFragment` (a fragmented MP4 segment of a live ladder, which keeps its length),
    /// ``reopeningGlimpseBytes`` when a stream whose segments follow an initialization section
    /// opens `anew`, else ``glimpseBytes(bitRate:)``.
    static func firstGlimpseBytes(bitRate: Int?, anew: Bool, liveFragment: Bool) -> Int {
        if liveFragment { return liveGlimpseBytes }
        return anew ? reopeningGlimpseBytes : glimpseBytes(bitRate: bitRate)
    }

    private let state = Locked(State())

    /// Makes the segments of `segments` (by URL) known. With `keepingGivenUp` (a live ladder's
    /// playlists mapped anew), the segments whose downloads were given up stay so when `segments`
    /// lists them; otherwise (a new item) none is.
    func map(_ segments: [String: Segment], keepingGivenUp: Bool = false) {
        state.withLock {
            $0.segments = segments
            if keepingGivenUp { $0.givenUp.formIntersection(segments.keys) } else { $0.givenUp = [] }
        }
    }

    /// Lays the live segments mapped while the item opened on `window`, the timeline of the live
    /// playlist at `url` that the player follows for `rendition`, on which the player's times lie:
    /// the playlists mapped were read before it, and may list a window that began elsewhere. They
    /// move by as much as a segment of `rendition` that both list; nothing moves without one.
    func lay(on window: LiveTimeline, followed rendition: Rendition.ID, at url: String) {
        state.withLock { state in
            guard state.live,
                let shift = state.segments.lazy.compactMap({ listed, segment -> Double? in
                    guard segment.rendition == rendition,
                        let sequence = window.sequence(ofSegment: listed, base: url),
                        let start = window.start(ofSequence: sequence)
                    else { return nil }
                    return start - segment.start
                }).first, shift != 0
            else { return }
            let moved = { (segment: Segment) in
                Segment(
                    rendition: segment.rendition, start: segment.start + shift, end: segment.end + shift,
                    fragmented: segment.fragmented)
            }
            state.segments = state.segments.mapValues(moved)
            state.opened = state.opened.mapValues(moved)
        }
    }

    /// Whether the download of a segment of `segments` was given up.
    func gaveUpAny(of segments: [String: Segment]) -> Bool {
        state.withLock { !$0.givenUp.isDisjoint(with: segments.keys) }
    }

    /// The download of the segment at `url` was given up, for being slow: a glimpse is taken of
    /// its rendition's next segment instead, when there is one, rather than of it again.
    func gaveUp(_ url: String) { state.withLock { _ = $0.givenUp.insert(url) } }

    /// Says which rendition the item starts with, while it opens: the segments of the others are
    /// fetched only as far as the demuxer needs to learn their streams (a
    /// ``firstGlimpseBytes(bitRate:anew:liveFragment:)`` of the first one each, by the bit rates
    /// `renditions` declare), instead of whole.
    ///
    /// libavformat's HLS demuxer reads the first segment of every variant while it opens, to learn
    /// the streams of each: a ladder's other renditions would cost their first segments whole.
    /// ``play(_:)`` ends this. `anew` when a stream whose segments follow an initialization
    /// section opens again: the glimpses are ``reopeningGlimpseBytes``. `delivered` when the
    /// rendition playing delivered the media before that time whole: `rendition` begins with the
    /// segment after it, as a rendition joining does.
    ///
    /// `live` when the ladder is live: the segments mapped are its playlists' of the moment, which
    /// ``play(_:)`` forgets. Its demuxer begins each variant a few segments before the edge, and a
    /// variant whose later segments were refused would reach the edge while the probe still
    /// reads, and hold it up there until its playlist lists another segment (a target duration):
    /// the later segments give their first ``liveGlimpseBytes`` instead, whose packets
    /// carry the variant past the end of the probe.
    func open(
        with rendition: Rendition.ID, among renditions: [Rendition], anew: Bool = false,
        delivered: Double? = nil, live: Bool = false
    ) {
        state.withLock {
            $0.opening = rendition
            $0.anew = anew
            $0.live = live
            $0.delivered = delivered
            $0.glimpsed = []
            $0.bitRates = renditions.reduce(into: [:]) { $0[$1.id] = $1.bitRate }
        }
    }

    /// The glimpse of the segment at `url` could not be fetched (a 404, a refused connection): the
    /// rendition's next segment is glimpsed at instead, since the demuxer fails to open the item
    /// when it learns nothing of a variant.
    func glimpseFailed(_ url: String) {
        state.withLock { state in
            guard let rendition = state.segments[url]?.rendition else { return }
            state.glimpsed.remove(rendition)
        }
    }

    /// Says which rendition plays, once it began or joined.
    func play(_ rendition: Rendition.ID?) {
        state.withLock {
            if $0.live { $0.segments = [:] }
            $0.live = false
            $0.opening = nil
            $0.delivered = nil
            $0.playing = rendition
            $0.joining = nil
            $0.joinBegan = nil
        }
    }

    /// Says which rendition is to join (`nil` when the switch is called off, or when it must fetch
    /// from the position on, as a failover does).
    func setJoining(_ rendition: Rendition.ID?) {
        state.withLock {
            $0.joining = rendition
            if rendition == nil { $0.joinBegan = nil }
        }
    }

    /// The latest segment `rendition` opened since the container moved, if any.
    func latestOpened(by rendition: Rendition.ID) -> Segment? { state.withLock { $0.opened[rendition] } }

    /// The segment at `url`, when a variant playlist lists it.
    func segment(at url: String) -> Segment? { state.withLock { $0.segments[url] } }

    /// Whether `rendition` plays and no other is joining (unless `joining` says so) or opening:
    /// the segments fetched are its own.
    func fetchesOnly(_ rendition: Rendition.ID, joining: Bool = false) -> Bool {
        state.withLock { $0.playing == rendition && (joining || $0.joining == nil) && $0.opening == nil }
    }

    /// Whether the rendition joining has fetched a segment: the one playing then fetches nothing
    /// more, so the switch can no longer be called off.
    var joinHasBegun: Bool { state.withLock { $0.joinBegan != nil } }

    /// The container moved (a seek, a loop, a cut of the read-ahead): what was opened before no
    /// longer says what the demuxer will read.
    func containerMoved() {
        state.withLock {
            $0.opened = [:]
            $0.joinBegan = nil
            $0.admitted = []
        }
    }

    /// The URLs of the latest segments let through (whole or in part) since the container moved,
    /// oldest first, of every rendition, mapped or not: those of a live ladder's renditions, whose
    /// segments are forgotten once one plays (``play(_:)``), are looked up in the window followed.
    var recentlyAdmitted: [String] { state.withLock { $0.admitted } }

    /// How many URLs ``recentlyAdmitted`` keeps: a picture's segment and a sound's, with room
    /// for glimpses.
    static let admittedKept = 6

    /// How much of the segment at `url` may be fetched; records it as opened unless refused.
    func admission(of url: String) -> Admission {
        state.withLock { state in
            let admission = Self.admission(of: url, in: &state)
            if admission != .refused {
                state.admitted.append(url)
                if state.admitted.count > Self.admittedKept { state.admitted.removeFirst() }
            }
            return admission
        }
    }

    /// ``admission(of:)``'s answer for `url`, from the state it holds locked.
    private static func admission(of url: String, in state: inout State) -> Admission {
        guard
            let segment = state.segments[url]
                ?? (state.live ? Self.unlisted(url, in: state.segments) : nil)
        else { return .whole }
        let rendition = segment.rendition
        if rendition == state.opening, let delivered = state.delivered, segment.middle < delivered {
            return .refused
        }
        if let opening = state.opening, rendition != opening {
            // NB: a live playlist lists another segment soon; on demand, the last one is the
            // only one left to glimpse.
            if state.givenUp.contains(url),
                state.live
                    || state.segments.values.contains(where: {
                        $0.rendition == rendition && $0.start >= segment.middle
                    })
            {
                return .refused
            }
            // NB: only a live ladder's glimpses are followed by others of their rendition.
            let keepsLength = state.live && segment.fragmented
            guard state.glimpsed.insert(rendition).inserted else {
                return state.live
                    ? .prefix(Self.liveGlimpseBytes, keepsLength: keepsLength) : .refused
            }
            return .prefix(
                Self.firstGlimpseBytes(
                    bitRate: state.bitRates[rendition], anew: state.anew, liveFragment: keepsLength),
                keepsLength: keepsLength)
        }
        if let joining = state.joining {
            // NB: by their middles, so that durations rounded differently in two playlists
            // still pair the segments that hold the same media.
            if rendition == joining, let playing = state.playing, let end = state.opened[playing]?.end,
                segment.middle < end
            {
                return .refused
            }
            if rendition == state.playing, let began = state.joinBegan, segment.middle >= began {
                return .refused
            }
            if rendition == joining {
                state.joinBegan = min(state.joinBegan ?? segment.start, segment.start)
            }
        }
        state.opened[rendition] = segment
        return .whole
    }

    /// A segment at `url` that the live playlists mapped as `segments` did not list yet, added to
    /// one of them since: of the rendition whose listed segments lie in the same folder, when only
    /// one's do, after them all. `nil` otherwise: the URL does not tell its rendition.
    static func unlisted(_ url: String, in segments: [String: Segment]) -> Segment? {
        let folder = { (url: String) in url.lastIndex(of: "/").map { url[..<$0] } }
        guard let own = folder(url) else { return nil }
        var found: Segment?
        for (listed, segment) in segments where folder(listed) == own {
            guard found == nil || found?.rendition == segment.rendition else { return nil }
            if segment.end >= found?.end ?? -.infinity { found = segment }
        }
        return found.map {
            Segment(rendition: $0.rendition, start: $0.end, end: $0.end, fragmented: $0.fragmented)
        }
    }

    /// The segments of a ladder's variant playlists, by URL, each on the timeline of its playlist,
    /// or laid on `window`; `playlists` holds each variant's URL and playlist in the master
    /// playlist's order, `nil` for one that could not be read. A playlist that lists a URL twice
    /// (byte ranges of one file) is left out, and so is a live one unless `live` (the live playlists
    /// of the moment, for a ladder while it opens).
    ///
    /// `window` is the timeline of the live playlist followed, on which the player's times lie: a
    /// live ladder's playlists read as it opens anew list a window that slid since that timeline
    /// began. A playlist's segments keep their times there by their sequence numbers (a ladder's
    /// renditions number their segments alike), else by its edge (``LiveTimeline/offset(onto:)``).
    static func segments(
        of playlists: [(url: String, playlist: HLSMediaPlaylist)?], live: Bool = false,
        on window: LiveTimeline? = nil
    ) -> [String: Segment] {
        var segments: [String: Segment] = [:]
        for (rendition, variant) in playlists.enumerated() {
            guard let (url, playlist) = variant, live || playlist.isFinished else { continue }
            let timeline = LiveTimeline(playlist)
            let shift =
                window.map {
                    $0.start(ofSequence: playlist.mediaSequence) ?? timeline.offset(onto: $0.reference)
                }
                ?? 0
            var own: [String: Segment] = [:]
            for listed in timeline.segments {
                own[HLSPlaylistFetch.resolve(listed.uri, against: url)] = Segment(
                    rendition: rendition, start: listed.start + shift, end: listed.end + shift,
                    fragmented: playlist.hasInitializationSection)
            }
            guard own.count == playlist.segments.count else { continue }
            segments.merge(own) { first, _ in first }
        }
        return segments
    }
}
