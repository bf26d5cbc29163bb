import CFFmpeg
import Foundation

/// What a session knows of the live stream it plays: the window of its playlist, reloaded as
/// libavformat's demuxer reloads its own.
struct LiveState: Sendable {
    var timeline: LiveTimeline
    /// The media playlist followed (the one of the variant playing, for a master playlist).
    var playlistURL: String
    /// The URLs of a master playlist's variant playlists, in its order (by rendition id); empty
    /// for a media playlist.
    var variantURLs: [String]
    /// Whether its segments follow an initialization section (fragmented MP4).
    var fragmented: Bool
    /// When (``MediaPlayer/now``) the playlist was last loaded, and last listed a new segment.
    var loadedAt: Double
    var grewAt: Double
    /// The guard of the container the demuxer reads: a seek aborts it (``PlaybackSession/seek(to:exact:)``).
    var reading: InterruptGuard
}

extension PlaybackSession {
    /// When `source` is a live HLS stream: reads its playlist (the copy the demuxer opened with,
    /// when the player read it as the container opened), lays the position on the playlist's
    /// timeline (the start of the segment the demuxer began with), and starts the thread that
    /// reloads it. Returns the timeline's position where the demuxer began.
    ///
    /// Playback begins there, or at the session's ``beginning``: where the playlist's start point
    /// (`EXT-X-START`) says, else the start of the segment at its hold-back, when that lies a
    /// segment or more before the demuxer's start.
    ///
    /// A playlist that cannot be read leaves the stream playing as it would without a window.
    func followLive(_ source: MediaSource, variant: Int?) -> Double? {
        guard source.isNetwork, source.formatName == "hls", source.duration == nil else { return nil }
        let guardian = InterruptGuard(parent: interrupt)
        guard
            let (url, playlist, variants, startPoint) = try? loadMediaPlaylist(
                source.location, variant: variant, guardian: guardian, readWhileOpening: true),
            playlist.isLive
        else { return nil }
        var timeline = options.liveTimeline ?? LiveTimeline(playlist)
        timeline.update(with: playlist)
        if let variant { splice.lay(on: timeline, followed: variant, at: url) }
        let anchor =
            source.openedSegments.lazy.compactMap { timeline.sequence(ofSegment: $0, base: url) }.first
            ?? max(timeline.firstSequence, timeline.nextSequence - 3)
        let start = timeline.start(ofSequence: anchor) ?? timeline.livePosition
        // NB: the demuxer begins three segments before the edge; a longer hold-back begins earlier,
        // and a start point where it says.
        let held = timeline.start(ofSequence: timeline.sequence(at: timeline.livePosition))
        var beginning = held.flatMap { start - $0 >= timeline.targetDuration ? $0 : nil }
        if let startPoint, options.startsWherePlaylistSays {
            let target = startPoint.beginning(on: timeline)
            beginning = abs(target - start) < 0.001 ? nil : target
        }
        self.beginning.withLock { $0 = beginning.map { ($0, false) } }
        let now = MediaPlayer.now
        live.withLock {
            $0 = LiveState(
                timeline: timeline, playlistURL: url, variantURLs: variants,
                fragmented: playlist.hasInitializationSection, loadedAt: now, grewAt: now,
                reading: source.interrupt)
        }
        let thread = EngineThread(name: "live-playlist") { [self] in reloadLive(guardian: guardian) }
        runtime.withLock { $0.threads.append(thread) }
        return start
    }

