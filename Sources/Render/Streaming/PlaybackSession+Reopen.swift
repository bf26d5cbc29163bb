extension PlaybackSession {
    /// Whether a seek in `source` opens it anew (``reopen(_:cutBefore:info:fetching:delivered:)``) instead
    /// of asking the container: an HLS stream whose segments follow an initialization section
    /// (fragmented MP4), on demand or live. Asked once per item; the answer is kept in `info`.
    ///
    /// libavformat's HLS demuxer hands such segments to an MP4 demuxer that it does not reset
    /// when it seeks: that one goes on from the byte offset where it stood in the segments read
    /// before, and the seek either fails ("Illegal seek") or, once everything was read, ends the
    /// data at once. Nor does it reset it when a variant it stopped reading is read again: a
    /// rendition of a ladder cannot join by being enabled, where its demuxer stopped in the
    /// middle of a segment (a glimpse).
    func seeksByReopening(_ source: MediaSource, info: inout SessionInfo) -> Bool {
        if let known = info.seeksByReopening { return known }
        var answer = false
        if let fragmented = live.withLock({ $0?.fragmented }) {
            answer = fragmented
        } else if source.isNetwork, source.formatName == "hls", source.duration != nil {
            let guardian = InterruptGuard(parent: interrupt)
            let loaded = try? loadMediaPlaylist(source.location, variant: info.rendition, guardian: guardian)
            answer = loaded?.playlist.hasInitializationSection == true
        }
        info.seeksByReopening = answer
        return answer
    }

    /// How a ladder opened anew is probed: for a second, libavformat's shortest, rather than past
    /// the longest segment as when the item opened (``ladderOpeningOptions(longestSegment:)``).
    /// Each rendition's streams come with its initialization section, and no packet flows until
    /// the probe ends, while what the decoders hold runs down: on a link that just slowed down
    /// (a download given up), the longer probe let the sound run dry.
    static let ladderReopeningOptions = ladderOpeningOptions(longestSegment: 0)

    /// Seconds before a seek's target where ``reopen(_:cutBefore:info:fetching:delivered:)`` cuts the
    /// playlists.
    static let reopenSlack = 0.1

    /// Opens the on-demand HLS stream anew in place of `source`, with its media playlists cut
    /// before the segment that holds `cut` (``HLSMediaPlaylist/trimmed(_:before:)``). Returns the
    /// failure that kept it from opening, if any (`source` then stays, with its connections
    /// closed: the data ends there).
    ///
    /// As for a live stream (``reopenLive(_:at:info:)``), the decoders go on: the new container's
    /// streams are the old one's, its timestamps are the media's own, so its positions are laid
    /// on the same timeline. Of a ladder, `target` (by default the rendition playing) comes whole,
    /// with the streams it plays, and the others only as far as the demuxer needs to learn their
    /// streams; with `delivered`, `target` begins with its segment after that time, the rendition
    /// playing having delivered what comes before (``RenditionSplice/open(with:among:anew:delivered:)``).
    func reopen(
        _ source: inout MediaSource, cutBefore cut: Double, info: SessionInfo,
        fetching target: RenditionLadder.Entry? = nil, delivered: Double? = nil
    ) -> PlayerError? {
        let fetched = info.ladder.flatMap { ladder in
            (target ?? info.rendition.flatMap(ladder.entry)).map { (ladder, $0) }
        }
        if let (ladder, entry) = fetched {
            splice.open(with: entry.rendition.id, among: ladder.renditions, anew: true, delivered: delivered)
        }
        defer { if let (_, entry) = fetched { splice.play(entry.rendition.id) } }
        splice.containerMoved()
        source.closeConnections()
        let guardian = InterruptGuard(parent: interrupt)
        let loaded = try? loadMediaPlaylist(source.location, variant: info.rendition, guardian: guardian)
        // NB: the demuxer fails to open when it learns nothing of a variant, as it would of one
        // whose segments fail from the cut on: such a one is glimpsed at its start instead.
        let failed = failover.failed
        let keptWhole = (loaded?.variants ?? []).enumerated().filter { failed.contains($0.offset) }.map(
            \.element)
        // NB: the other renditions' streams come with their initialization sections: the probe
        // reads only those of the one fetched.
        let read = fetched == nil ? nil : streamsRead(fetching: target, after: info)
        do throws(PlayerError) {
            let reopened = try openSource(
                demuxerOptions: fetched == nil ? [:] : Self.ladderReopeningOptions,
                cut: PlaylistCut(time: max(0, cut), keptWhole: Set(keptWhole)), probing: read)
            reopened.timelineShift = reopened.containerStartTime - source.startTime
            reopened.knownDuration = source.duration
            if let (ladder, entry) = fetched, let read {
                ladder.enable([entry.rendition.id], streams: read, in: reopened)
            }
            source = reopened
            return nil
        } catch {
            return interrupt.isAborted ? nil : error
        }
    }

    /// How a move of the container went (``moveContainer(_:from:reopening:info:fetching:delivered:seek:)``).
    enum ContainerMove {
        case moved
        /// The container refused the seek, with this code; it reads on from where it stood.
        case refused(Int32)
        /// The stream could not be opened anew, for this failure.
        case failed(PlayerError)
    }

    /// Moves the container for a switch of rendition or a loop, with the decoders going on: by
    /// `seek`, or, when it is `reopening` (``seeksByReopening(_:info:)``) or live (whose demuxer
    /// refuses seeks), by opening the stream anew from the segment that holds `position`, with
    /// `target` fetched whole.
    func moveContainer(
        _ source: inout MediaSource, from position: Double, reopening: Bool, info: SessionInfo,
        fetching target: RenditionLadder.Entry? = nil, delivered: Double? = nil, seek: (MediaSource) -> Int32
    ) -> ContainerMove {
        if live.withLock({ $0 != nil }) {
            if let failure = reopenLive(
                &source, at: position, info: info, fetching: target, delivered: delivered)
            {
                return .failed(failure)
            }
            return .moved
        }
        if reopening {
            if let failure = reopen(
                &source, cutBefore: position, info: info, fetching: target, delivered: delivered)
            {
                return .failed(failure)
            }
            return .moved
        }
        let code = seek(source)
        return code >= 0 || interrupt.isAborted ? .moved : .refused(code)
    }
}