    /// The media playlist at `location`, or, for a master playlist, that of variant `variant`
    /// (the first when `nil`), with its URL, the URLs of every variant playlist, and where either
    /// playlist asks playback to begin. With `readWhileOpening`, the copy of a live playlist read
    /// as the container opened, when there is one (``PlaylistStore/lending(_:)``).
    func loadMediaPlaylist(
        _ location: String, variant: Int?, guardian: InterruptGuard, readWhileOpening: Bool = false
    )
        throws(PlayerError) -> (
            url: String, playlist: HLSMediaPlaylist, variants: [String], start: HLSStartPoint?
        )
    {
        switch try playlist(at: location, guardian: guardian, readWhileOpening: readWhileOpening) {
        case .media(let playlist):
            return (location, playlist, [], playlist.start)
        case .master(let master):
            guard !master.variants.isEmpty else { throw .unsupportedFormat("\(location) lists no variant") }
            let urls = master.variantURLs(relativeTo: location)
            let url = urls[min(variant ?? 0, urls.count - 1)]
            guard
                case .media(let playlist) = try playlist(
                    at: url, guardian: guardian, readWhileOpening: readWhileOpening)
            else {
                throw .unsupportedFormat("\(url) is a master playlist where a media playlist was expected")
            }
            return (url, playlist, urls, playlist.start ?? master.start)
        }
    }

    /// The playlist at `url`: read once when it cannot change (``playlistStore``), else every time
    /// but, with `readWhileOpening`, once after the container opened.
    func playlist(at url: String, guardian: InterruptGuard, readWhileOpening: Bool = false)
        throws(PlayerError) -> HLSPlaylist
    {
        try playlistStore.playlist(
            at: url, timeout: options.networkTimeout, interrupt: guardian, counter: fetched,
            readWhileOpening: readWhileOpening)
    }

    /// Has an on-demand HLS item begin where its playlist's start point (`EXT-X-START`) says
    /// (``HLSStartPoint/beginning(on:)``), when the item was loaded with no start position of its
    /// own.
    func beginWherePlaylistSays(_ source: MediaSource, variant: Int?) {
        guard options.startsWherePlaylistSays, source.formatName == "hls", source.duration != nil else {
            return
        }
        let guardian = InterruptGuard(parent: interrupt)
        guard let loaded = try? loadMediaPlaylist(source.location, variant: variant, guardian: guardian),
            let point = loaded.start
        else { return }
        let begin = point.beginning(on: LiveTimeline(loaded.playlist))
        if begin > 0 { beginning.withLock { $0 = (begin, true) } }
    }

    /// Where playback begins when not where the demuxer began, once.
    func takeBeginning() -> (time: Double, exact: Bool)? {
        beginning.withLock { begin in
            defer { begin = nil }
            return begin
        }
    }

    /// Has the live window follow the playlist of `rendition` once it plays (a master playlist's
    /// variants list the same segments; the one left may have gone away).
    func followLivePlaylist(of rendition: Rendition.ID) {
        live.withLock { state in
            guard let urls = state?.variantURLs, urls.indices.contains(rendition) else { return }
            state?.playlistURL = urls[rendition]
        }
    }

    /// The segment at `url` of the live ladder's variant followed (the rendition playing), with its
    /// span on the window's timeline; `nil` when the window does not list it.
    func liveSegment(at url: String) -> RenditionSplice.Segment? {
        live.withLock { state in
            guard let state, let rendition = state.variantURLs.firstIndex(of: state.playlistURL),
                let sequence = state.timeline.sequence(ofSegment: url, base: state.playlistURL),
                let span = state.timeline.span(ofSequence: sequence)
            else { return nil }
            return RenditionSplice.Segment(
                rendition: rendition, start: span.start, end: span.end, fragmented: state.fragmented)
        }
    }

    /// The live thread's body: reloads the playlist every target duration (half of it when nothing
    /// was added, as RFC 8216 asks) until the session closes or the playlist ends.
    private func reloadLive(guardian: InterruptGuard) {
        while !interrupt.isAborted {
            guard let state = live.withLock({ $0 }), !state.timeline.isFinished else { return }
            let grewLast = state.grewAt >= state.loadedAt
            let wait = state.timeline.targetDuration * (grewLast ? 1 : 0.5)
            let due = state.loadedAt + wait
            while !interrupt.isAborted, MediaPlayer.now < due {
                usleep(UInt32(min(0.05, max(0.001, due - MediaPlayer.now)) * 1_000_000))
            }
            guard !interrupt.isAborted else { return }
            let loaded = Result(catching: { () throws(PlayerError) in
                try HLSPlaylistFetch.mediaPlaylist(
                    at: state.playlistURL, timeout: options.networkTimeout, interrupt: guardian,
                    counter: fetched)
            })
            guard let updated = absorb(try? loaded.get()) else { return }
            if updated.loadedAt - updated.grewAt > Self.stuckTargetDurations * updated.timeline.targetDuration
            {
                // The demuxer waits for new segments for ever; failing the reads ends the data where
                // it stops, so what was read plays, then the player fails there.
                if case .failure(let error) = loaded, case .network = error {
                    interrupt.fail(with: error)
                } else if let failure = manifest.withLock({ $0?.bridge?.refreshFailure }) {
                    // NB: a live DASH manifest that fails to load leaves its playlists as they were.
                    interrupt.fail(with: failure)
                } else {
                    interrupt.fail(with: .network(.liveStreamStalled))
                }
                return
            }
        }
    }

    /// Target durations a live playlist may go without a new segment before it counts as stuck.
    static let stuckTargetDurations = 3.5

    /// Opens the live stream anew at the window's segment that holds `target`, in place of `source`:
    /// libavformat's HLS demuxer cannot seek in a playlist that slides. Returns the failure that
    /// kept it from opening, if any (`source` then stays).
    ///
    /// The decoders go on: the new container's streams are the old one's, and its positions are
    /// laid on the same timeline (a live stream's timestamps run on from segment to segment); the
    /// seek drops what comes before the target.
    ///
    /// A ladder's variant playlists are read again, and the other renditions give only a glimpse
    /// of their segments while it opens, as when the item opened
    /// (``RenditionSplice/open(with:among:anew:delivered:live:)``), unless the playlists end too
    /// soon after the target for the probe (``liveProbe(of:from:playing:)``). The rendition
    /// fetched whole is `fetching` (a switch's), by default the one playing; with `delivered`, it
    /// begins with its segment after that time, the rendition playing having delivered what comes
    /// before. The playlists read are the demuxer's as it opens (``PlaylistStore/lending(_:)``).
    func reopenLive(
        _ source: inout MediaSource, at target: Double, info: SessionInfo,
        fetching: RenditionLadder.Entry? = nil, delivered: Double? = nil
    ) -> PlayerError? {
        playlistStore.lending {
            openLiveAnew(&source, at: target, info: info, fetching: fetching, delivered: delivered)
        }
    }

    /// ``reopenLive(_:at:info:fetching:delivered:)``'s work, while the playlists it reads are lent.
    private func openLiveAnew(
        _ source: inout MediaSource, at target: Double, info: SessionInfo, fetching: RenditionLadder.Entry?,
        delivered: Double?
    ) -> PlayerError? {
        guard let url = live.withLock({ $0?.playlistURL }) else { return nil }
        let ladder = info.ladder.flatMap { ladder in
            (fetching?.rendition.id ?? info.rendition).map { (ladder: ladder, playing: $0) }
        }
        let variants = ladder == nil ? nil : splicedLadderPlaylists().flatMap { $0.live ? $0.playlists : nil }
        var glimpsing: Rendition.ID?
        defer { if let glimpsing { splice.play(glimpsing) } }
        do throws(PlayerError) {
            let playlist: HLSMediaPlaylist
            if let known = variants?.lazy.compactMap({ $0 }).first(where: { $0.url == url })?.playlist {
                playlist = known
            } else {
                playlist = try HLSPlaylistFetch.mediaPlaylist(
                    at: url, timeout: options.networkTimeout, interrupt: interrupt, counter: fetched)
            }
            guard let window = absorb(playlist)?.timeline else { return nil }
            let index = max(0, window.sequence(at: target) - playlist.mediaSequence)
            var demuxerOptions = ["live_start_index": "\(index)"]
            let mapped = variants.map { RenditionSplice.segments(of: $0, live: true, on: window) } ?? [:]
            let probe = variants.flatMap { Self.liveProbe(of: $0, from: index, playing: playlist) }
            // NB: a segment given up on is not fetched whole again: its rendition is glimpsed at
            // its next segment, and the probe is short, or it would wait at the edge for more.
            let givenUp = splice.gaveUpAny(of: mapped)
            let read = ladder == nil ? nil : streamsRead(fetching: fetching, after: info)
            var probing: Set<Int>?
            if let (ladder, playing) = ladder, variants != nil, probe != nil || givenUp {
                // NB: a ladder of fragmented MP4 tells the other renditions' streams with their
                // initialization sections: the probe reads only those of the one fetched.
                if live.withLock({ $0?.fragmented }) == true { probing = read }
                splice.containerMoved()
                splice.map(mapped, keepingGivenUp: true)
                splice.open(with: playing, among: ladder.renditions, delivered: delivered, live: true)
                glimpsing = playing
                let options =
                    givenUp
                    ? Self.ladderReopeningOptions : Self.ladderOpeningOptions(longestSegment: probe ?? 0)
                demuxerOptions.merge(options) { $1 }
            }
            let reopened = try openSource(demuxerOptions: demuxerOptions, probing: probing)
            // NB: the timestamps run on, so the new container's first one lies as far from the old
            // one's as their segments do.
            reopened.timelineShift = reopened.containerStartTime - source.startTime
            if let (ladder, playing) = ladder, let read {
                ladder.enable([playing], streams: read, in: reopened)
            }
            live.withLock { $0?.reading = reopened.interrupt }
            source = reopened
            return nil
        } catch {
            return interrupt.isAborted ? nil : error
        }
    }

    /// The longest of the segments the variants of a live ladder begin with when the demuxer
    /// starts each at `index` of its playlist, which the probe of a ladder opened with a glimpse
    /// of its other renditions must read past (``PlaybackSession/ladderOpeningOptions(longestSegment:)``);
    /// `nil` when the `playing` playlist lists less than that probe from there on.
    ///
    /// The probe then reaches the edge, where the demuxer waits for the playlist to list another
    /// segment: renditions fetched whole would have told their streams before, and ended it.
    static func liveProbe(
        of variants: [(url: String, playlist: HLSMediaPlaylist)?], from index: Int, playing: HLSMediaPlaylist
    ) -> Double? {
        let longest = longestBeginningSegment(of: variants, liveStartIndex: index)
        let listed = playing.segments.dropFirst(index).reduce(0) { $0 + $1.duration }
        return listed >= ladderProbeSeconds(longestSegment: longest) ? longest : nil
    }

    /// Lays a playlist just loaded (`nil`: the load failed) on the timeline; returns the state
    /// after, `nil` unless the item is live.
    private func absorb(_ playlist: HLSMediaPlaylist?) -> LiveState? {
        let now = MediaPlayer.now
        return live.withLock { live in
            guard var state = live else { return nil }
            state.loadedAt = now
            if let playlist, state.timeline.update(with: playlist) { state.grewAt = now }
            live = state
            return state
        }
    }

    /// The window of the live stream playing, and whether its playlist still grows; `nil` unless
    /// the item is a live stream.
    var liveWindow:
        (
            range: ClosedRange<Double>, growing: Bool, livePosition: Double, targetDuration: Double,
            reference: LiveTimeline.Reference
        )?
    {
        live.withLock { state in
            state.map { state in
                let timeline = state.timeline
                return (
                    timeline.window, !timeline.isFinished, timeline.livePosition, timeline.targetDuration,
                    timeline.reference
                )
            }
        }
    }
}
